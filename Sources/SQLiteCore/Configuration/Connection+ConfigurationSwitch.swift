extension Connection {
    /// Whether a connection switch is on (`sqlite3_db_config`).
    ///
    /// ```swift
    /// if try !db.isEnabled(.defensive) { try db.setEnabled(.defensive, true) }
    /// ```
    ///
    /// - Throws: ``Result`` (`SQLITE_ERROR`) for a switch the SQLite library does not know (one
    ///   newer than it), or once the connection is closed.
    public func isEnabled(_ option: ConfigurationSwitch) throws -> Bool {
        try configure(option, value: -1)
    }

    /// Turns a connection switch on or off (`sqlite3_db_config`) and returns its state
    /// afterwards.
    ///
    /// ```swift
    /// try db.setEnabled(.foreignKeys, true)
    /// try db.setEnabled(.views, false)   // querying a view now fails
    /// ```
    ///
    /// - Returns: whether the switch is on after the call (SQLite may refuse a change, e.g.
    ///   `.foreignKeys` inside a transaction).
    /// - Throws: ``Result`` (`SQLITE_ERROR`) for a switch the SQLite library does not know (one
    ///   newer than it), or once the connection is closed.
    @discardableResult
    public func setEnabled(_ option: ConfigurationSwitch, _ enabled: Bool) throws -> Bool {
        try configure(option, value: enabled ? 1 : 0)
    }

    /// Calls the db_config shim: `value` 1 on, 0 off, -1 read only.
    private func configure(_ option: ConfigurationSwitch, value: Int32) throws -> Bool {
        try withOpenLock { () throws(Result) -> Bool in
            var current: Int32 = 0
            let code = swift_sqlite_db_config_switch(handle, option.rawValue, value, &current)
            guard code == SQLITE_OK else {
                throw Result.misuse(
                    "\(SQLiteVersion.current) has no connection switch \(option) (sqlite3_db_config option \(option.rawValue))",
                    code: code)
            }
            return current != 0
        }
    }
}

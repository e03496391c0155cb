extension Cursor {
    /// Column `index` of the current row as an ``SQLValue``, by its storage class.
    ///
    /// ```swift
    /// let statement = try db.prepare("SELECT id, email FROM users")
    /// while try statement.step() {
    ///     let id = statement.row.sqlValue(at: 0)   // .integer(1)
    /// }
    /// ```
    public func sqlValue(at index: Int) -> SQLValue {
        statement.connection.lock.withLock { SQLValue.read(from: handle, at: Int32(truncatingIfNeeded: index)) }
    }

    /// All the columns of the current row as ``SQLValue``s, read under one taking of the
    /// connection's lock: `statement.row.sqlValues` is `[.integer(1), .text("alice@mac.com")]`.
    public var sqlValues: [SQLValue] {
        statement.connection.lock.withLock { lockedSQLValues() }
    }

    /// ``sqlValues`` with the connection's lock held by the caller.
    func lockedSQLValues() -> [SQLValue] {
        (0..<columnCount).map { SQLValue.read(from: handle, at: Int32(truncatingIfNeeded: $0)) }
    }
}

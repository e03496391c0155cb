extension Connection {
    /// Reads one of the connection's status counters (`sqlite3_db_status`).
    ///
    /// ```swift
    /// let before = try db.status(.cacheMiss).current
    /// try db.execute("SELECT count(*) FROM big")
    /// let misses = try db.status(.cacheMiss).current - before   // pages read from the file
    /// ```
    ///
    /// - Parameters:
    ///   - counter: the counter.
    ///   - reset: whether to reset it after reading: the high-water mark to the current value,
    ///     or, for the counters that only count up (``ConnectionStatus/cacheHit`` and the
    ///     like), the counter to 0.
    /// - Returns: the value read before any reset.
    /// - Throws: ``Result`` (`SQLITE_ERROR`) for a counter the SQLite library does not know,
    ///   or once the connection is closed.
    public func status(_ counter: ConnectionStatus, reset: Bool = false) throws -> StatusValue {
        try withOpenLock { () throws(Result) -> StatusValue in
            var current: Int32 = 0
            var highWater: Int32 = 0
            let code = sqlite3_db_status(handle, counter.rawValue, &current, &highWater, reset ? 1 : 0)
            guard code == SQLITE_OK else {
                throw Result.misuse(
                    "\(SQLiteVersion.current) has no connection status counter \(counter)", code: code)
            }
            return StatusValue(current: Int(current), highWater: Int(highWater))
        }
    }
}

extension Statement {
    /// Reads one of the statement's counters (`sqlite3_stmt_status`), counted since it was
    /// prepared or its counter last reset.
    ///
    /// ```swift
    /// let select = try db.prepare("SELECT * FROM users ORDER BY email")
    /// for _ in try select.run() {}
    /// select.status(.sorts)          // 1 without an index on email
    /// ```
    ///
    /// - Parameters:
    ///   - counter: the counter.
    ///   - reset: whether to set it to 0 after reading (``StatementStatus/memoryUsed`` is never
    ///     reset).
    /// - Returns: the value before any reset.
    public func status(_ counter: StatementStatus, reset: Bool = false) -> Int {
        // The statement's handle stays valid memory even after its connection closed (see
        // ConnectionHandle), and its counters stay readable.
        connection.lock.withLock { Int(sqlite3_stmt_status(handle, counter.rawValue, reset ? 1 : 0)) }
    }
}

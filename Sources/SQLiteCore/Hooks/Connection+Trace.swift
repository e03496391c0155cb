extension Connection {
    /// Calls `callback` with the SQL of each statement as it starts running, bound values
    /// substituted (`sqlite3_trace_v2` with `SQLITE_TRACE_STMT` and `sqlite3_expanded_sql`).
    /// `nil` stops tracing.
    ///
    /// ```swift
    /// db.trace { print($0) }   // INSERT INTO users (email) VALUES ('alice@mac.com')
    /// ```
    @preconcurrency
    public func trace(_ callback: (@Sendable (String) -> Void)?) {
        setHook { $0.trace = callback }
    }
}

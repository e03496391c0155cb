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

    /// Calls `callback` for each event of the kinds in `events` (`sqlite3_trace_v2`): a
    /// statement starting, finishing with its duration, producing a row, the connection
    /// closing. `nil` stops it.
    ///
    /// ```swift
    /// db.trace([.statement, .profile]) { event in
    ///     switch event {
    ///     case .statement(_, let expanded?): print("running", expanded)
    ///     case .profile(let sql, let duration): print(sql, "took", duration, "s")
    ///     default: break
    ///     }
    /// }
    /// ```
    ///
    /// It works beside ``trace(_:)``, which keeps its own callback, and beside the connection's
    /// logging (``logging``) and the observations of a ``DatabaseQueue`` or ``DatabasePool``,
    /// which use SQLite's same trace slot: each gets its events. The callback runs inside
    /// SQLite, with the connection's lock held: it must not use the connection. `.close` is
    /// reported as ``close()`` starts closing (or as the connection's last reference goes).
    @preconcurrency
    public func trace(_ events: TraceEvents, _ callback: (@Sendable (TraceEvent) -> Void)?) {
        setHook {
            $0.traceEvents = callback == nil ? [] : events
            $0.traceEventHook = callback
        }
    }
}

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
        typealias Function = @Sendable (String) -> Void
        connection.lock.withLock {
            // A closed connection has no hooks to change: every later use throws anyway.
            if connection.isClosed { return }
            guard let callback else {
                sqlite3_trace_v2(handle, 0, nil, nil)
                callbacks.set("trace", nil)
                return
            }
            let box = CallbackBox<Function>(callback)
            sqlite3_trace_v2(
                handle, UInt32(SQLITE_TRACE_STMT),
                { _, context, statement, unexpanded in
                    guard let context, let statement else { return 0 }
                    let function = CallbackBox<Function>.from(context).function
                    if let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                        function(String(cString: expanded))
                        sqlite3_free(expanded)
                    } else if let unexpanded {
                        function(String(cString: unexpanded.assumingMemoryBound(to: CChar.self)))
                    }
                    return 0
                }, box.unretainedPointer)
            callbacks.set("trace", box)
        }
    }
}

extension ConnectionHandle {
    /// Whether statements are timed through `SQLITE_TRACE_PROFILE` (for debug entries and slow
    /// statement warnings) and busy waits are logged. Under `lock`.
    var logsWarnings: Bool { logging.logs(.warning) }

    /// Hands an entry to the handler when `level` is logged, with `statement`'s SQL and bound
    /// values unless values are redacted. Call with `lock` held.
    func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, sql: String? = nil, statement: OpaquePointer? = nil,
        duration: Double? = nil, code: Int32? = nil, extendedCode: Int32? = nil
    ) {
        let configuration = logging
        guard configuration.logs(level) else { return }
        let redacted = configuration.redactsValues || redactsSecrets
        configuration.handler(
            LogEntry(
                level: level, message: message(), sql: sql,
                expandedSQL: redacted ? nil : statement.flatMap { TraceEvent.expandedSQL(of: $0) }, duration: duration,
                code: code, extendedCode: extendedCode, connection: label ?? path))
    }

    /// Logs a statement that finished after `nanoseconds` (`SQLITE_TRACE_PROFILE`): a debug
    /// entry for every one, a warning for a slow one. Called from inside SQLite, under `lock`.
    func statementProfiled(_ statement: OpaquePointer, nanoseconds: Int64) {
        let configuration = logging
        let duration = Double(nanoseconds) / 1e9
        let isSlow = duration >= configuration.slowStatementThreshold
        guard configuration.logs(.debug) || (isSlow && configuration.logs(.warning)) else { return }
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        log(.debug, "statement ran", sql: sql, statement: statement, duration: duration)
        if isSlow {
            log(
                .warning,
                "slow statement (over \(LogEntry.milliseconds(configuration.slowStatementThreshold)))",
                sql: sql, statement: statement, duration: duration)
        }
    }

    /// Logs a statement's failure to prepare or to run: SQLite's message and codes, and the
    /// statement's SQL (with its bound values from `statement` when given). Call with `lock`
    /// held, before the statement is reset or cleared.
    func logFailure(_ message: String, code: Int32, extendedCode: Int32, sql: String?, statement: OpaquePointer?) {
        log(.error, message, sql: sql, statement: statement, code: code, extendedCode: extendedCode)
    }

    /// Logs that the connection closed. Call with `lock` held, or from `deinit`.
    func logClosed() {
        log(.info, "connection closed")
    }
}

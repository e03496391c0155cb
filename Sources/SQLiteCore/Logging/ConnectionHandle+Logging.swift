extension ConnectionHandle {
    /// The name log entries give the connection: its label, else its main file's path.
    var logName: String { label ?? path }

    /// Whether statements are timed through `SQLITE_TRACE_PROFILE`: for debug entries and slow
    /// statement warnings. Under `lock`.
    var profilesStatements: Bool { logging.logs(.warning) }

    /// Whether busy waits are logged. Under `lock`.
    var logsBusyWaits: Bool { logging.logs(.warning) }

    /// Hands an entry to the handler when `level` is logged. Call with `lock` held.
    func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, sql: String? = nil, expandedSQL: String? = nil,
        duration: Double? = nil, code: Int32? = nil, extendedCode: Int32? = nil
    ) {
        let configuration = logging
        guard configuration.logs(level) else { return }
        configuration.handler(
            LogEntry(
                level: level, message: message(), sql: sql,
                expandedSQL: configuration.redactsValues || redactsSecrets ? nil : expandedSQL, duration: duration,
                code: code,
                extendedCode: extendedCode, connection: logName))
    }

    /// `statement`'s SQL with its bound values, nil when values are redacted. Call with `lock`
    /// held.
    func expandedSQL(of statement: OpaquePointer) -> String? {
        logging.redactsValues || redactsSecrets ? nil : TraceEvent.expandedSQL(of: statement)
    }

    /// Logs a statement that finished after `nanoseconds` (`SQLITE_TRACE_PROFILE`): a debug
    /// entry for every one, a warning for a slow one. Called from inside SQLite, under `lock`.
    func statementProfiled(_ statement: OpaquePointer, nanoseconds: Int64) {
        let configuration = logging
        let duration = Double(nanoseconds) / 1e9
        let isDebug = configuration.logs(.debug)
        let isSlow = configuration.logs(.warning) && duration >= configuration.slowStatementThreshold
        guard isDebug || isSlow else { return }
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        let expanded = expandedSQL(of: statement)
        if isDebug { log(.debug, "statement ran", sql: sql, expandedSQL: expanded, duration: duration) }
        if isSlow {
            log(
                .warning,
                "slow statement (over \(LogEntry.milliseconds(configuration.slowStatementThreshold)))",
                sql: sql, expandedSQL: expanded, duration: duration)
        }
    }

    /// Logs a statement's failure to prepare or to run: SQLite's message and codes, and the
    /// statement's SQL (with its bound values from `statement` when given). Call with `lock`
    /// held, before the statement is reset or cleared.
    func logFailure(_ message: String, code: Int32, extendedCode: Int32, sql: String?, statement: OpaquePointer?) {
        guard logging.level != nil else { return }
        log(
            .error, message, sql: sql, expandedSQL: statement.flatMap { expandedSQL(of: $0) }, code: code,
            extendedCode: extendedCode)
    }

    /// Logs that the connection closed. Call with `lock` held, or from `deinit`.
    func logClosed() {
        log(.info, "connection closed")
    }
}

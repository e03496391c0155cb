extension Connection {
    /// What this connection logs, and where (see ``LogConfiguration``). Starts as
    /// ``LogConfiguration/global`` was when the connection opened; setting it takes effect at
    /// once, and ``LogConfiguration/off`` turns logging off.
    ///
    /// ```swift
    /// db.logging = LogConfiguration(level: .debug) { print($0) }
    /// try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
    /// // [SQLite debug] statement ran: INSERT INTO users (email) VALUES ('alice@mac.com') (0.0 ms)
    /// db.logging = .off
    /// ```
    public var logging: LogConfiguration {
        get { connection.lock.withLock { connection.logging } }
        set {
            connection.lock.withLock {
                connection.logging = newValue
                // A closed connection has no hooks to change.
                if connection.isClosed { return }
                connection.refreshHooks()
                connection.refreshBusyHandler()
            }
        }
    }

    /// A name for the connection in log entries (``LogEntry/connection``), instead of its
    /// database file's path. Default: nil.
    ///
    /// ```swift
    /// db.label = "writer"
    /// ```
    public var label: String? {
        get { connection.lock.withLock { connection.label } }
        set { connection.lock.withLock { connection.label = newValue } }
    }

    /// Logs `message` at `level` when the connection logs that level: for the higher tiers
    /// (migrations run, tables created). The message is only built when it is logged.
    ///
    /// ```swift
    /// db.log(.info, "migrated to version \(version)")
    /// ```
    package func log(_ level: LogLevel, _ message: @autoclosure () -> String, sql: String? = nil) {
        connection.lock.withLock { connection.log(level, message(), sql: sql) }
    }

    /// Whether the connection logs `level`, for a higher tier to skip work whose only use is a
    /// log entry.
    package func logs(_ level: LogLevel) -> Bool {
        connection.lock.withLock { connection.logging.logs(level) }
    }

    /// Runs `body` with the lock held and bound values kept out of every log entry, for
    /// statements that bind a secret (an encryption key).
    @discardableResult
    package func withValuesRedactedFromLogs<T>(_ body: () throws -> T) rethrows -> T {
        try connection.lock.withLock {
            let previous = connection.redactsSecrets
            connection.redactsSecrets = true
            defer { connection.redactsSecrets = previous }
            return try body()
        }
    }

    /// Starts logging with the global configuration, and logs the opening: for the
    /// initializer, once the connection is open.
    func startLogging() {
        let configuration = LogConfiguration.global
        guard configuration.level != nil else { return }
        connection.lock.withLock {
            connection.logging = configuration
            connection.refreshHooks()
            let readonly = sqlite3_db_readonly(handle, "main") == 1
            connection.log(.info, readonly ? "connection opened (read-only)" : "connection opened")
        }
    }

    /// Logs a failure to open the database at `location`, with the global configuration.
    static func logOpeningFailure(_ message: String, code: Int32, extendedCode: Int32, location: Location) {
        let configuration = LogConfiguration.global
        guard configuration.logs(.error) else { return }
        configuration.handler(
            LogEntry(
                level: .error, message: message, code: code, extendedCode: extendedCode,
                connection: location.description))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a connection logs, and where: the least important ``LogLevel`` to log (`nil`: nothing),
/// the handler that receives each ``LogEntry``, whether bound values are hidden, and when a
/// statement counts as slow.
///
/// Logging is off by default. Turn it on for every connection opened from now on with
/// ``global``, or for one connection, at once, with ``Connection/logging``:
///
/// ```swift
/// LogConfiguration.global = LogConfiguration(level: .warning)   // connections opened later
/// db.logging = LogConfiguration(level: .debug, redactsValues: true) { entry in
///     logger.log("\(entry)")
/// }
/// db.logging = .off
/// ```
///
/// The handler is called synchronously, on whichever thread ran the statement, with the
/// connection locked: it must be quick, and it must not use the connection that logged (hand
/// the entry to another queue to do more).
public struct LogConfiguration: Sendable {
    /// The least important level logged; `nil` logs nothing, and installs nothing.
    public var level: LogLevel?

    /// Whether bound values are kept out of the entries: then ``LogEntry/expandedSQL`` is nil
    /// and entries carry the SQL as written (`?` where values are bound) only. Values written
    /// into the SQL text itself are part of the SQL, and are not hidden.
    public var redactsValues: Bool

    /// How long, in seconds, a statement may run before a warning reports it as slow.
    /// Default: 0.5. SQLite measures to the millisecond.
    public var slowStatementThreshold: Double

    /// Receives each entry. Default: ``writeToStandardError(_:)``.
    public var handler: @Sendable (LogEntry) -> Void

    /// A configuration logging `level` and above to `handler`.
    ///
    /// ```swift
    /// let logging = LogConfiguration(level: .info, slowStatementThreshold: 0.1)   // 100 ms
    /// ```
    public init(
        level: LogLevel? = .info, redactsValues: Bool = false, slowStatementThreshold: Double = 0.5,
        handler: @escaping @Sendable (LogEntry) -> Void = LogConfiguration.writeToStandardError
    ) {
        self.level = level
        self.redactsValues = redactsValues
        self.slowStatementThreshold = slowStatementThreshold
        self.handler = handler
    }

    /// Logging off: no entries, and no hooks installed for logging.
    public static let off = LogConfiguration(level: nil)

    /// The configuration of connections opened from now on (``off`` until set). Setting it
    /// does not change connections already open: set their ``Connection/logging`` for that.
    /// Safe to read and set from any thread.
    ///
    /// ```swift
    /// LogConfiguration.global = LogConfiguration(level: .info)   // before opening
    /// let db = try Connection(path)                              // logs "connection opened"
    /// ```
    public static var global: LogConfiguration {
        get { globalStorage.withLock { $0 } }
        set { globalStorage.withLock { $0 = newValue } }
    }

    private static let globalStorage = Locked(LogConfiguration.off)

    /// The default handler: writes the entry's ``LogEntry/description`` to the standard error
    /// stream, as one line.
    @Sendable
    public static func writeToStandardError(_ entry: LogEntry) {
        var line = entry.description + "\n"
        line.withUTF8 { bytes in
            guard var start = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = write(STDERR_FILENO, start, remaining)
                if written <= 0 { return }
                start += written
                remaining -= written
            }
        }
    }

    /// Whether entries of `level` are logged.
    func logs(_ level: LogLevel) -> Bool {
        guard let least = self.level else { return false }
        return level >= least
    }
}

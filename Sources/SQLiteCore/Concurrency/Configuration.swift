#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a ``DatabaseQueue`` or ``DatabasePool`` opens and sets up its connections.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.maximumReaderCount = 4
/// configuration.prepareDatabase = { db in
///     try db.execute("PRAGMA foreign_keys = ON")
/// }
/// let pool = try DatabasePool(path: path, configuration: configuration)
/// ```
public struct Configuration: Sendable {
    /// How long, in seconds, a statement waits for another connection's lock before failing
    /// with `SQLITE_BUSY` (see ``Connection/busyTimeout``). Default: 5.
    public var busyTimeout: Double = 5

    /// The most reader connections a ``DatabasePool`` opens (each when first needed). Default:
    /// the number of active processors, at least 2. Ignored by ``DatabaseQueue``.
    public var maximumReaderCount: Int = Swift.max(2, ProcessInfo.processInfo.activeProcessorCount)

    /// Whether the database is opened read-only: every write throws. A read-only pool needs a
    /// database already in WAL mode. Default: `false`.
    public var readonly = false

    /// Runs on every new connection, readers and writer, before the queue or pool uses it:
    /// set a SQLCipher key, pragmas, custom functions and collations here. A key comes first:
    /// nothing reads the file before this closure.
    public var prepareDatabase: (@Sendable (Connection) throws -> Void)?

    /// The number of WAL pages after which a commit checkpoints automatically
    /// (`PRAGMA wal_autocheckpoint`; 0 turns automatic checkpoints off); `nil` keeps SQLite's
    /// default of 1000. See also `checkpoint(_:)`.
    public var automaticCheckpointPages: Int?

    /// Bounds the WAL file: the size in bytes above which the writer, after a write commits,
    /// checkpoints the whole log into the database and truncates it to zero bytes
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`), and the size SQLite truncates it to whenever it
    /// starts the log over (`PRAGMA journal_size_limit`). `nil` (the default) leaves the WAL to
    /// SQLite's automatic checkpoints, which never wait for readers, so that readers overlapping
    /// without pause can let it grow without bound.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.walSizeLimit = 4 << 20    // 4 MiB
    /// configuration.walCheckpointReport = { report in if report.busy { print(report) } }
    /// ```
    ///
    /// The truncating checkpoint waits, up to ``busyTimeout``, for the reads of snapshots older
    /// than the last commit to end (reads that start meanwhile do not hold it up): the write
    /// that crossed the limit returns that much later. When a read outlasts the wait, the
    /// checkpoint reports `busy` and the next write above the limit tries again; nothing is
    /// thrown (``walCheckpointReport``). A size at or below 0 is taken as 0. Used by a pool's
    /// writer and by a queue on a database in WAL mode; ignored by a read-only one.
    public var walSizeLimit: Int?

    /// Receives the result of each checkpoint ``walSizeLimit`` runs, on the writer's queue;
    /// `nil` (the default) ignores them. Keep it short: the writer waits for it.
    public var walCheckpointReport: (@Sendable (WALCheckpointReport) -> Void)?

    /// Whether a ``DatabaseQueue`` or ``DatabasePool`` suspends itself when the app enters the
    /// background and resumes when it returns to the foreground (UIKit's
    /// `didEnterBackgroundNotification` and `willEnterForegroundNotification`), so that iOS
    /// does not terminate the suspended app for a lock on a database in a shared container
    /// (`0xdead10cc`). iOS, Mac Catalyst, tvOS and visionOS only; elsewhere it does nothing.
    /// Default: `false`. An app that works in the background (a background task) should rather
    /// call `suspend()` itself when that work ends, and `resume()` when it is active again.
    public var observesSuspensionNotifications = false

    /// A name for the dispatch queues of the connections, shown by debuggers, and the start of
    /// each connection's ``Connection/label`` in log entries (`"SQLite.writer"`,
    /// `"SQLite.reader"`, `"SQLite.queue"`). Default: `"SQLite"`.
    public var label = "SQLite"

    /// The default configuration.
    public init() {}

    /// The role of a connection, for ``openConnection(_:role:)``.
    enum Role {
        case writer
        case reader
        /// The only connection of a ``DatabaseQueue``.
        case queue
    }

    /// Opens and sets up one connection, parked (see `Connection.park()`).
    func openConnection(_ location: Connection.Location, role: Role) throws -> Connection {
        let db = try Connection(location, readonly: readonly)
        db.label = "\(label).\(role)"
        db.busyTimeout = busyTimeout
        try prepareDatabase?(db)
        switch role {
        case .writer, .queue:
            if role == .writer, try db.enableWAL() != .wal {
                throw Result.misuse("DatabasePool needs a database file that can use WAL mode: \(location)")
            }
            if let automaticCheckpointPages {
                try db.execute("PRAGMA wal_autocheckpoint = \(automaticCheckpointPages)")
            }
            if let walSizeLimit {
                try db.execute("PRAGMA journal_size_limit = \(Swift.max(0, walSizeLimit))")
            }
        case .reader:
            if readonly {
                // A read-only connection cannot switch the database to WAL mode itself.
                let mode = try db.scalar("PRAGMA journal_mode") as? String
                if mode?.lowercased() != "wal" {
                    throw Result.misuse(
                        "a read-only DatabasePool needs a database in WAL mode; \(location) is in \(mode ?? "unknown") mode"
                    )
                }
            } else {
                try db.execute("PRAGMA query_only = 1")
            }
        }
        db.park()
        return db
    }
}

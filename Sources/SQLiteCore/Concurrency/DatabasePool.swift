/// A database in WAL mode with one writer connection and several reader connections: reads
/// run at the same time as each other and as the write, each in a snapshot of its own.
///
/// ```swift
/// let pool = try DatabasePool(path: "/path/to/db.sqlite3")
/// try await pool.write { db in
///     try db.run("INSERT INTO player (name) VALUES (?)", "Arthur")
/// }
/// async let count = pool.read { db in try db.scalar("SELECT count(*) FROM player") as? Int64 }
/// async let names = pool.read { db in try db.prepare("SELECT name FROM player").map { $0[0] as? String } }
/// ```
///
/// The writer opens with the pool and switches the database to WAL mode; readers open when
/// first needed, up to ``Configuration/maximumReaderCount``, and refuse writes. Writes wait
/// for each other; a read never waits for a write, and sees the database as of its first
/// statement, committed transactions only. See ``DatabaseReader`` and ``DatabaseWriter``.
public final class DatabasePool: DatabaseWriter, ObservationHost {
    /// How the connections were opened and set up.
    public let configuration: Configuration

    /// The writer, `nil` for a read-only pool.
    private let writer: SerialConnection?
    private let readers: ReaderPool
    let observations: ObservationCenter
    /// Marks the queues of this pool's connections (see ``DatabaseKey/checkNotInAccess(_:)``).
    private let key = DatabaseKey()
    /// Whether ``suspend()`` is in effect, for every connection of the pool.
    private let suspension = Suspension()
    /// The WAL bound of the configuration (``Configuration/walSizeLimit``), or nil.
    private let walBound: WALBound?
    /// The observers of the platform's suspension notifications, when configured.
    private let notifications = SuspensionNotifications()

    /// Opens the database file at `path` (a path or a `file:` URI), created if missing unless
    /// the configuration is read-only, and switches it to WAL mode.
    ///
    /// - Throws: ``Result`` when the database cannot be opened or cannot use WAL mode, or the
    ///   error `configuration.prepareDatabase` throws.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(.uri(path), configuration: configuration)
    }

    /// Opens the database file at `location`.
    ///
    /// - Throws: ``Result`` for an in-memory or temporary database, which has no WAL mode
    ///   (use ``DatabaseQueue``), and as ``init(path:configuration:)``.
    public init(_ location: Connection.Location, configuration: Configuration = Configuration()) throws {
        guard case .uri = location else {
            throw Result.misuse("DatabasePool needs a database file (WAL mode); use DatabaseQueue for \(location)")
        }
        self.configuration = configuration
        let label = configuration.label
        let suspension = suspension
        walBound = WALBound(configuration)
        if configuration.readonly {
            // No writer: a connection of its own tracks commits by other processes.
            let watcher = try configuration.openConnection(location, role: .reader)
            writer = nil
            observations = ObservationCenter(
                tracker: SerialConnection(label: "\(label).watcher", suspension: suspension) { watcher },
                tracksLocalChanges: false)
        } else {
            let db = try configuration.openConnection(location, role: .writer)
            let writer = SerialConnection(label: "\(label).writer", suspension: suspension) { db }
            self.writer = writer
            observations = ObservationCenter(tracker: writer, tracksLocalChanges: true)
        }
        let key = key
        readers = ReaderPool(capacity: configuration.maximumReaderCount) { index in
            let reader = SerialConnection(label: "\(label).reader.\(index + 1)", suspension: suspension) {
                try configuration.openConnection(location, role: .reader)
            }
            reader.belong(to: key)
            return reader
        }
        observations.tracker.belong(to: key)
        if configuration.observesSuspensionNotifications {
            notifications.start(suspend: { [weak self] in self?.suspend() }, resume: { [weak self] in self?.resume() })
        }
    }

    private func writerOrThrow() throws -> SerialConnection {
        guard let writer else { throw Result.writeToReadOnly }
        return writer
    }

    /// Runs `body` on a free reader (waiting for one if none is) in one read-only
    /// transaction: everything it reads comes from one snapshot (see ``DatabaseReader``).
    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await readers.read { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: false, body) }
    }

    /// The synchronous `read(_:)`: blocks the calling thread until `body` ran on a free
    /// reader.
    @discardableResult
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabasePool.read")
        return try readers.withReaderSync { reader in
            try reader.performSync { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: false, body) }
        }
    }

    /// Runs `body` on the writer in a `BEGIN IMMEDIATE` transaction, committed when it
    /// returns and rolled back when it throws or the awaiting task is cancelled first.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await writerOrThrow().perform { [observations, walBound] db, ticket in
            try DatabaseAccess.write(db, ticket, observations, walBound, body)
        }
    }

    /// The synchronous `write(_:)`: blocks the calling thread until the transaction ended.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabasePool.write")
        return try writerOrThrow().performSync { db, ticket in
            try DatabaseAccess.write(db, ticket, observations, walBound, body)
        }
    }

    /// Runs `body` on the writer outside any transaction (each statement commits on its
    /// own); a transaction it leaves open is rolled back.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await writerOrThrow().perform { [observations, walBound] db, _ in
            try DatabaseAccess.writeWithoutTransaction(db, observations, walBound, body)
        }
    }

    /// The synchronous `writeWithoutTransaction(_:)`.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabasePool.writeWithoutTransaction")
        return try writerOrThrow().performSync { db, _ in
            try DatabaseAccess.writeWithoutTransaction(db, observations, walBound, body)
        }
    }

    /// The values of `fetch`, now and after every commit that changes a table it reads: see
    /// ``DatabaseObservation``.
    public func observe<Value: Sendable>(
        options: ObservationOptions, _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> DatabaseObservation<Value> {
        DatabaseObservation(host: self, options: options, fetch: fetch, isDuplicate: nil)
    }

    func fetchObserved<T>(_ fetch: (Connection) throws -> T, regions: RegionCache) throws -> (T, Set<String>) {
        try readers.withReaderSync { reader in
            try reader.performSync { db, ticket in
                try DatabaseAccess.read(db, ticket, queryOnly: false) { db in
                    try db.fetchObserved(fetch, watcher: reader.watcher, regions: regions)
                }
            }
        }
    }

    /// Waits for the work already started, ends the observations and closes the writer and
    /// every reader; later calls throw ``Result`` ("the database queue or pool is closed"). Closing again
    /// does nothing.
    ///
    /// - Throws: ``Result`` when called from inside one of its closures, or should SQLite fail
    ///   to close a connection.
    public func close() throws {
        try key.checkNotInAccess("DatabasePool.close")
        observations.close()
        var failure: (any Error)?
        do { try readers.close() } catch { failure = error }
        do { try observations.tracker.close() } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// Stops the pool from holding a lock on the database, for an app about to be suspended
    /// (iOS terminates a suspended app that holds a lock on a database in a shared container:
    /// `0xdead10cc`). Returns at once: the running statements of the writer and of every
    /// reader stop with `SQLITE_INTERRUPT`, their accesses roll back the transactions they had
    /// open (a write commits nothing, a read ends its snapshot) and throw, and until
    /// ``resume()`` every new read or write throws ``Result`` with `SQLITE_INTERRUPT`
    /// ("suspended") without touching the database. What was committed before stays committed.
    ///
    /// ```swift
    /// pool.suspend()      // e.g. when a background task expires
    /// // ...
    /// pool.resume()       // when the app is active again
    /// ```
    ///
    /// A closure that runs no statement keeps its transaction until it returns; keep closures
    /// short. Observations fail their fetches while suspended, as any read does.
    /// ``Configuration/observesSuspensionNotifications`` calls this and ``resume()`` from the
    /// app's lifecycle notifications on iOS. Calling it again does nothing.
    public func suspend() {
        suspension.set(true)
        writer?.interruptRunningAccess()
        observations.tracker.interruptRunningAccess()
        for reader in readers.opened { reader.interruptRunningAccess() }
    }

    /// Ends ``suspend()``: reads and writes run again. Calling it when not suspended does
    /// nothing.
    public func resume() {
        suspension.set(false)
    }

    /// Whether the pool is suspended (``suspend()``).
    public var isSuspended: Bool { suspension.isSuspended }

    /// The connection of the access the calling thread runs on this pool's writer or one of
    /// its readers, or nil.
    var connectionOfCurrentAccess: Connection? {
        writer?.connectionOfCurrentAccess ?? readers.connectionOfCurrentAccess
    }
}

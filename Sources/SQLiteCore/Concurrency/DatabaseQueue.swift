/// One connection to a database, every access serialized on its own dispatch queue: the
/// simplest way to use SQLite from Swift concurrency. Works for files, in-memory and
/// temporary databases.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "/path/to/db.sqlite3")   // or DatabaseQueue() in memory
/// try await queue.write { db in
///     try db.execute("CREATE TABLE IF NOT EXISTS player (id INTEGER PRIMARY KEY, name TEXT)")
///     try db.run("INSERT INTO player (name) VALUES (?)", "Arthur")
/// }
/// let names = try await queue.read { db in
///     try db.prepare("SELECT name FROM player").map { $0[0] as? String }
/// }
/// ```
///
/// Reads and writes wait for each other; a ``DatabasePool`` lets reads run beside a write.
/// See ``DatabaseReader`` and ``DatabaseWriter`` for the calls.
public final class DatabaseQueue: DatabaseWriter, ObservationHost {
    /// How the connections were opened and set up.
    public let configuration: Configuration

    /// The connection and the queue that serializes its accesses.
    private let serial: SerialConnection

    let observations: ObservationCenter
    /// Marks the queue of the connection (see ``DatabaseKey/checkNotInAccess(_:)``).
    private let key = DatabaseKey()
    /// Whether ``suspend()`` is in effect.
    private let suspension = Suspension()
    /// The WAL bound of the configuration (``Configuration/walSizeLimit``), or nil.
    private let walBound: WALBound?
    /// The observers of the platform's suspension notifications, when configured.
    private let notifications = SuspensionNotifications()

    /// Opens the database at `location` (default: a new in-memory database).
    ///
    /// - Throws: ``Result`` when the database cannot be opened, or the error
    ///   `configuration.prepareDatabase` throws.
    public init(_ location: Connection.Location = .inMemory, configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let db = try configuration.openConnection(location, role: .queue)
        serial = SerialConnection(label: configuration.label, suspension: suspension) { db }
        observations = ObservationCenter(tracker: serial, tracksLocalChanges: !configuration.readonly)
        walBound = WALBound(configuration)
        serial.belong(to: key)
        if configuration.observesSuspensionNotifications {
            notifications.start(suspend: { [weak self] in self?.suspend() }, resume: { [weak self] in self?.resume() })
        }
    }

    /// Opens the database file at `path` (a path or a `file:` URI), created if missing unless
    /// the configuration is read-only.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(.uri(path), configuration: configuration)
    }

    /// Runs `body` on the connection in one read-only
    /// transaction: everything it reads comes from one snapshot (see ``DatabaseReader``).
    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await serial.perform { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: true, body) }
    }

    /// The synchronous `read(_:)`: blocks the calling thread until `body` ran on the connection.
    @discardableResult
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabaseQueue.read")
        return try serial.performSync { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: true, body) }
    }

    /// Runs `body` on the connection in a `BEGIN IMMEDIATE` transaction, committed when it
    /// returns and rolled back when it throws or the awaiting task is cancelled first.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await writer().perform { [observations, walBound] db, ticket in
            try DatabaseAccess.write(db, ticket, observations, walBound, body)
        }
    }

    /// The synchronous `write(_:)`: blocks the calling thread until the transaction ended.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabaseQueue.write")
        return try writer().performSync { db, ticket in
            try DatabaseAccess.write(db, ticket, observations, walBound, body)
        }
    }

    /// Runs `body` on the connection outside any transaction (each statement commits on its
    /// own); a transaction it leaves open is rolled back.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await writer().perform { [observations, walBound] db, _ in
            try DatabaseAccess.writeWithoutTransaction(db, observations, walBound, body)
        }
    }

    /// The synchronous `writeWithoutTransaction(_:)`.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try key.checkNotInAccess("DatabaseQueue.writeWithoutTransaction")
        return try writer().performSync { db, _ in
            try DatabaseAccess.writeWithoutTransaction(db, observations, walBound, body)
        }
    }

    /// The connection, for a write: throws when the queue is read-only.
    private func writer() throws -> SerialConnection {
        if configuration.readonly { throw Result.writeToReadOnly }
        return serial
    }

    /// The values of `fetch`, now and after every commit that changes a table it reads: see
    /// ``DatabaseObservation``.
    public func observe<Value: Sendable>(
        options: ObservationOptions, _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> DatabaseObservation<Value> {
        DatabaseObservation(host: self, options: options, fetch: fetch, isDuplicate: nil)
    }

    func fetchObserved<T>(_ fetch: (Connection) throws -> T, regions: RegionCache) throws -> (T, Set<String>) {
        try serial.performSync { db, ticket in
            try DatabaseAccess.read(db, ticket, queryOnly: true) { db in
                try db.fetchObserved(fetch, watcher: serial.watcher, regions: regions)
            }
        }
    }

    /// Waits for the work already started, ends the observations and closes the connection;
    /// later calls throw ``Result`` ("the database queue or pool is closed"). Closing again
    /// does nothing.
    ///
    /// - Throws: ``Result`` when called from inside one of its closures, or should SQLite fail
    ///   to close a connection.
    public func close() throws {
        try key.checkNotInAccess("DatabaseQueue.close")
        observations.close()
        try serial.close()
    }

    /// Stops the queue from holding a lock on the database, for an app about to be suspended
    /// (iOS terminates a suspended app that holds a lock on a database in a shared container:
    /// `0xdead10cc`). Returns at once: a running statement stops with `SQLITE_INTERRUPT`,
    /// its access rolls back the transaction it had open (nothing it wrote is committed) and
    /// throws, and until ``resume()`` every new read or write throws ``Result`` with
    /// `SQLITE_INTERRUPT` ("suspended") without touching the database. What was committed
    /// before stays committed.
    ///
    /// ```swift
    /// queue.suspend()      // e.g. when a background task expires
    /// // ...
    /// queue.resume()       // when the app is active again
    /// ```
    ///
    /// A closure that runs no statement keeps its transaction until it returns; keep closures
    /// short. ``Configuration/observesSuspensionNotifications`` calls this and ``resume()``
    /// from the app's lifecycle notifications on iOS. Calling it again does nothing.
    public func suspend() {
        suspension.set(true)
        serial.interruptRunningAccess()
    }

    /// Ends ``suspend()``: reads and writes run again. Calling it when not suspended does
    /// nothing.
    public func resume() {
        suspension.set(false)
    }

    /// Whether the queue is suspended (``suspend()``).
    public var isSuspended: Bool { suspension.isSuspended }

    /// The connection of the access the calling thread runs on this queue, or nil.
    var connectionOfCurrentAccess: Connection? { serial.connectionOfCurrentAccess }
}

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
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public final class DatabaseQueue: DatabaseWriter, ObservationHost {
    public let configuration: Configuration

    /// The connection and the queue that serializes its accesses.
    private let serial: SerialConnection

    let observations: ObservationCenter
    /// Marks the queue of the connection (see ``SerialConnection/isInAccess(of:)``).
    private let key = DatabaseKey()

    /// Opens the database at `location` (default: a new in-memory database).
    ///
    /// - Throws: ``Result`` when the database cannot be opened, or the error
    ///   `configuration.prepareDatabase` throws.
    public init(_ location: Connection.Location = .inMemory, configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let db = try configuration.openConnection(location, role: .queue)
        serial = SerialConnection(label: configuration.label) { db }
        observations = ObservationCenter(tracker: serial, tracksLocalChanges: !configuration.readonly)
        serial.belong(to: key)
    }

    /// Opens the database file at `path` (a path or a `file:` URI), created if missing unless
    /// the configuration is read-only.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(.uri(path), configuration: configuration)
    }

    private func checkNotReentrant(_ call: String) throws {
        if SerialConnection.isInAccess(of: key) { throw Result.reentrantAccess(call) }
    }

    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await serial.perform { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: true, body) }
    }

    @discardableResult
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReentrant("DatabaseQueue.read")
        return try serial.performSync { db, ticket in try DatabaseAccess.read(db, ticket, queryOnly: true, body) }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try checkWritable()
        return try await serial.perform { [observations] db, ticket in
            try DatabaseAccess.write(db, ticket, observations, body)
        }
    }

    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReentrant("DatabaseQueue.write")
        try checkWritable()
        return try serial.performSync { db, ticket in try DatabaseAccess.write(db, ticket, observations, body) }
    }

    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try checkWritable()
        return try await serial.perform { [observations] db, _ in
            try DatabaseAccess.writeWithoutTransaction(db, observations, body)
        }
    }

    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReentrant("DatabaseQueue.writeWithoutTransaction")
        try checkWritable()
        return try serial.performSync { db, _ in try DatabaseAccess.writeWithoutTransaction(db, observations, body) }
    }

    private func checkWritable() throws {
        if configuration.readonly { throw Result.writeToReadOnly }
    }

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

    public func close() throws {
        try checkNotReentrant("DatabaseQueue.close")
        observations.close()
        try serial.close()
    }
}

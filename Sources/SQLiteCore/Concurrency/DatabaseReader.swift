/// A database read from Swift concurrency: ``DatabaseQueue`` or ``DatabasePool``.
///
/// ```swift
/// let count = try await database.read { db in
///     try db.scalar("SELECT count(*) FROM player") as? Int64
/// }
/// ```
///
/// Every closure gets a ``Connection`` and runs on that connection's own dispatch queue, never
/// on Swift's cooperative thread pool, and is synchronous: nothing awaits while a connection is
/// held. The connection, and every statement prepared from it, is usable only inside the
/// closure, on the thread running it: kept and used later, or used from another thread (also
/// while the closure runs), it throws `SQLITE_MISUSE`.
/// Cancelling the awaiting task interrupts the closure's statement (that connection only) and
/// the call throws `CancellationError`; a task cancelled before its turn never runs its closure.
public protocol DatabaseReader: AnyObject, Sendable {
    /// How the connections were opened and set up.
    var configuration: Configuration { get }

    /// Runs `body` with a connection in one read-only transaction: everything it reads comes
    /// from one snapshot of the database. Writes throw.
    @discardableResult
    func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// The synchronous `read(_:)`, for code that is not async: blocks the calling thread.
    ///
    /// - Throws: ``Result`` (`SQLITE_MISUSE`) when called from inside another closure of the
    ///   same database, which would wait for itself; use the connection that closure got.
    @discardableResult
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// The values of `fetch`, now and after every change that can alter them: see
    /// ``DatabaseObservation``.
    func observe<Value: Sendable>(
        options: ObservationOptions, _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> DatabaseObservation<Value>

    /// Waits for the work already started, ends the observations, and closes every
    /// connection; every later call throws ``Result`` ("the database queue or pool is
    /// closed"). Closing again does nothing.
    func close() throws
}

/// A database read and written from Swift concurrency: ``DatabaseQueue`` or ``DatabasePool``.
///
/// ```swift
/// try await database.write { db in
///     try db.run("INSERT INTO player (name) VALUES (?)", "Arthur")
/// }
/// ```
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in a transaction (`BEGIN IMMEDIATE`, so writers wait for each other instead
    /// of failing with `SQLITE_BUSY` halfway): committed when `body` returns, rolled back when
    /// it throws or when the awaiting task is cancelled before the commit.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// The synchronous `write(_:)`, for code that is not async: blocks the calling thread.
    @discardableResult
    func write<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` with the writer connection outside any transaction: each statement commits
    /// on its own, and `body` may manage transactions itself (it must end them).
    @discardableResult
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// The synchronous `writeWithoutTransaction(_:)`.
    @discardableResult
    func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T
}

extension DatabaseReader {
    /// ``observe(options:_:)`` for the changes committed through this database.
    ///
    /// ```swift
    /// for try await players in pool.observe({ db in try Player.fetchAll(in: db) }) {
    ///     show(players)
    /// }
    /// ```
    public func observe<Value: Sendable>(
        _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> DatabaseObservation<Value> {
        observe(options: .default, fetch)
    }
}

extension DatabaseWriter {
    /// Copies the write-ahead log into the database (see ``Connection/walCheckpoint(mode:schema:)``),
    /// on the writer connection, after the writes already started.
    ///
    /// ```swift
    /// try await pool.checkpoint(.truncate)
    /// ```
    @discardableResult
    public func checkpoint(
        _ mode: Connection.WALCheckpointMode = .passive
    ) async throws -> (busy: Bool, log: Int, checkpointed: Int) {
        try await writeWithoutTransaction { db in try db.walCheckpoint(mode: mode) }
    }

    /// The synchronous `checkpoint(_:)`.
    @discardableResult
    public func checkpoint(_ mode: Connection.WALCheckpointMode = .passive) throws -> (
        busy: Bool, log: Int, checkpointed: Int
    ) {
        try writeWithoutTransaction { db in try db.walCheckpoint(mode: mode) }
    }
}

extension DatabaseReader {
    /// The connection lent to the access of this queue or pool that the calling thread is
    /// running (inside a `read` or `write` closure), or nil: for calls that take no connection
    /// to join the access they are made from instead of waiting for it.
    package var connectionOfCurrentAccess: Connection? {
        switch self {
        case let queue as DatabaseQueue: queue.connectionOfCurrentAccess
        case let pool as DatabasePool: pool.connectionOfCurrentAccess
        default: nil
        }
    }
}

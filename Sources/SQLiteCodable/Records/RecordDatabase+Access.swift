import Foundation

extension RecordDatabase {
    /// The connection of the queue's or pool's access that the calling thread runs (inside a
    /// ``transaction(_:)-(_)`` closure, say), which record calls naming no database join
    /// instead of waiting for it. A connection is joined through its own recursive lock.
    var activeConnection: Connection? {
        writer?.connectionOfCurrentAccess
    }

    // MARK: - Transactions

    /// Runs `body` in one transaction on this database: committed when it returns, rolled
    /// back when it throws. Record calls inside that name no database, or this one, join it.
    ///
    /// ```swift
    /// try database.transaction { db in
    ///     try Item.insertBatch(items)       // joins the transaction
    ///     try db.save(&order)
    /// }
    /// ```
    ///
    /// A queue or a pool runs it as a `write` (`BEGIN IMMEDIATE`); a connection in a
    /// transaction, or in a savepoint when one is already open, as does a call inside
    /// another transaction of the same database.
    @discardableResult
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        if let db = activeConnection ?? connection { return try db.inTransaction { try body(db) } }
        return try requireWriter().write { db in try body(db) }
    }

    /// The async ``transaction(_:)-(_)``: a queue or a pool runs `body` on its writer's own
    /// queue; a connection runs it on the calling task.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        if let db = connection { return try db.inTransaction { try body(db) } }
        return try await requireWriter().write { db in try body(db) }
    }

    /// Runs `body` as `mode` says (see `transaction(_:_:)`, SkipSQL's convention).
    func run<T>(_ mode: Connection.TransactionMode?, _ body: (Connection) throws -> T) throws -> T {
        if let db = activeConnection ?? connection { return try Self.run(mode, on: db, body) }
        let writer = try requireWriter()
        if mode == .immediate { return try writer.write { db in try body(db) } }
        return try writer.writeWithoutTransaction { db in try Self.run(mode, on: db, body) }
    }

    /// The async ``run(_:_:)``: a queue or a pool runs `body` on its writer's own queue; a
    /// connection runs it on the calling task.
    func run<T: Sendable>(_ mode: Connection.TransactionMode?, _ body: @escaping @Sendable (Connection) throws -> T)
        async throws -> T
    {
        if let db = connection { return try Self.run(mode, on: db, body) }
        let writer = try requireWriter()
        if mode == .immediate { return try await writer.write(body) }
        return try await writer.writeWithoutTransaction { db in try Self.run(mode, on: db, body) }
    }

    /// Runs `body` on `db` with its lock held: without a transaction for a `nil` mode, else in
    /// a transaction of `mode` (a savepoint inside an open one).
    private static func run<T>(_ mode: Connection.TransactionMode?, on db: Connection, _ body: (Connection) throws -> T)
        throws -> T
    {
        guard let mode else { return try db.withLock { () throws -> T in try body(db) } }
        return try db.inTransaction(mode) { try body(db) }
    }

    /// The default database, or ``RecordError/noDatabase(type:name:)``.
    static func defaultOrThrow() throws -> RecordDatabase {
        guard let database = RecordDatabase.default else {
            throw RecordError.noDatabase(type: "RecordDatabase.transaction", name: nil)
        }
        return database
    }

    /// Runs `body` with a connection of this database that can read (a queue's or a pool's
    /// `read`, in one snapshot), outside any record type's bookkeeping.
    ///
    /// ```swift
    /// let total = try database.read { db in try db.scalar("SELECT sum(price) FROM item") as? Double }
    /// ```
    ///
    /// A record type that creates its table on first use may be used first inside it: on a
    /// pool, the writer makes the table before the read reads it, as long as nothing was read
    /// in the closure before (the read's snapshot begins at its first read); on a queue, whose
    /// one connection is busy with the read, and in a pool read that already read something,
    /// the record call throws ``RecordError/tableNotSynced(type:table:)``: sync the table
    /// first (`Item.syncTable()`), or use the type once outside the read.
    @discardableResult
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        if let db = activeConnection ?? connection { return try whileReading(db) { try body(db) } }
        return try requireWriter().read { db in try whileReading(db) { try body(db) } }
    }

    /// Runs `body` with the connection that writes (a queue's or a pool's `write`, in one
    /// transaction; a connection as it is).
    func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if let db = activeConnection ?? connection { return try body(db) }
        return try requireWriter().write { db in try body(db) }
    }

    // MARK: - Record accesses

    /// Runs `body` to read records of `type`: on a queue or a pool, after its writer created
    /// or completed the table when the type creates it on first use (reads are query-only).
    func read<R: Record, T>(_ type: R.Type, _ body: (Connection) throws -> T) throws -> T {
        try access([R.self], writes: false, body)
    }

    /// Runs `body` to write records of `type`, in a transaction on a queue or a pool (after
    /// the table was synced outside it, so that a rollback cannot undo it unnoticed).
    func write<R: Record, T>(_ type: R.Type, _ body: (Connection) throws -> T) throws -> T {
        try access([R.self], writes: true, body)
    }

    /// Runs `body` on the connection, or as a read or a write of the queue or pool after the
    /// tables of `types` were synced (tables on first use): a join reads several types at once.
    func access<T>(_ types: [any Record.Type], writes: Bool, _ body: (Connection) throws -> T) throws -> T {
        if let db = activeConnection ?? connection { return try whileReading(db) { try body(db) } }
        let writer = try requireWriter()
        for type in types { try syncTable(type, writer) }
        return writes ? try writer.write { db in try body(db) } : try writer.read { db in try body(db) }
    }

    /// Has the writer create or complete the table of `R`, outside any transaction, the first
    /// time the type (which creates its table on first use) meets this database. A read-only
    /// queue or pool has no writer: its readers find the table complete, or throw
    /// ``RecordError/tableNotSynced(type:table:)``.
    private func syncTable<R: Record>(_ type: R.Type, _ writer: any DatabaseWriter) throws {
        guard R.createsTableOnFirstUse, !writer.configuration.readonly, !synced.contains(ObjectIdentifier(R.self))
        else { return }
        try writer.writeWithoutTransaction { db in try db.prepareTable(R.self) }
        synced.insert(ObjectIdentifier(R.self))
    }

    /// Drops the table of `R` in a write, and forgets that the writer made it.
    func dropTable<R: Record>(_ type: R.Type, ifExists: Bool) throws {
        try write { db in try db.dropTable(for: R.self, ifExists: ifExists) }
        synced.remove(ObjectIdentifier(R.self))
    }

    // MARK: - Tables on first use inside a pool's read

    /// Runs `body`, the closure of a read or of a record call joining an access, with `db`
    /// known as reading this database when it is a writable pool; so that a type used for the
    /// first time on `db` has the pool's writer make its table (see
    /// ``syncTableForRead(_:)``).
    private func whileReading<T>(_ db: Connection, _ body: () throws -> T) throws -> T {
        guard case .writer(let object) = storage, let pool = object as? DatabasePool, !pool.configuration.readonly
        else { return try body() }
        let previous = db.withLock { CodableStore.of(db).swapPoolRead(self) }
        defer { db.withLock { _ = CodableStore.of(db).swapPoolRead(previous) } }
        return try body()
    }

    /// The writable pool whose read `db` is running, or nil. Call with `db` locked.
    static func poolReading(on db: Connection) -> RecordDatabase? {
        (db.tierObject(.codable) as? CodableStore)?.poolRead
    }

    /// Has the pool's writer create or complete the table of `R` while the calling thread runs
    /// a read of the pool, unless it did already.
    ///
    /// The pool refuses a synchronous access from inside one of its own (it could wait for
    /// itself), and knows its accesses by the dispatch queue they run on; its writer is another
    /// connection, on another queue, which never waits for a reader. So the write is made from
    /// a global queue, where the pool sees no access of its own, and the read waits for it.
    func syncTableForRead<R: Record>(_ type: R.Type) throws {
        guard R.createsTableOnFirstUse, !synced.contains(ObjectIdentifier(R.self)),
            case .writer(let object) = storage, let pool = object as? DatabasePool
        else { return }
        try DispatchQueue.global().sync { try syncTable(R.self, pool) }
    }

    /// The queue or pool of a database that is not a connection.
    private func requireWriter() throws -> any DatabaseWriter {
        guard let writer else {
            throw RecordError.schema(type: "\(storage)", reason: "the record database is not a DatabaseWriter")
        }
        return writer
    }
}

import Foundation

// SkipSQL's names, for the users of SkipSQL (its docs are in the seeds): `ctx.transaction(mode)`
// with a mode or `nil` for no transaction, on a record database as on a context. Each is one
// call of the transaction a `RecordDatabase` runs. SkipSQL's connection calls are Core's, on
// `Connection`: `db.transaction(nil) { }`, `selectAll(sql:parameters:)` (rows of `[SQLValue]`)
// and, for its `exec(sql:parameters:)`, `execute(sql:parameters:)` (one statement; `execute(_:)`
// without labels runs a script of several).

extension RecordDatabase {
    /// Runs `body` on this database as `mode` says: `nil` (SkipSQL's `transaction(nil)`)
    /// without a transaction, each statement committing on its own and nothing rolled back
    /// when `body` throws; another mode in a transaction of that mode.
    ///
    /// ```swift
    /// try database.transaction(nil) { db in
    ///     try db.insertMany(items)             // the batch commits by itself
    ///     try db.save(&log)                    // commits by itself
    /// }
    /// ```
    ///
    /// A queue or a pool runs it on its writer, held for the whole closure either way: without
    /// a transaction as its `writeWithoutTransaction` (a transaction the closure leaves open is
    /// rolled back and reported), `.immediate` as its `write`, `.deferred` and `.exclusive` in a
    /// transaction of that mode begun on the writer. A connection runs it with its lock held:
    /// without a transaction, or in a transaction of that mode (a savepoint inside an open
    /// one). Inside another access of this database (record calls joining it), a closure
    /// without a transaction runs as part of the open transaction, if any.
    @discardableResult
    public func transaction<T>(_ mode: Connection.TransactionMode?, _ body: (Connection) throws -> T) throws -> T {
        try run(mode, body)
    }

    /// `transaction(_:_:)` with a mode on the default database:
    /// `try RecordDatabase.transaction(nil) { db in ... }`.
    ///
    /// - Throws: ``RecordError/noDatabase(type:name:)`` when no default is set.
    @discardableResult
    public static func transaction<T>(_ mode: Connection.TransactionMode?, _ body: (Connection) throws -> T) throws
        -> T
    {
        try defaultOrThrow().run(mode, body)
    }

    /// The async `transaction(_:_:)` with a mode on the default database: a queue or a pool
    /// runs `body` on its writer's own queue; a connection runs it on the calling task.
    @discardableResult
    public static func transaction<T: Sendable>(
        _ mode: Connection.TransactionMode?, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await defaultOrThrow().run(mode, body)
    }
}

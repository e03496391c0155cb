#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Connection {
    /// How a transaction takes its locks.
    public enum TransactionMode: String, Sendable {
        /// Locks are taken when first needed (the default).
        case deferred = "DEFERRED"
        /// A write lock is taken at once: other writers wait or fail with `SQLITE_BUSY` now,
        /// not halfway through.
        case immediate = "IMMEDIATE"
        /// An exclusive lock is taken at once (in WAL mode, the same as `immediate`).
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `block` in a transaction: committed when the block returns, rolled back when it
    /// throws or when the commit fails.
    ///
    /// ```swift
    /// try db.transaction {
    ///     try db.run("INSERT INTO users (email) VALUES (?)", "betty@icloud.com")
    ///     try db.run("INSERT INTO users (email, manager_id) VALUES (?, ?)", "cathy@icloud.com", db.lastInsertRowid)
    /// }
    /// // BEGIN DEFERRED TRANSACTION ... COMMIT TRANSACTION
    /// ```
    ///
    /// The connection stays locked for the whole block, so other threads using it wait until
    /// the transaction ends. Transactions do not nest: use ``savepoint(_:block:)->()`` inside one.
    /// To return a value from the block, see the generic `transaction(_:block:)` below.
    ///
    /// - Throws: the block's own error (after the rollback, whose own failure never replaces
    ///   it), or ``Result`` when BEGIN or COMMIT fails.
    public func transaction(_ mode: TransactionMode = .deferred, block: () throws -> Void) throws {
        try transaction(
            "transaction", begin: "BEGIN \(mode.rawValue) TRANSACTION", commit: ["COMMIT TRANSACTION"],
            rollback: ["ROLLBACK TRANSACTION"], block: block)
    }

    /// ``transaction(_:block:)`` returning the block's value.
    ///
    /// ```swift
    /// let id = try db.transaction {
    ///     try db.run("INSERT INTO users (email) VALUES (?)", "betty@icloud.com")
    ///     return db.lastInsertRowid
    /// }
    /// ```
    ///
    /// A block of one expression whose value is not used (`try db.transaction { try db.run(...) }`)
    /// runs through ``transaction(_:block:)``, as in SQLite.swift; this form is picked when the
    /// value is used: a block with `return`, or a result of a declared type.
    @_disfavoredOverload
    @discardableResult
    public func transaction<T>(_ mode: TransactionMode = .deferred, block: () throws -> T) throws -> T {
        try transaction(
            "transaction", begin: "BEGIN \(mode.rawValue) TRANSACTION", commit: ["COMMIT TRANSACTION"],
            rollback: ["ROLLBACK TRANSACTION"], block: block)
    }

    /// SkipSQL's `transaction(nil)`: with a `nil` mode, `block` runs without a transaction,
    /// with the connection locked for the whole block (other threads wait, as for a
    /// transaction). Each statement in it commits on its own (SQLite's autocommit mode), and
    /// nothing is undone when it throws: what ran before the error stays. Inside an open
    /// transaction it runs as part of that one. Any other mode is `transaction(_:block:)`'s.
    ///
    /// ```swift
    /// try db.transaction(nil) {
    ///     try db.run("INSERT INTO log (line) VALUES (?)", "one")   // committed at once
    ///     try db.run("INSERT INTO log (line) VALUES (?)", "two")   // committed at once
    /// }
    /// ```
    public func transaction(_ mode: TransactionMode?, block: () throws -> Void) throws {
        guard let mode else { return try connection.lock.withLock { try block() } }
        try transaction(mode, block: block)
    }

    /// SkipSQL's `transaction(nil)` returning the block's value.
    @_disfavoredOverload
    @discardableResult
    public func transaction<T>(_ mode: TransactionMode?, block: () throws -> T) throws -> T {
        guard let mode else { return try connection.lock.withLock { try block() } }
        let value: T = try transaction(mode, block: block)
        return value
    }

    /// Runs `block` inside a savepoint, which nests: released when the block returns, rolled
    /// back (and released) when it throws.
    ///
    /// ```swift
    /// try db.savepoint("import") {
    ///     try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
    ///     try? db.savepoint { try riskyStep() }   // undone alone if it throws
    /// }
    /// ```
    ///
    /// To return a value from the block, see the generic `savepoint(_:block:)` below.
    public func savepoint(_ name: String = UUID().uuidString, block: () throws -> Void) throws {
        try runSavepoint(named: name, block: block)
    }

    /// ``savepoint(_:block:)->()`` returning the block's value; picked, as for the generic
    /// `transaction(_:block:)`, when the value is used.
    @_disfavoredOverload
    @discardableResult
    public func savepoint<T>(_ name: String = UUID().uuidString, block: () throws -> T) throws -> T {
        try runSavepoint(named: name, block: block)
    }

    private func runSavepoint<T>(named name: String, block: () throws -> T) throws -> T {
        let quoted = name.quotedLiteral
        return try transaction(
            "savepoint \(quoted)", begin: "SAVEPOINT \(quoted)", commit: ["RELEASE SAVEPOINT \(quoted)"],
            rollback: ["ROLLBACK TRANSACTION TO SAVEPOINT \(quoted)", "RELEASE SAVEPOINT \(quoted)"], block: block)
    }

    /// Runs `block` between `begin` and `commit`, or `rollback` when it throws; logs each step
    /// at the info level, naming the transaction `kind`.
    private func transaction<T>(
        _ kind: String, begin: String, commit: [String], rollback: [String], block: () throws -> T
    ) throws -> T {
        try connection.lock.withLock {
            try execute(begin)
            // The clock is read only when the transaction is logged.
            let start = connection.logging.logs(.info) ? MonotonicClock.now() : nil
            connection.log(.info, "\(kind) began", sql: begin)
            do {
                let value = try block()
                for sql in commit { try execute(sql) }
                connection.log(
                    .info, kind == "transaction" ? "transaction committed" : "\(kind) released",
                    sql: commit.joined(separator: "; "), duration: start.map(MonotonicClock.seconds(since:)))
                return value
            } catch {
                // SQLite may have rolled back already (SQLITE_FULL, SQLITE_IOERR, ...): only undo
                // what is still open, and never let the rollback's failure hide the cause.
                if !connection.isClosed, sqlite3_get_autocommit(handle) == 0 {
                    for sql in rollback { try? execute(sql) }
                }
                connection.log(
                    .info, "\(kind) rolled back", sql: rollback.joined(separator: "; "),
                    duration: start.map(MonotonicClock.seconds(since:)), code: (error as? Result)?.code)
                throw error
            }
        }
    }
}

import SQLiteCore

extension Migrator {
    /// Applies every migration not applied yet on `writer`'s writer connection, each in its
    /// own transaction, after the writes already started.
    ///
    /// ```swift
    /// let pool = try DatabasePool(path: path)
    /// try await migrator.migrate(pool)
    /// ```
    ///
    /// - Throws: ``MigrationError``, as ``migrate(_:)`` does.
    public func migrate(_ writer: some DatabaseWriter) async throws {
        try await writer.writeWithoutTransaction { db in try migrate(db) }
    }

    /// The synchronous `migrate(_:)` on a queue or pool, for code that is not async.
    public func migrate(_ writer: some DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in try migrate(db) }
    }

    /// Applies the migrations not applied yet on `writer`, up to and including `target`.
    public func migrate(_ writer: some DatabaseWriter, upTo target: String) async throws {
        try await writer.writeWithoutTransaction { db in try migrate(db, upTo: target) }
    }
}

import SQLiteCore

extension Connection {
    /// Applies the migrations `PRAGMA user_version` says have not run yet, in order, each in
    /// its own transaction that also sets `user_version` to its 1-based position. SkipSQL's
    /// shape: append new migrations to the end of the array, never reorder or remove any.
    ///
    /// ```swift
    /// try db.migrate(migrations: [
    ///     { db in try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT)") },   // version 1
    ///     { db in try db.execute("ALTER TABLE items ADD COLUMN title TEXT") },                     // version 2
    /// ])
    /// db.userVersion   // 2
    /// ```
    ///
    /// - Throws: ``MigrationError/failed(migration:underlying:)`` naming the failing migration
    ///   by its version (`"version 2"`); it was rolled back, the ones before it stay applied.
    public func migrate(migrations: [(Connection) throws -> Void]) throws {
        try withLock { () throws in
            let current: Int
            do {
                current = Int(try scalar("PRAGMA user_version") as? Int64 ?? 0)
            } catch {
                throw MigrationError.storage(Result.from(error))
            }
            guard current <= migrations.count else {
                throw MigrationError.databaseIsNewer(userVersion: current, registered: migrations.count)
            }
            for index in current..<migrations.count {
                let version = Int32(clamping: index + 1)
                try runMigration(
                    on: self, name: "version \(version)", checksForeignKeys: false, body: migrations[index]
                ) { () throws in
                    try setUserVersion(version)
                }
            }
        }
    }
}

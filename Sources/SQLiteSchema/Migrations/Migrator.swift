import SQLiteCore

/// Applies schema migrations in order, each at most once, each in its own transaction.
///
/// ```swift
/// var migrator = Migrator()
/// try migrator.registerMigration("create users") { db in
///     try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// try migrator.registerMigration("add email") { db in
///     try SchemaChanger(connection: db).alter(table: "users") {
///         $0.add(column: ColumnDefinition(name: "email", type: .TEXT))
///     }
/// }
/// try migrator.migrate(db)                  // runs what has not run yet
/// try migrator.hasCompletedMigrations(in: db)   // true
/// ```
///
/// Which migrations ran is stored either in a table, by name (the default: migrations can be
/// added anywhere in the list later), or in `PRAGMA user_version`, by position (SkipSQL's way:
/// only append migrations). A migration that throws is rolled back and stops the run with
/// ``MigrationError/failed(migration:underlying:)``; the next `migrate` resumes with it.
///
/// Foreign key enforcement is suspended while a migration runs (so that table rebuilds can
/// run inside it) and restored afterwards; with ``checksForeignKeys`` on (the default),
/// `PRAGMA foreign_key_check` runs before each commit and any violation rolls the migration back.
///
/// Called inside a transaction (such as a `DatabasePool` or `DatabaseQueue` write), each
/// migration runs in a savepoint of it, and foreign key checks are deferred to the end of the
/// transaction instead of suspended (SQLite cannot turn them off there), so a migration that
/// rebuilds a table other tables refer to fails there with a clear error: run it with
/// `migrate(pool)`, which gives each migration a transaction of its own.
///
/// ```swift
/// try await pool.write { db in try migrator.migrate(db) }
/// try await migrator.migrate(pool)        // the same, each migration committed on its own
/// ```
///
/// A migration runs inside a transaction already: use `SQLiteCore.Connection.savepoint(_:block:)`
/// in it, not `SQLiteCore.Connection.transaction(_:block:)`.
public struct Migrator: Sendable {
    /// Where the applied state is kept.
    public enum Storage: Equatable, Sendable {
        /// A table listing the names of the applied migrations.
        case table(String)
        /// `PRAGMA user_version`, holding the number of applied migrations.
        case userVersion

        /// The default: the table `schema_migrations`.
        public static let migrationsTable = Storage.table("schema_migrations")
    }

    /// A registered migration.
    public struct Migration: Sendable {
        /// The migration's unique name.
        public let name: String
        /// The migration's work.
        let migrate: @Sendable (Connection) throws -> Void
    }

    /// Where the applied state is kept.
    public var storage: Storage
    /// Whether `PRAGMA foreign_key_check` runs before each migration commits.
    public var checksForeignKeys: Bool
    /// The registered migrations, in order.
    public private(set) var migrations: [Migration] = []

    /// A migrator without migrations.
    ///
    /// - Parameters:
    ///   - storage: where to keep the applied state. Default: a table named `schema_migrations`.
    ///   - checksForeignKeys: run `PRAGMA foreign_key_check` before each commit. Default: `true`.
    public init(storage: Storage = .migrationsTable, checksForeignKeys: Bool = true) {
        self.storage = storage
        self.checksForeignKeys = checksForeignKeys
    }

    /// The registered migrations' names, in order.
    public var migrationNames: [String] { migrations.map(\.name) }

    /// Adds a migration after the ones registered so far.
    ///
    /// ```swift
    /// try migrator.registerMigration("v2: index emails") { db in
    ///     try db.execute("CREATE INDEX users_by_email ON users (email)")
    /// }
    /// ```
    ///
    /// - Throws: ``MigrationError/duplicateName(_:)`` when the name is taken.
    public mutating func registerMigration(
        _ name: String, migrate: @escaping @Sendable (Connection) throws -> Void
    ) throws {
        guard !migrations.contains(where: { $0.name == name }) else { throw MigrationError.duplicateName(name) }
        migrations.append(Migration(name: name, migrate: migrate))
    }

    /// Applies every migration not applied yet, in order.
    ///
    /// - Throws: ``MigrationError``; the migrations before the failing one stay applied.
    public func migrate(_ db: Connection) throws {
        try migrate(db, upToIndex: migrations.count - 1)
    }

    /// Applies the migrations not applied yet, in order, up to and including `target`.
    ///
    /// ```swift
    /// try migrator.migrate(db, upTo: "create users")
    /// ```
    public func migrate(_ db: Connection, upTo target: String) throws {
        guard let index = migrations.firstIndex(where: { $0.name == target }) else {
            throw MigrationError.unknownMigration(target)
        }
        try migrate(db, upToIndex: index)
    }

    /// The names of the registered migrations applied to `db`, in registration order.
    public func appliedMigrations(in db: Connection) throws -> [String] {
        let applied = try appliedSet(in: db)
        return migrations.indices.filter { applied.contains($0) }.map { migrations[$0].name }
    }

    /// Whether every registered migration has been applied to `db`.
    public func hasCompletedMigrations(in db: Connection) throws -> Bool {
        try appliedSet(in: db).count == migrations.count
    }

    // MARK: - Running

    private func migrate(_ db: Connection, upToIndex last: Int) throws {
        try db.withLock { () throws in
            try prepareStorage(db)
            let applied = try appliedSet(in: db)
            for index in migrations.indices.prefix(last + 1) where !applied.contains(index) {
                let migration = migrations[index]
                try runMigration(
                    on: db, name: migration.name, checksForeignKeys: checksForeignKeys, body: migration.migrate
                ) { () throws in
                    switch storage {
                    case .table(let table):
                        try db.run("INSERT INTO \(table.quotedIdentifier) (name) VALUES (?)", migration.name)
                    case .userVersion:
                        try db.setUserVersion(Int32(clamping: index + 1))
                    }
                }
                db.log(.info, "applied migration \(migration.name.quotedIdentifier)")
            }
        }
    }

    /// Creates the migrations table when missing.
    private func prepareStorage(_ db: Connection) throws {
        guard case .table(let table) = storage else { return }
        do {
            try db.execute(
                """
                CREATE TABLE IF NOT EXISTS \(table.quotedIdentifier) (
                    name TEXT NOT NULL PRIMARY KEY,
                    applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
                )
                """)
        } catch {
            throw MigrationError.storage(Result.from(error))
        }
    }

    /// The positions of the registered migrations applied to `db`.
    private func appliedSet(in db: Connection) throws -> Set<Int> {
        do {
            switch storage {
            case .table(let table):
                let exists = try db.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", table)
                guard exists != nil else { return [] }
                let names = Set(try db.rows("SELECT name FROM \(table.quotedIdentifier)") { $0[0] as String })
                return Set(migrations.indices.filter { names.contains(migrations[$0].name) })
            case .userVersion:
                let version = Int(try db.scalar("PRAGMA user_version") as? Int64 ?? 0)
                guard version <= migrations.count else {
                    throw MigrationError.databaseIsNewer(userVersion: version, registered: migrations.count)
                }
                return Set(0..<max(0, version))
            }
        } catch let error as MigrationError {
            throw error
        } catch let error as Result {
            throw MigrationError.storage(Result.from(error))
        } catch {
            throw MigrationError.failed(migration: "", underlying: error)
        }
    }
}

/// Runs one migration in its own transaction, or in a savepoint when `db` is already in one
/// (inside `DatabaseWriter.write`): checked, recorded, committed; rolled back on any failure.
///
/// Foreign key enforcement is suspended for a migration in its own transaction. Inside the
/// caller's transaction it cannot be (SQLite ignores `PRAGMA foreign_keys` there): the checks
/// are deferred to the end of the transaction instead (`PRAGMA defer_foreign_keys`).
func runMigration(
    on db: Connection, name: String, checksForeignKeys: Bool, body: (Connection) throws -> Void,
    record: () throws -> Void
) throws {
    let foreignKeysWereOn = db.foreignKeys
    do {
        try db.schemaTransaction(savepoint: "swift_sqlite_migration".quotedIdentifier) { nested in
            if nested && foreignKeysWereOn { try db.execute("PRAGMA defer_foreign_keys = ON") }
            try body(db)
            if checksForeignKeys {
                let violations = try db.foreignKeyCheck()
                if !violations.isEmpty {
                    throw MigrationError.foreignKeyViolations(migration: name, violations: violations)
                }
            }
            try record()
        }
    } catch let error as MigrationError {
        throw error
    } catch {
        throw MigrationError.failed(migration: name, underlying: error)
    }
}

import SQLiteCore
import SQLiteSchema
import Testing

struct Boom: Error {}

/// Counts how many times each migration ran.
final class RunLog: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ name: String) { entries.withLock { $0.append(name) } }
    var all: [String] { entries.withLock { $0 } }
}

func makeMigrator(storage: Migrator.Storage, log: RunLog, failing: String? = nil) throws -> Migrator {
    var migrator = Migrator(storage: storage)
    let steps: [(String, String)] = [
        ("create users", "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        ("seed users", "INSERT INTO users (name) VALUES ('ada'), ('grace')"),
        ("create posts", "CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id))"),
    ]
    for (name, sql) in steps {
        try migrator.registerMigration(name) { db in
            log.append(name)
            try db.execute(sql)
            if name == failing { throw Boom() }
        }
    }
    return migrator
}

@Suite struct MigratorTests {
    @Test(arguments: [Migrator.Storage.migrationsTable, .userVersion, .table("my \"migrations\"")])
    func appliesMigrationsOnceInOrder(storage: Migrator.Storage) throws {
        let db = try Connection()
        let log = RunLog()
        let migrator = try makeMigrator(storage: storage, log: log)
        #expect(try migrator.appliedMigrations(in: db).isEmpty)
        #expect(try !migrator.hasCompletedMigrations(in: db))
        try migrator.migrate(db)
        try migrator.migrate(db)
        #expect(log.all == ["create users", "seed users", "create posts"])
        #expect(try migrator.appliedMigrations(in: db) == migrator.migrationNames)
        #expect(try migrator.hasCompletedMigrations(in: db))
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
        if storage == .userVersion { #expect(db.userVersion == 3) }
    }

    @Test(arguments: [Migrator.Storage.migrationsTable, .userVersion])
    func migratesUpToATarget(storage: Migrator.Storage) throws {
        let db = try Connection()
        let log = RunLog()
        let migrator = try makeMigrator(storage: storage, log: log)
        try migrator.migrate(db, upTo: "seed users")
        #expect(try migrator.appliedMigrations(in: db) == ["create users", "seed users"])
        try migrator.migrate(db)
        #expect(log.all == ["create users", "seed users", "create posts"])
        #expect(throws: MigrationError.self) { try migrator.migrate(db, upTo: "nope") }
    }

    @Test(arguments: [Migrator.Storage.migrationsTable, .userVersion])
    func rollsBackAFailingMigrationAndResumesLater(storage: Migrator.Storage) throws {
        let db = try Connection()
        let log = RunLog()
        let failing = try makeMigrator(storage: storage, log: log, failing: "seed users")
        do {
            try failing.migrate(db)
            Issue.record("expected the migration to fail")
        } catch let MigrationError.failed(name, underlying) {
            #expect(name == "seed users")
            #expect(underlying is Boom)
        }
        #expect(try failing.appliedMigrations(in: db) == ["create users"])
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 0)
        #expect(!db.isInTransaction)
        let fixed = try makeMigrator(storage: storage, log: log)
        try fixed.migrate(db)
        #expect(log.all == ["create users", "seed users", "seed users", "create posts"])
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
    }

    @Test func appliesAMigrationInsertedLaterByName() throws {
        let db = try Connection()
        let log = RunLog()
        var first = Migrator()
        try first.registerMigration("a") { _ in log.append("a") }
        try first.registerMigration("c") { _ in log.append("c") }
        try first.migrate(db)
        var second = Migrator()
        for name in ["a", "b", "c"] { try second.registerMigration(name) { _ in log.append(name) } }
        #expect(try second.appliedMigrations(in: db) == ["a", "c"])
        try second.migrate(db)
        #expect(log.all == ["a", "c", "b"])
        #expect(
            try db.prepare("SELECT name FROM schema_migrations ORDER BY rowid").map { $0[0] as? String } == [
                "a", "c", "b",
            ])
    }

    @Test func migrationsMayUseSavepoints() throws {
        let db = try Connection()
        var migrator = Migrator()
        try migrator.registerMigration("partial") { db in
            try db.execute("CREATE TABLE t (x)")
            try? db.savepoint { () throws -> Void in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
            try db.execute("INSERT INTO t VALUES (2)")
        }
        try migrator.migrate(db)
        #expect(try db.prepare("SELECT x FROM t").map { $0[0] as? Int64 } == [2])
    }

    @Test(arguments: [
        (MigrationError.duplicateName("a"), "a migration named a is already registered"),
        (.unknownMigration("z"), "no migration named z is registered"),
        (.inTransaction, "migrations cannot run inside a transaction"),
        (
            .databaseIsNewer(userVersion: 5, registered: 3),
            "the database's user_version is 5 but only 3 migrations are registered"
        ),
    ])
    func describesErrors(error: MigrationError, text: String) {
        #expect(error.description == text)
    }

    @Test func rejectsDuplicateNames() throws {
        var migrator = Migrator()
        try migrator.registerMigration("one") { _ in }
        #expect(throws: MigrationError.self) { try migrator.registerMigration("one") { _ in } }
        #expect(migrator.migrationNames == ["one"])
    }

    @Test func checksForeignKeysAfterEachMigration() throws {
        let db = try Connection()
        db.foreignKeys = true
        var migrator = Migrator()
        try migrator.registerMigration("schema") { db in
            try db.execute(
                """
                CREATE TABLE users (id INTEGER PRIMARY KEY);
                CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id));
                """)
        }
        try migrator.registerMigration("orphan") { db in
            try db.execute("INSERT INTO posts (user_id) VALUES (42)")
        }
        #expect {
            try migrator.migrate(db)
        } throws: { error in
            guard case MigrationError.foreignKeyViolations(let name, let violations)? = error as? MigrationError else {
                return false
            }
            return name == "orphan" && violations == [.init(table: "posts", rowid: 1, parent: "users", foreignKeyID: 0)]
        }
        #expect(try migrator.appliedMigrations(in: db) == ["schema"])
        #expect(try db.scalar("SELECT count(*) FROM posts") as? Int64 == 0)
        #expect(db.foreignKeys)

        var unchecked = migrator
        unchecked.checksForeignKeys = false
        try unchecked.migrate(db)
        #expect(try unchecked.hasCompletedMigrations(in: db))
    }

    @Test func migrationsCanRebuildReferencedTables() throws {
        let db = try makeLibrary()
        var migrator = Migrator()
        try migrator.registerMigration("drop emails") { db in
            try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: "email") }
        }
        try migrator.migrate(db)
        #expect(try !db.schema.columnDefinitions(table: "authors").map(\.name).contains("email"))
        #expect(try db.scalar("SELECT count(*) FROM books") as? Int64 == 4)
        #expect(db.foreignKeys)
    }

    /// Inside the caller's transaction (a pool's write), migrations run in savepoints and go
    /// with that transaction: rolled back with it, or committed with it.
    @Test func runsInsideTheCallersTransaction() throws {
        let db = try Connection()
        let migrator = try makeMigrator(storage: .migrationsTable, log: RunLog())
        try db.execute("BEGIN")
        try migrator.migrate(db)
        #expect(try migrator.hasCompletedMigrations(in: db))
        try db.execute("ROLLBACK")
        #expect(try !migrator.hasCompletedMigrations(in: db))
        try db.transaction { try migrator.migrate(db) }
        #expect(try migrator.hasCompletedMigrations(in: db))
    }

    /// Rebuilding a table that foreign keys refer to needs them off, which SQLite cannot do
    /// inside a transaction: inside the caller's, the migration fails cleanly and nothing is
    /// lost (a cascade would delete the referring rows); outside, it runs.
    @Test func rebuildingAReferencedTableNeedsItsOwnTransaction() throws {
        let db = try makeLibrary()
        var migrator = Migrator()
        try migrator.registerMigration("drop emails") { db in
            try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: "email") }
        }
        let error = #expect(throws: MigrationError.self) { try db.transaction { try migrator.migrate(db) } }
        #expect(error?.description.contains("outside the transaction") == true)
        #expect(try db.scalar("SELECT count(*) FROM books") as? Int64 == 4)
        try migrator.migrate(db)
        #expect(try !db.schema.columnDefinitions(table: "authors").map(\.name).contains("email"))
        #expect(try db.scalar("SELECT count(*) FROM books") as? Int64 == 4)
        #expect(db.foreignKeys)
    }

    /// A migration breaking foreign keys inside the caller's transaction is rolled back alone.
    @Test func foreignKeyViolationInsideTheCallersTransactionRollsBackTheMigration() throws {
        let db = try makeLibrary()
        var migrator = Migrator()
        try migrator.registerMigration("orphan") { db in
            try db.execute("INSERT INTO books (author_id, title) VALUES (999, 'orphan')")
        }
        try db.execute("BEGIN")
        #expect(throws: MigrationError.self) { try migrator.migrate(db) }
        #expect(try db.scalar("SELECT count(*) FROM books") as? Int64 == 4)
        try db.execute("COMMIT")
    }

    @Test func rejectsADatabaseFromTheFuture() throws {
        let db = try Connection()
        try db.setUserVersion(9)
        let migrator = try makeMigrator(storage: .userVersion, log: RunLog())
        #expect(throws: MigrationError.self) { try migrator.migrate(db) }
        #expect(throws: MigrationError.self) { try db.migrate(migrations: []) }
    }
}

@Suite struct SkipSQLMigrateTests {
    @Test func appliesPendingVersionsOnUserVersion() throws {
        let db = try Connection()
        var ran: [Int] = []
        let migrations: [(Connection) throws -> Void] = [
            { db in
                ran.append(1)
                try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT)")
            },
            { db in
                ran.append(2)
                try db.execute("ALTER TABLE items ADD COLUMN title TEXT")
            },
        ]
        try db.migrate(migrations: Array(migrations.prefix(1)))
        #expect(db.userVersion == 1)
        try db.migrate(migrations: migrations)
        try db.migrate(migrations: migrations)
        #expect(ran == [1, 2])
        #expect(db.userVersion == 2)
    }

    @Test func stopsAtAFailingVersion() throws {
        let db = try Connection()
        let migrations: [(Connection) throws -> Void] = [
            { db in try db.execute("CREATE TABLE a (x)") },
            { db in
                try db.execute("CREATE TABLE b (x)")
                throw Boom()
            },
            { db in try db.execute("CREATE TABLE c (x)") },
        ]
        #expect {
            try db.migrate(migrations: migrations)
        } throws: { error in
            guard case MigrationError.failed(let name, _)? = error as? MigrationError else { return false }
            return name == "version 2"
        }
        #expect(db.userVersion == 1)
        #expect(try db.schema.tableNames() == ["a"])
    }
}

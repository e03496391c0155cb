import Foundation
import SQLite
import Testing

private struct Player: Record, Equatable, Sendable {
    var id: Int64?
    var name: String
    var score: Int64
}

/// Runs `body` with a fresh pool on a file in a temporary directory, removed afterwards.
private func withPool<T>(_ body: (DatabasePool) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("PoolTierTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let pool = try DatabasePool(path: url.appendingPathComponent("db.sqlite").path)
    defer { try? pool.close() }
    return try await body(pool)
}

/// Every tier inside the closures of a `DatabasePool`: typed queries, records, migrations and
/// schema changes, and an observation of a record fetch.
@Suite struct PoolTierTests {
    @Test func typedQueries() async throws {
        try await withPool { pool in
            let users = Table("users")
            let id = SQLExpression<Int64>("id")
            let email = SQLExpression<String>("email")
            try await pool.write { db in
                try db.run(
                    users.create { t in
                        t.column(id, primaryKey: true)
                        t.column(email, unique: true)
                    })
                try db.run(users.insert(email <- "alice@example.com"))
                try db.run(users.insert(email <- "bob@example.com"))
            }
            let emails = try await pool.read { db in
                try db.prepare(users.select(email).filter(id > 1).order(email)).map { $0[email] }
            }
            #expect(emails == ["bob@example.com"])
            #expect(try await pool.read { db in try db.scalar(users.count) } == 2)
        }
    }

    @Test func recordsSaveAndFetch() async throws {
        try await withPool { pool in
            let saved = try await pool.write { db in
                try db.createTable(for: Player.self)
                var arthur = Player(name: "Arthur", score: 10)
                try db.save(&arthur)
                try db.insert(Player(name: "Barbara", score: 20))
                return arthur
            }
            #expect(saved.id == 1)
            let players = try await pool.read { db in try Player.fetchAll(in: db) }
            #expect(players.map(\.name) == ["Arthur", "Barbara"])
            #expect(try await pool.read { db in try Player.find(Int64(2), in: db) }?.score == 20)
        }
    }

    @Test func migrationsInsideAWriteAndOnThePool() async throws {
        try await withPool { pool in
            var migrator = Migrator()
            try migrator.registerMigration("create") { db in
                try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)")
            }
            try migrator.registerMigration("seed") { db in try db.execute("INSERT INTO items (name) VALUES ('first')") }
            let first = migrator
            try await pool.write { db in try first.migrate(db) }
            #expect(try await pool.read { db in try first.hasCompletedMigrations(in: db) })
            try migrator.registerMigration("add price") { db in
                try db.execute("ALTER TABLE items ADD COLUMN price REAL NOT NULL DEFAULT 0")
            }
            try await migrator.migrate(pool)
            let final = migrator
            #expect(
                try await pool.read { db in try final.appliedMigrations(in: db) } == ["create", "seed", "add price"])
            // A failing migration inside a write rolls back with the whole write.
            try migrator.registerMigration("broken") { db in try db.execute("CREATE TABLE nope (") }
            let broken = migrator
            await #expect(throws: MigrationError.self) {
                try await pool.write { db in
                    try db.execute("INSERT INTO items (name) VALUES ('second')")
                    try broken.migrate(db)
                }
            }
            #expect(try await pool.read { db in try db.scalar("SELECT count(*) FROM items") as? Int64 } == 1)
        }
    }

    @Test func schemaChangeInAWrite() async throws {
        try await withPool { pool in
            try await pool.write { db in
                try db.execute(
                    """
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, legacy TEXT);
                    CREATE INDEX people_legacy ON people (legacy);
                    INSERT INTO people (name, legacy) VALUES ('ada', 'old');
                    """)
            }
            try await pool.write { db in
                try SchemaChanger(connection: db).alter(table: "people") { $0.drop(column: "legacy") }
            }
            let columns = try await pool.read { db in
                try db.prepare("SELECT name FROM pragma_table_info('people') ORDER BY cid").map { $0[0] as? String }
            }
            #expect(columns == ["id", "name"])
            #expect(try await pool.read { db in try db.scalar("PRAGMA integrity_check") as? String } == "ok")
        }
    }

    @Test func observedRecordFetch() async throws {
        try await withPool { pool in
            try await pool.write { db in try db.createTable(for: Player.self) }
            var names = pool.observe { db in try Player.fetchAll(in: db).map(\.name) }.makeAsyncIterator()
            #expect(try await names.next() == [])
            try await pool.write { db in try db.insert(Player(name: "Arthur", score: 1)) }
            #expect(try await names.next() == ["Arthur"])
            // Typed queries go through cached statements: the tables they read are still known.
            let players = Table("player")
            let name = SQLExpression<String>("name")
            var typed = pool.observe { db in try db.prepare(players.select(name)).map { $0[name] } }.makeAsyncIterator()
            #expect(try await typed.next() == ["Arthur"])
            try await pool.write { db in try db.insert(Player(name: "Barbara", score: 2)) }
            #expect(try await names.next() == ["Arthur", "Barbara"])
            #expect(try await typed.next() == ["Arthur", "Barbara"])
        }
    }
}

import Foundation
import SQLite
import Testing

private let sqlcipherOnly: Comment = "needs the SQLCipher trait (swift test --traits SQLCipher)"

/// A fresh directory for one test, removed afterwards.
private func withDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("EncryptedTierTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// Whether the file at `url` holds `text` in the clear anywhere.
private func fileContains(_ url: URL, _ text: String) throws -> Bool {
    let bytes = try Data(contentsOf: url)
    return bytes.range(of: Data(text.utf8)) != nil
}

private struct Gadget: Record, Equatable {
    var id: Int64?
    var name: String
    var price: Double
}

/// Every tier on an encrypted file: typed queries, records, SchemaChanger's rebuild, migrations
/// and backups, each checked for what it wrote and for leaving no plain text behind.
@Suite(.enabled(if: SQLiteFeature.sqlcipher.isAvailable, sqlcipherOnly))
struct EncryptedTierTests {
    @Test func typedQueriesOnAnEncryptedFile() throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("typed.sqlite3")
            let users = Table("users")
            let id = SQLExpression<Int64>("id")
            let email = SQLExpression<String>("email")
            do {
                let db = try Connection(file.path, key: "typed key")
                try db.run(
                    users.create { t in
                        t.column(id, primaryKey: true)
                        t.column(email, unique: true)
                    })
                #expect(
                    users.insert(email <- "alice@example.com").asSQL()
                        == #"INSERT INTO "users" ("email") VALUES ('alice@example.com')"#)
                try db.run(users.insert(email <- "alice@example.com"))
                try db.run(users.insert(email <- "bob@example.com"))
            }
            #expect(try !fileContains(file, "alice@example.com"))
            let db = try Connection(file.path, key: "typed key")
            let query = users.select(email).filter(id > 1).order(email)
            #expect(query.asSQL() == #"SELECT "email" FROM "users" WHERE ("id" > 1) ORDER BY "email""#)
            #expect(try db.prepare(query).map { $0[email] } == ["bob@example.com"])
            #expect(try db.scalar(users.count) == 2)
        }
    }

    @Test func recordsOnAnEncryptedFile() throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("records.sqlite3")
            do {
                let db = try Connection(file.path, key: "record key")
                try db.createTable(for: Gadget.self)
                var pen = Gadget(name: "fountain pen", price: 12.5)
                try db.save(&pen)
                #expect(pen.id == 1)
                try db.insert(Gadget(name: "notebook", price: 3))
            }
            #expect(try !fileContains(file, "fountain pen"))
            let db = try Connection(file.path, key: "record key")
            let all = try db.fetchAll(Gadget.self, Gadget.table.order(Gadget.column("id") as SQLExpression<Int64>))
            #expect(
                all == [Gadget(id: 1, name: "fountain pen", price: 12.5), Gadget(id: 2, name: "notebook", price: 3)])
        }
    }

    /// Dropping an indexed column takes SchemaChanger's 12-step rebuild (a new table, a copy, a
    /// swap), all of which must stay encrypted.
    @Test func schemaChangerRebuildOnAnEncryptedFile() throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("schema.sqlite3")
            do {
                let db = try Connection(file.path, key: "schema key")
                try db.execute(
                    """
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, legacy TEXT);
                    CREATE INDEX people_legacy ON people (legacy);
                    INSERT INTO people (name, legacy) VALUES ('ada-lovelace-canary', 'old'), ('grace', 'older');
                    """)
                try SchemaChanger(connection: db).alter(table: "people") { $0.drop(column: "legacy") }
                let columns = try db.prepare("SELECT name FROM pragma_table_info('people') ORDER BY cid").map {
                    $0[0] as? String
                }
                #expect(columns == ["id", "name"])
                #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'people_legacy'") as? Int64 == 0)
            }
            #expect(try !fileContains(file, "ada-lovelace-canary"))
            #expect(try !fileContains(file, "CREATE TABLE"))
            let db = try Connection(file.path, key: "schema key")
            #expect(
                try db.prepare("SELECT name FROM people ORDER BY id").map { $0[0] as? String } == [
                    "ada-lovelace-canary", "grace",
                ])
            #expect(try db.scalar("PRAGMA integrity_check") as? String == "ok")
        }
    }

    @Test func migrationsOnAnEncryptedFile() throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("migrations.sqlite3")
            var migrator = Migrator()
            try migrator.registerMigration("create") { db in try db.execute("CREATE TABLE items (name TEXT)") }
            try migrator.registerMigration("seed") { db in try db.execute("INSERT INTO items VALUES ('first')") }
            try migrator.migrate(try Connection(file.path, key: "migration key"))
            try migrator.registerMigration("add price") { db in
                try db.execute("ALTER TABLE items ADD COLUMN price REAL NOT NULL DEFAULT 0")
            }
            let db = try Connection(file.path, key: "migration key")
            #expect(try migrator.appliedMigrations(in: db) == ["create", "seed"])
            try migrator.migrate(db)
            #expect(try migrator.hasCompletedMigrations(in: db))
            #expect(try db.scalar("SELECT name || ':' || price FROM items") as? String == "first:0.0")
        }
    }

    /// A backup copies an encrypted database into another encrypted one, under that one's key.
    @Test func backupToAnEncryptedTarget() throws {
        try withDirectory { directory in
            let source = try Connection(directory.appendingPathComponent("source.sqlite3").path, key: "source key")
            try source.execute("CREATE TABLE t (x); INSERT INTO t VALUES ('backed-up-canary')")
            let targetFile = directory.appendingPathComponent("target.sqlite3")
            do {
                let target = try Connection(targetFile.path, key: "target key")
                let backup = try source.backup(usingConnection: target)
                try backup.step()
                backup.finish()
            }
            #expect(try !fileContains(targetFile, "backed-up-canary"))
            let target = try Connection(targetFile.path, key: "target key")
            #expect(try target.scalar("SELECT x FROM t") as? String == "backed-up-canary")
            #expect(throws: Result.self) { _ = try Connection(targetFile.path, key: "source key") }

            // Plain into encrypted is not a backup SQLCipher makes: it says so.
            let plain = try Connection()
            let error = #expect(throws: Result.self) {
                let backup = try plain.backup(usingConnection: try Connection(targetFile.path, key: "target key"))
                try backup.step()
            }
            #expect(error?.message.contains("encrypted") == true, "\(String(describing: error))")
        }
    }

    /// SkipSQL's recipe: encrypt an existing plain database by exporting it, swap the files,
    /// reopen with the key; migrations continue from the same `user_version`.
    @Test func skipSQLEncryptExistingDatabaseRecipe() throws {
        try withDirectory { directory in
            let path = directory.appendingPathComponent("app.sqlite3").path
            let migrations: [(Connection) throws -> Void] = [
                { db in try db.execute("CREATE TABLE notes (body TEXT)") },
                { db in try db.execute("INSERT INTO notes VALUES ('written-before-encryption')") },
                { db in try db.execute("ALTER TABLE notes ADD COLUMN starred INTEGER NOT NULL DEFAULT 0") },
            ]
            do {
                let plain = try Connection(path)
                try plain.migrate(migrations: Array(migrations.prefix(2)))
                #expect(plain.userVersion == 2)
                try plain.sqlcipher_export(.uri(path + ".encrypted"), key: "app key")
                try plain.close()
            }
            #expect(try fileContains(URL(fileURLWithPath: path), "written-before-encryption"))
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".encrypted", toPath: path)
            #expect(try !fileContains(URL(fileURLWithPath: path), "written-before-encryption"))

            let db = try Connection(path, key: "app key")
            #expect(db.userVersion == 2)
            try db.migrate(migrations: migrations)
            #expect(db.userVersion == 3)
            #expect(
                try db.scalar("SELECT body || ':' || starred FROM notes") as? String == "written-before-encryption:0")
            expectNotADatabase { _ = try Connection(path).scalar("SELECT count(*) FROM notes") }
        }
    }

    private func expectNotADatabase(_ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error thrown")
        } catch let error as Result {
            #expect(error.code == SQLITE_NOTADB, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

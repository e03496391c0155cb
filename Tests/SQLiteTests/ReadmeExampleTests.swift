import SQLite
import Testing

/// The README's examples, through the umbrella module: if the README shows it, it compiles and
/// does what it says.
@Suite struct ReadmeExampleTests {
    @Test func coreQuickStart() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS users (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                name TEXT
            )
            """)
        try db.run("INSERT INTO users (email, name) VALUES (?, ?)", "alice@mac.com", "Alice")
        #expect(db.lastInsertRowid == 1)
        let insert = try db.prepare("INSERT INTO users (email) VALUES (:email)")
        try db.transaction {
            for email in ["betty@icloud.com", "cathy@icloud.com"] {
                try insert.run([":email": email])
            }
        }
        var emails: [String] = []
        for row in try db.prepare("SELECT id, email FROM users") { emails.append(row[1] as? String ?? "") }
        #expect(emails == ["alice@mac.com", "betty@icloud.com", "cathy@icloud.com"])
        let select = try db.prepare("SELECT id, email FROM users WHERE id > ?")
        select.bind(0)
        var ids: [Int64] = []
        while try select.step() {
            let id: Int64 = select.row[0]
            ids.append(id)
        }
        #expect(ids == [1, 2, 3])
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 3)
        do {
            try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
            Issue.record("a duplicate email was accepted")
        } catch let Result.error(_, code, statement) where code == SQLITE_CONSTRAINT {
            #expect(statement?.sql == "INSERT INTO users (email) VALUES (?)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        let rows: [[SQLValue]] = try db.selectAll(
            sql: "SELECT id, email FROM users WHERE id > ?", parameters: [0])
        #expect(rows.first == [.integer(1), .text("alice@mac.com")])
        db.logging = LogConfiguration(level: .warning)
        #expect(db.logging.level == .warning)
        db.logging = .off
        db.createFunction("reverse", argumentCount: 1, deterministic: true) { args in
            (args[0] as? String).map { String($0.reversed()) }
        }
        #expect(try db.scalar("SELECT reverse('abc')") as? String == "cba")
    }

    @Test func typedQuickStart() throws {
        let db = try Connection()
        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")
        let name = SQLExpression<String?>("name")
        try db.run(
            users.create(ifNotExists: true) { t in
                t.column(id, primaryKey: true)
                t.column(email, unique: true)
                t.column(name)
            })
        let rowid = try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        var seen: [String] = []
        for user in try db.prepare(users.filter(name != nil).order(email)) {
            seen.append("\(user[id]) \(user[email]) \(user[name] ?? "")")
        }
        #expect(seen == ["1 alice@mac.com Alice"])
        try db.run(users.filter(id == rowid).update(email <- "alice@me.com"))
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.pluck(users)?[email] == "alice@me.com")
    }

    @Test func recordQuickStart() throws {
        struct Player: Record, Equatable {
            var id: Int64?
            var name: String
            var score: Int
        }
        let db = try Connection()
        try db.createTable(for: Player.self, ifNotExists: true)
        var player = Player(id: nil, name: "Arthur", score: 100)
        try db.save(&player)
        #expect(player.id == 1)
        player.score += 10
        try db.save(&player)
        let best = try Player.fetchAll(in: db, order: [SQLExpression<Int>("score").desc], limit: 10)
        #expect(best == [player])
        #expect(try Player.find(player.id, in: db) == player)
    }

    @Test func schemaQuickStart() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, mail TEXT, legacy_flag INTEGER)")
        try db.run("INSERT INTO users (mail, legacy_flag) VALUES (?, ?)", "a@b.c", 1)
        try SchemaChanger(connection: db).alter(table: "users") { table in
            table.drop(column: "legacy_flag")
            table.rename(column: "mail", to: "email")
        }
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name) == ["id", "email"])
        #expect(try db.scalar("SELECT email FROM users") as? String == "a@b.c")

        var migrator = Migrator()
        try migrator.registerMigration("create posts") { db in
            try db.execute("CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        }
        try migrator.migrate(db)
        try migrator.migrate(db)
        #expect(try migrator.hasCompletedMigrations(in: db))
        #expect(try db.integrityCheck().isEmpty)
    }
}

// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// The two usage examples of SQLite.swift's README, in Swift 5 mode, with the database file in a
// scratch directory. Bare expressions whose comment gives a value become expectations of it.

@Suite("SQLite.swift README")
struct ReadmeTests {
    @Test func typedExample() throws {
        let scratch = try ScratchDirectory()
        var log: SQLLog?
        var printed: [String] = []
        var remaining: Int?
        // Wrap everything in a do...catch to handle errors
        do {
            let db = try Connection(scratch.file("db.sqlite3"))
            log = SQLLog(db)

            let users = Table("users")
            let id = SQLite.Expression<Int64>("id")
            let name = SQLite.Expression<String?>("name")
            let email = SQLite.Expression<String>("email")

            try db.run(users.create { t in
                t.column(id, primaryKey: true)
                t.column(name)
                t.column(email, unique: true)
            })
            // CREATE TABLE "users" (
            //     "id" INTEGER PRIMARY KEY NOT NULL,
            //     "name" TEXT,
            //     "email" TEXT NOT NULL UNIQUE
            // )

            let insert = users.insert(name <- "Alice", email <- "alice@mac.com")
            let rowid = try db.run(insert)
            // INSERT INTO "users" ("name", "email") VALUES ('Alice', 'alice@mac.com')

            for user in try db.prepare(users) {
                print("id: \(user[id]), name: \(String(describing: user[name])), email: \(user[email])")
                // id: 1, name: Optional("Alice"), email: alice@mac.com
                printed.append("id: \(user[id]), name: \(String(describing: user[name])), email: \(user[email])")
            }
            // SELECT * FROM "users"

            let alice = users.filter(id == rowid)

            try db.run(alice.update(email <- email.replace("mac.com", with: "me.com")))
            // UPDATE "users" SET "email" = replace("email", 'mac.com', 'me.com')
            // WHERE ("id" = 1)

            try db.run(alice.delete())
            // DELETE FROM "users" WHERE ("id" = 1)

            remaining = try db.scalar(users.count) // 0
            // SELECT count(*) FROM "users"
        } catch {
            print (error)
            Issue.record(error)
        }
        #expect(printed == [#"id: 1, name: Optional("Alice"), email: alice@mac.com"#])
        #expect(remaining == 0)
        #expect(
            log?.take() == [
                #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "name" TEXT, "email" TEXT NOT NULL UNIQUE)"#,
                #"INSERT INTO "users" ("name", "email") VALUES ('Alice', 'alice@mac.com')"#,
                #"SELECT * FROM "users""#,
                #"UPDATE "users" SET "email" = replace("email", 'mac.com', 'me.com') WHERE ("id" = 1)"#,
                #"DELETE FROM "users" WHERE ("id" = 1)"#,
                #"SELECT count(*) FROM "users""#,
            ])
    }

    @Test func rawExample() throws {
        let db = try Connection()
        // Alice (1) was inserted and deleted by the typed example; AUTOINCREMENT keeps her id
        // from being reused, as the README's numbers assume.
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL)")
        try db.run("INSERT INTO users (email) VALUES ('alice@mac.com')")
        try db.run("DELETE FROM users")
        var printed: [String] = []
        var count: Binding?
        // Wrap everything in a do...catch to handle errors
        do {
            // ...

            let stmt = try db.prepare("INSERT INTO users (email) VALUES (?)")
            for email in ["betty@icloud.com", "cathy@icloud.com"] {
                try stmt.run(email)
            }

            #expect(db.totalChanges == 4)    // 3
            #expect(db.changes == 1)         // 1
            #expect(db.lastInsertRowid == 3) // 3

            for row in try db.prepare("SELECT id, email FROM users") {
                print("id: \(String(describing: row[0])), email: \(String(describing: row[1]))")
                // id: Optional(2), email: Optional("betty@icloud.com")
                // id: Optional(3), email: Optional("cathy@icloud.com")
                printed.append("id: \(String(describing: row[0])), email: \(String(describing: row[1]))")
            }

            count = try db.scalar("SELECT count(*) FROM users") // 2
        } catch {
            print (error)
            Issue.record(error)
        }
        #expect(
            printed == [
                #"id: Optional(2), email: Optional("betty@icloud.com")"#,
                #"id: Optional(3), email: Optional("cathy@icloud.com")"#,
            ])
        #expect(count as? Int64 == 2)
    }
}

// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// The code of SQLite.swift's extra documentation snippets (`SQLite.swift-doc-snippets.txt`):
// WAL configuration, iteration, Codable types and joins, in Swift 5 mode. Its SQLCipher snippet
// (`db.key`, `db.rekey`, `db.sqlcipher_export`) needs a SQLCipher build, which this package does
// not offer yet.

@Suite("SQLite.swift documentation snippets")
struct DocSnippetsTests {
    let users = Table("users")
    let posts = Table("posts")
    let id = Expression<Int64>("id")
    let email = Expression<String>("email")
    let name = Expression<String?>("name")

    @Test func walAtConnectionTime() throws {
        let scratch = try ScratchDirectory()
        let db = try Connection(scratch.file("db.sqlite3"), journalMode: .wal)
        #expect(db.journalMode == .wal)
        #expect(db.synchronous == .normal)
        #expect(Connection.JournalMode.wal.rawValue == "wal")
    }

    @Test func enableWALIsIdempotent() throws {
        let scratch = try ScratchDirectory()
        let db = try Connection(scratch.file("db.sqlite3"))
        try db.enableWAL()
        try db.enableWAL()
        #expect(db.journalMode == .wal)
        let mode: Connection.JournalMode = try db.enableWAL()
        #expect(mode == .wal)
    }

    @Test func enableWALKeepsWhatSQLiteKeeps() throws {
        let db = try Connection()  // in memory: SQLite keeps "memory"
        let mode = try db.enableWAL()
        #expect(mode == .memory)
    }

    @Test func setJournalMode() throws {
        let scratch = try ScratchDirectory()
        let db = try Connection(scratch.file("db.sqlite3"))
        let applied = try db.setJournalMode(.wal)
        #expect(applied == .wal)
        db.journalMode = .truncate
        #expect(db.journalMode == .truncate)
    }

    @Test func readOnlyWithJournalMode() throws {
        let scratch = try ScratchDirectory()
        let seed = try Connection(scratch.file("db.sqlite3"))
        try seed.run("CREATE TABLE t (x)")
        let db = try Connection(scratch.file("db.sqlite3"), readonly: true, journalMode: .wal)
        #expect(db.readonly)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func iterateAndAccessValues() throws {
        let (db, _) = try DocDatabase.populated()
        var lines: [String] = []
        for user in try db.prepare(users) {
            print("id: \(user[id]), email: \(user[email]), name: \(String(describing: user[name]))")
            lines.append(user[email])
        }

        // Manual error handling for column access
        var names: [String?] = []
        for user in try db.prepare(users) {
            do {
                print("name: \(String(describing: try user.get(name)))")
                names.append(try user.get(name))
            } catch {
                // handle
            }
        }
        #expect(lines == ["alice@mac.com", "betty@icloud.com", "cathy@mac.com"])
        #expect(names == ["Alice", "Betty", nil])
    }

    struct User: Codable, Equatable {
        let name: String
    }

    @Test func codableTypes() throws {
        let db = try Connection()
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let log = SQLLog(db)
        // Inserting
        try db.run(users.insert(User(name: "test")))
        #expect(log.last() == #"INSERT INTO "users" ("name") VALUES ('test')"#)

        // Updating
        let userId: Int64 = 1
        let user = User(name: "updated")
        try db.run(users.filter(id == userId).update(user))
        #expect(log.last() == #"UPDATE "users" SET "name" = 'updated' WHERE ("id" = 1)"#)

        // Retrieving
        let loadedUsers: [User] = try db.prepare(users).map { row in
            return try row.decode()
        }
        #expect(loadedUsers == [User(name: "updated")])
    }

    @Test func joinsAndNamespacing() throws {
        let (db, _) = try DocDatabase.populated()
        let user_id = Expression<Int64?>("user_id")
        let managerId = Expression<Int64?>("manager_id")

        // Basic Join
        let basic = users.join(posts, on: user_id == users[id])
        #expect(basic.asSQL() == #"SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")"#)

        // Namespacing to avoid ambiguity
        let query = users.join(posts, on: user_id == users[id])
        #expect(try db.prepare(query).map { $0[users[id]] } == [1, 1, 2])

        // Table Aliasing
        let managers = users.alias("managers")
        let aliased = users.join(managers, on: managers[id] == users[managerId])

        // Accessing namespaced columns from a Row
        let user = try db.pluck(aliased)!
        #expect(user[users[id]] == 2)    // returns "users"."id"
        #expect(user[managers[id]] == 1)
    }
}

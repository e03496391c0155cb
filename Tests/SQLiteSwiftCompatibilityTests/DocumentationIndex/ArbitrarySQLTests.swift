// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Executing Arbitrary SQL" through "Vacuum", in Swift 5 mode.
// A bare expression whose comment shows its value (`db.changes // -> {Some 1}`) becomes an
// expectation of that value.

@Suite("Documentation: executing arbitrary SQL, backup, attach, logging")
struct ArbitrarySQLTests {
    @Test func execute() throws {
        let db = try Connection()
        try db.execute("""
            BEGIN TRANSACTION;
            CREATE TABLE users (
                id INTEGER PRIMARY KEY NOT NULL,
                email TEXT UNIQUE NOT NULL,
                name TEXT
            );
            CREATE TABLE posts (
                id INTEGER PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                published_at DATETIME
            );
            PRAGMA user_version = 1;
            COMMIT TRANSACTION;
            """
        )
        #expect(db.userVersion == 1)
        #expect(try db.schema.objectDefinitions(type: .table).map(\.name).sorted() == ["posts", "users"])
    }

    @Test func prepareRunAndScalar() throws {
        let db = try Connection()
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY NOT NULL, email TEXT UNIQUE NOT NULL)")
        do {
            let stmt = try db.prepare("INSERT INTO users (email) VALUES (?)")
            try stmt.run("alice@mac.com")
            #expect(db.changes == 1) // -> {Some 1}
        }
        do {
            let stmt = try db.prepare("SELECT id, email FROM users")
            var printed: [String] = []
            for row in stmt {
                for (index, name) in stmt.columnNames.enumerated() {
                    print ("\(name):\(row[index]!)")
                    // id: Optional(1), email: Optional("alice@mac.com")
                    printed.append("\(name):\(row[index]!)")
                }
            }
            #expect(printed == ["id:1", "email:alice@mac.com"])
        }
        try db.run("INSERT INTO users (email) VALUES (?)", "betty@icloud.com")
        do {
            let count = try db.scalar("SELECT count(*) FROM users") as! Int64
            #expect(count == 2)
        }
        do {
            let stmt = try db.prepare("SELECT count (*) FROM users")
            let count = try stmt.scalar() as! Int64
            #expect(count == 2)
        }
    }

    @Test func onlineBackup() throws {
        let scratch = try ScratchDirectory()
        let seed = try Connection(scratch.file("db.sqlite"))
        try seed.run("CREATE TABLE t (x)")
        try seed.run("INSERT INTO t VALUES (42)")

        // creates an in-memory copy of db.sqlite
        let db = try Connection(scratch.file("db.sqlite"))
        let target = try Connection(.inMemory)

        let backup = try db.backup(usingConnection: target)
        try backup.step()
        #expect(try target.scalar("SELECT x FROM t") as? Int64 == 42)
    }

    @Test func attachAndDetach() throws {
        let scratch = try ScratchDirectory()
        let external = try Connection(scratch.file("external.sqlite"))
        try external.run(#"CREATE TABLE "table" (x)"#)
        try external.run(#"INSERT INTO "table" VALUES (1), (2)"#)

        let db = try Connection(scratch.file("db.sqlite"))
        let log = SQLLog(db)

        try db.attach(.uri(scratch.file("external.sqlite"), parameters: [.mode(.readOnly)]), as: "external")
        // ATTACH DATABASE 'file:external.sqlite?mode=ro' AS 'external'
        #expect(log.last() == "ATTACH DATABASE 'file:\(scratch.file("external.sqlite"))?mode=ro' AS 'external'")

        let table = Table("table", database: "external")
        let count = try db.scalar(table.count)
        // SELECT count(*) FROM 'external.table'
        #expect(count == 2)
        #expect(log.last() == #"SELECT count(*) FROM "external"."table""#)

        try db.detach("external")
        // DETACH DATABASE 'external'
        #expect(log.last() == "DETACH DATABASE 'external'")
        #expect(throws: Result.self) { try db.scalar(table.count) }
    }

    @Test func logging() throws {
        let db = try Connection()
        #if DEBUG
            db.trace { print($0) }
        #endif
        try db.run("SELECT 1")
        db.trace(nil)
    }

    @Test func vacuum() throws {
        let scratch = try ScratchDirectory()
        let db = try Connection(scratch.file("db.sqlite"))
        try db.run("CREATE TABLE t (x)")
        try db.vacuum()
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }
}

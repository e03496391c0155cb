// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Building Type-Safe SQL" through "Table Constraints", in Swift 5
// mode. Blocks that are fragments of a table builder (`t.column(...)`) run inside
// `users.create { t in ... }`; the expected SQL is what SQLite.swift generates (the
// documentation's own comments differ in a few known places: NOT NULL comes before UNIQUE,
// defaults are parenthesized, built-in collations are not quoted, table constraints are spaced).

@Suite("Documentation: building type-safe SQL and creating tables")
struct CreatingTablesTests {
    // The documentation's expressions and query.
    let id = Expression<Int64>("id")
    let email = Expression<String>("email")
    let balance = Expression<Double>("balance")
    let verified = Expression<Bool>("verified")
    let name = Expression<String?>("name")
    let users = Table("users")

    @Test func createTable() throws {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run(users.create { t in     // CREATE TABLE "users" (
            t.column(id, primaryKey: true) //     "id" INTEGER PRIMARY KEY NOT NULL,
            t.column(email, unique: true)  //     "email" TEXT UNIQUE NOT NULL,
            t.column(name)                 //     "name" TEXT
        })                                 // )
        #expect(
            log.last()
                == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "email" TEXT NOT NULL UNIQUE, "name" TEXT)"#)
        try db.run(users.insert(email <- "alice@mac.com"))
        #expect(throws: Result.self) { try db.run(users.insert(email <- "alice@mac.com")) }
    }

    @Test func createTableOptions() throws {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run(users.create(temporary: true) { t in t.column(id) })
        #expect(log.last() == #"CREATE TEMPORARY TABLE "users" ("id" INTEGER NOT NULL)"#)
        try db.run(users.create(ifNotExists: true) { t in t.column(id) })
        #expect(log.last() == #"CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER NOT NULL)"#)
        // The documentation's blocks, with empty builders:
        let temporary = users.create(temporary: true) { t in /* ... */ }
        let ifNotExists = users.create(ifNotExists: true) { t in /* ... */ }
        #expect(temporary.hasPrefix(#"CREATE TEMPORARY TABLE "users""#))
        #expect(ifNotExists.hasPrefix(#"CREATE TABLE IF NOT EXISTS "users""#))
    }

    /// Runs `build` as the only column of a fresh `users` table and returns its SQL.
    func created(_ build: (TableBuilder) -> Void) throws -> String {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run(users.create(block: build))
        return log.last() ?? ""
    }

    @Test func primaryKeyConstraints() throws {
        #expect(
            try created { t in
                t.column(id, primaryKey: true)
            } == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL)"#)
        #expect(
            try created { t in
                t.column(id, primaryKey: .autoincrement)
            } == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL)"#)
    }

    @Test func uniqueConstraint() throws {
        #expect(
            try created { t in
                t.column(email, unique: true)
            } == #"CREATE TABLE "users" ("email" TEXT NOT NULL UNIQUE)"#)
    }

    @Test func checkConstraint() throws {
        #expect(
            try created { t in
                t.column(email, check: email.like("%@%"))
            } == #"CREATE TABLE "users" ("email" TEXT NOT NULL CHECK ("email" LIKE '%@%'))"#)
        let db = try Connection()
        try db.run(users.create { t in t.column(email, check: email.like("%@%")) })
        try db.run(users.insert(email <- "alice@mac.com"))
        #expect(throws: Result.self) { try db.run(users.insert(email <- "nobody")) }
    }

    @Test func defaultValue() throws {
        #expect(
            try created { t in
                t.column(name, defaultValue: "Anonymous")
            } == #"CREATE TABLE "users" ("name" TEXT DEFAULT ('Anonymous'))"#)
        let db = try Connection()
        try db.run(users.create { t in
            t.column(id, primaryKey: true)
            t.column(name, defaultValue: "Anonymous")
        })
        try db.run(users.insert(id <- 1))
        #expect(try db.pluck(users)?[name] == "Anonymous")
    }

    @Test func collation() throws {
        #expect(
            try created { t in
                t.column(email, collate: .nocase)
            } == #"CREATE TABLE "users" ("email" TEXT NOT NULL COLLATE NOCASE)"#)
        #expect(
            try created { t in
                t.column(name, collate: .rtrim)
            } == #"CREATE TABLE "users" ("name" TEXT COLLATE RTRIM)"#)
    }

    @Test func references() throws {
        let user_id = Expression<Int64>("user_id")
        let db = try Connection()
        let log = SQLLog(db)
        try db.run(users.create { t in t.column(id, primaryKey: true) })
        let posts = Table("posts")
        try db.run(posts.create { t in
            t.column(user_id, references: users, id)
        })
        #expect(log.last() == #"CREATE TABLE "posts" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id"))"#)
    }

    @Test func tableConstraints() throws {
        let local = Expression<String>("local")
        let domain = Expression<String>("domain")
        let user_id = Expression<Int64?>("user_id")
        #expect(
            try created { t in
                t.column(email)
                t.column(name)
                t.primaryKey(email.asc, name)
            } == #"CREATE TABLE "users" ("email" TEXT NOT NULL, "name" TEXT, PRIMARY KEY ("email" ASC, "name"))"#)
        #expect(
            try created { t in
                t.column(local)
                t.column(domain)
                t.unique(local, domain)
            } == #"CREATE TABLE "users" ("local" TEXT NOT NULL, "domain" TEXT NOT NULL, UNIQUE ("local", "domain"))"#)
        #expect(
            try created { t in
                t.column(balance)
                t.check(balance >= 0)
            } == #"CREATE TABLE "users" ("balance" REAL NOT NULL, CHECK (("balance" >= 0.0)))"#)

        let db = try Connection()
        let log = SQLLog(db)
        try db.run(users.create { t in t.column(id, primaryKey: true) })
        let posts = Table("posts")
        try db.run(posts.create { t in
            t.column(user_id)
            t.foreignKey(user_id, references: users, id, delete: .setNull)
        })
        #expect(
            log.last()
                == #"CREATE TABLE "posts" ("user_id" INTEGER, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL)"#
        )
        db.foreignKeys = true
        try db.run(users.insert(id <- 1))
        try db.run(posts.insert(user_id <- 1))
        try db.run(users.delete())
        #expect(try db.pluck(posts)?[user_id] == nil)
    }

    @Test func boolColumnsAreIntegers() throws {
        #expect(
            try created { t in
                t.column(verified, defaultValue: false)
            } == #"CREATE TABLE "users" ("verified" INTEGER NOT NULL DEFAULT (0))"#)
    }
}

// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation: "Inserting Rows", "Handling SQLite errors", "Setters",
// "Upserting Rows", "Updating Rows", "Deleting Rows" and "Transactions and Savepoints", in
// Swift 5 mode. A statement the documentation writes as a bare expression is kept as written
// when it compiles without a warning; each block is followed by assertions on the SQL that ran
// (through `trace`) and on the rows.

@Suite("Documentation: inserting, updating and deleting rows")
struct WritingRowsTests {
    let users = Table("users")
    let id = Expression<Int64>("id")
    let email = Expression<String>("email")
    let name = Expression<String?>("name")
    let balance = Expression<Double>("balance")
    let managerId = Expression<Int64?>("manager_id")

    @Test func insert() throws {
        let (db, log) = try DocDatabase.make()
        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
        #expect(log.last() == #"INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')"#)

        try db.run(users.insert(or: .replace, email <- "alice@mac.com", name <- "Alice B."))
        // INSERT OR REPLACE INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice B.')
        #expect(
            log.last() == #"INSERT OR REPLACE INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice B.')"#)
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.pluck(users)?[name] == "Alice B.")
    }

    @Test func insertReturnsTheRowid() throws {
        let (db, _) = try DocDatabase.make()
        var inserted: Int64 = 0
        do {
            let rowid = try db.run(users.insert(email <- "alice@mac.com"))
            print("inserted id: \(rowid)")
            inserted = rowid
        } catch {
            print("insertion failed: \(error)")
        }
        #expect(inserted == 1)
    }

    @Test func insertMany() throws {
        let (db, log) = try DocDatabase.make()
        let mail = email
        var last: Int64 = 0
        // The documentation passes each row's setters as a separate argument; SQLite.swift takes
        // an array of them (`insertMany([[Setter]])`).
        do {
            let lastRowid = try db.run(users.insertMany([[mail <- "alice@mac.com"], [email <- "geoff@mac.com"]]))
            print("last inserted id: \(lastRowid)")
            last = lastRowid
        } catch {
            print("insertion failed: \(error)")
        }
        #expect(last == 2)
        #expect(log.last() == #"INSERT INTO "users" ("email") VALUES ('alice@mac.com'), ('geoff@mac.com')"#)
        // The documentation's variadic form compiles too.
        let more = try db.run(users.insertMany([mail <- "hank@mac.com"], [email <- "ivy@mac.com"]))
        #expect(more == 4)
    }

    @Test func insertDefaultValues() throws {
        let db = try Connection()
        let log = SQLLog(db)
        let timestamps = Table("timestamps")
        try db.run("CREATE TABLE timestamps (id INTEGER PRIMARY KEY, at TEXT DEFAULT CURRENT_TIMESTAMP)")
        try db.run(timestamps.insert())
        // INSERT INTO "timestamps" DEFAULT VALUES
        #expect(log.last() == #"INSERT INTO "timestamps" DEFAULT VALUES"#)
        #expect(try db.scalar(timestamps.count) == 1)
    }

    @Test func handlingConstraintErrors() throws {
        let (db, _) = try DocDatabase.make()
        var caught: (String, Int32, String?)?
        do {
            try db.run(users.insert(email <- "alice@mac.com"))
            try db.run(users.insert(email <- "alice@mac.com"))
        } catch let Result.error(message, code, statement) where code == SQLITE_CONSTRAINT {
            print("constraint failed: \(message), in \(String(describing: statement))")
            caught = (message, code, statement?.sql)
        } catch let error {
            print("insertion failed: \(error)")
        }
        #expect(caught?.0 == "UNIQUE constraint failed: users.email")
        #expect(caught?.1 == SQLITE_CONSTRAINT)
        #expect(caught?.2 == #"INSERT INTO "users" ("email") VALUES (?)"#)
    }

    @Test func setters() throws {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run("CREATE TABLE counters (id INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
        try db.run("INSERT INTO counters VALUES (1, 5)")
        let counters = Table("counters")
        let count = Expression<Int>("count")
        let counter = counters.filter(id == 1)

        try db.run(counter.update(count <- 0))
        // UPDATE "counters" SET "count" = 0 WHERE ("id" = 1)
        #expect(log.last() == #"UPDATE "counters" SET "count" = 0 WHERE ("id" = 1)"#)

        try db.run(counter.update(count++)) // equivalent to `counter.update(count -> count + 1)`
        // UPDATE "counters" SET "count" = "count" + 1 WHERE ("id" = 1)
        #expect(log.last() == #"UPDATE "counters" SET "count" = ("count" + 1) WHERE ("id" = 1)"#)
        #expect(try db.pluck(counter)?[count] == 1)
    }

    @Test func moveAmountInTransaction() throws {
        let (db, log) = try DocDatabase.populated()
        let alice = users.filter(id == 1)
        let betty = users.filter(id == 2)
        let amount = 100.0
        try db.transaction {
            try db.run(alice.update(balance -= amount))
            try db.run(betty.update(balance += amount))
        }
        #expect(
            log.take() == [
                "BEGIN DEFERRED TRANSACTION",
                #"UPDATE "users" SET "balance" = ("balance" - 100.0) WHERE ("id" = 1)"#,
                #"UPDATE "users" SET "balance" = ("balance" + 100.0) WHERE ("id" = 2)"#,
                "COMMIT TRANSACTION",
            ])
        #expect(try db.pluck(alice)?[balance] == 0)
        #expect(try db.pluck(betty)?[balance] == 10_100)
    }

    @Test func upsert() throws {
        let (db, log) = try DocDatabase.populated()
        try db.run(users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email))
        #expect(
            log.last()
                == #"INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice') ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name""#
        )
        var upserted: Int64 = 0
        do {
            let rowid = try db.run(users.upsert(email <- "dora@mac.com", name <- "Dora", onConflictOf: email))
            print("inserted id: \(rowid)")
            upserted = rowid
        } catch {
            print("insertion failed: \(error)")
        }
        #expect(upserted == 4)
        #expect(try db.scalar(users.count) == 4)
    }

    @Test func update() throws {
        let (db, log) = try DocDatabase.make()
        try db.run("INSERT INTO users (email) VALUES ('alice@mac.com')")
        _ = log.take()
        try db.run(users.update(email <- "alice@me.com"))
        // UPDATE "users" SET "email" = 'alice@me.com'
        #expect(log.last() == #"UPDATE "users" SET "email" = 'alice@me.com'"#)
        #expect(try db.pluck(users)?[email] == "alice@me.com")
    }

    @Test func updateFiltered() throws {
        let (db, log) = try DocDatabase.populated()
        let alice = users.filter(id == 1)
        try db.run(alice.update(email <- "alice@me.com"))
        // UPDATE "users" SET "email" = 'alice@me.com' WHERE ("id" = 1)
        #expect(log.last() == #"UPDATE "users" SET "email" = 'alice@me.com' WHERE ("id" = 1)"#)
        var outcome = ""
        do {
            if try db.run(alice.update(email <- "alice@me.com")) > 0 {
                print("updated alice")
                outcome = "updated"
            } else {
                print("alice not found")
                outcome = "not found"
            }
        } catch {
            print("update failed: \(error)")
        }
        #expect(outcome == "updated")
    }

    @Test func delete() throws {
        let (db, log) = try DocDatabase.populated()
        let alice = users.filter(id == 1)
        try db.run(alice.delete())
        // DELETE FROM "users" WHERE ("id" = 1)
        #expect(log.last() == #"DELETE FROM "users" WHERE ("id" = 1)"#)
        var outcome = ""
        do {
            if try db.run(alice.delete()) > 0 {
                print("deleted alice")
                outcome = "deleted"
            } else {
                print("alice not found")
                outcome = "not found"
            }
        } catch {
            print("delete failed: \(error)")
        }
        #expect(outcome == "not found")
        try db.run(users.delete())
        // DELETE FROM "users"
        #expect(log.last() == #"DELETE FROM "users""#)
        #expect(try db.scalar(users.count) == 0)
    }

    @Test func transaction() throws {
        let (db, log) = try DocDatabase.populated()
        try db.run(users.delete())
        _ = log.take()
        try db.transaction {
            let rowid = try db.run(users.insert(email <- "betty@icloud.com"))
            try db.run(users.insert(email <- "cathy@icloud.com", managerId <- rowid))
        }
        #expect(
            log.take() == [
                "BEGIN DEFERRED TRANSACTION",
                #"INSERT INTO "users" ("email") VALUES ('betty@icloud.com')"#,
                #"INSERT INTO "users" ("email", "manager_id") VALUES ('cathy@icloud.com', 1)"#,
                "COMMIT TRANSACTION",
            ])
    }

    @Test func singleStatementTransactionAndSavepoint() throws {
        let (db, _) = try DocDatabase.make()
        // A block of one expression whose value is discarded, as SQLite.swift programs write it.
        try db.transaction {
            try db.run(users.insert(email <- "alice@mac.com"))
        }
        try db.savepoint {
            try db.run(users.insert(email <- "betty@icloud.com"))
        }
        #expect(try db.scalar(users.count) == 2)
    }
}

import SQLiteCore
import SQLiteTyped
import Testing

@Suite struct WriteTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name
    let managerId = Doc.managerId

    @Test func insertRendersAndReturnsRowid() throws {
        #expect(
            users.insert(email <- "alice@mac.com", name <- "Alice").asSQL()
                == #"INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')"#)
        #expect(
            users.insert(or: .replace, email <- "alice@mac.com", name <- "Alice B.").asSQL()
                == #"INSERT OR REPLACE INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice B.')"#)
        #expect(Table("timestamps").insert().asSQL() == #"INSERT INTO "timestamps" DEFAULT VALUES"#)
        let db = try Doc.database()
        #expect(try db.run(users.insert(email <- "alice@mac.com", name <- "Alice")) == 1)
        #expect(try db.run(users.insert(email <- "betty@mac.com")) == 2)
        #expect(try db.run(users.insert(or: .replace, id <- 1, email <- "alice@mac.com", name <- "Alice B.")) == 1)
        #expect(try db.scalar(users.filter(id == 1).select(name)) == "Alice B.")
    }

    @Test func constraintErrorsAreSQLiteResults() throws {
        let db = try Doc.database()
        try db.run(users.insert(email <- "alice@mac.com"))
        do {
            try db.run(users.insert(email <- "alice@mac.com"))
            Issue.record("expected a constraint error")
        } catch let Result.error(message, code, _) where code == SQLITE_CONSTRAINT {
            #expect(message.contains("UNIQUE"))
        }
    }

    /// The typed tier's errors are Core's: SQLite's codes, message and the statement's SQL.
    @Test func constraintErrorsCarryTheCodesAndTheSQL() throws {
        let db = try Doc.database()
        try db.run(users.insert(email <- "alice@mac.com"))
        let insert = users.insert(email <- "alice@mac.com")
        let sql = #"INSERT INTO "users" ("email") VALUES (?)"#
        #expect(insert.expression.template == sql)
        let error = try #require(throws: Result.self) { try db.run(insert) }
        #expect(error.code == SQLITE_CONSTRAINT)
        #expect(error.extendedCode == SQLITE_CONSTRAINT)
        #expect(error.message == "UNIQUE constraint failed: users.email")
        #expect(error.sql == sql)
        #expect(error.description == "UNIQUE constraint failed: users.email (code: 19)")
        #expect(error.debugDescription == "UNIQUE constraint failed: users.email (\(sql)) (code: 19)")

        db.usesExtendedErrorCodes = true
        let extended = try #require(throws: Result.self) { try db.run(insert) }
        guard case .extendedError(_, let extendedCode, let statement) = extended else {
            Issue.record("expected .extendedError, got \(extended)")
            return
        }
        #expect(extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(statement?.sql == sql)
        // A failed update names its own SQL.
        try db.run(users.insert(email <- "betty@mac.com"))
        let update = try #require(throws: Result.self) {
            try db.run(users.filter(email == "betty@mac.com").update(email <- "alice@mac.com"))
        }
        #expect(update.extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(update.sql == #"UPDATE "users" SET "email" = ? WHERE ("email" = ?)"#)
        #expect(try db.scalar(users.count) == 2)
    }

    @Test func insertManyRowsAndFromSelect() throws {
        #expect(
            users.insertMany([email <- "alice@mac.com"], [email <- "geoff@mac.com"]).asSQL()
                == #"INSERT INTO "users" ("email") VALUES ('alice@mac.com'), ('geoff@mac.com')"#)
        #expect(
            users.insertMany(or: .ignore, [[email <- "a@x"], [email <- "b@x", name <- "B"]]).asSQL()
                == #"INSERT OR IGNORE INTO "users" ("email", "name") VALUES ('a@x', NULL), ('b@x', 'B')"#)
        #expect(
            users.insertMany(or: .ignore, [email <- "a@x"], [email <- "b@x"]).asSQL()
                == #"INSERT OR IGNORE INTO "users" ("email") VALUES ('a@x'), ('b@x')"#)
        let db = try Doc.database()
        #expect(try db.run(users.insertMany([[email <- "alice@mac.com"], [email <- "geoff@mac.com"]])) == 2)
        #expect(try db.run(users.insertMany(or: .ignore, [email <- "alice@mac.com"], [email <- "b@x"])) == 3)
        #expect(try db.scalar(users.count) == 3)
        let archive = Table("archive")
        try db.execute("CREATE TABLE archive (email TEXT)")
        #expect(
            archive.insert(users.select(email)).asSQL() == #"INSERT INTO "archive" SELECT "email" FROM "users""#)
        let copied: Int = try db.run(archive.insert(users.select(email)))
        #expect(copied == 3)
        #expect(try db.scalar(archive.count) == 3)
    }

    @Test func upsert() throws {
        let upsert = users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email)
        #expect(
            upsert.asSQL()
                == #"INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice') ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name""#
        )
        let db = try Doc.database()
        let first = try db.run(upsert)
        let second = try db.run(users.upsert(email <- "alice@mac.com", name <- "Alicia", onConflictOf: email))
        #expect(first == 1)
        #expect(second == 1)
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.scalar(users.select(name)) == "Alicia")
        // The inserted values one by one, the update setters as a list.
        let renamed = users.upsert(email <- "alice@mac.com", name <- "A", onConflictOf: email, set: [name <- "Al"])
        #expect(
            renamed.asSQL()
                == #"INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'A') ON CONFLICT ("email") DO UPDATE SET "name" = 'Al'"#
        )
        #expect(try db.run(renamed) == 1)
        #expect(try db.scalar(users.select(name)) == "Al")
        let added = users.upsert(email <- "betty@mac.com", name <- "Betty", onConflictOf: email, set: [name <- "B"])
        #expect(try db.run(added) == 2)
        #expect(try db.prepareRowIterator(users.order(id)).map { $0[name] } == ["Al", "Betty"])
        let nothing = users.upsert([email <- "alice@mac.com"], onConflictOf: email, set: [])
        #expect(nothing.asSQL().hasSuffix(#"ON CONFLICT ("email") DO NOTHING"#))
        try db.run(nothing)
    }

    @Test func updateAndDelete() throws {
        #expect(users.update(email <- "alice@me.com").asSQL() == #"UPDATE "users" SET "email" = 'alice@me.com'"#)
        let alice = users.filter(id == 1)
        #expect(
            alice.update(email <- "alice@me.com").asSQL()
                == #"UPDATE "users" SET "email" = 'alice@me.com' WHERE ("id" = 1)"#)
        #expect(users.delete().asSQL() == #"DELETE FROM "users""#)
        #expect(alice.delete().asSQL() == #"DELETE FROM "users" WHERE ("id" = 1)"#)
        let db = try Doc.populated()
        #expect(try db.run(alice.update(email <- "alice@me.com")) == 1)
        #expect(try db.run(users.filter(id == 99).update(email <- "nobody")) == 0)
        #expect(try db.run(alice.delete()) == 1)
        #expect(try db.run(alice.delete()) == 0)
        #expect(try db.run(users.delete()) == 2)
    }

    /// SQLite.swift's `... ORDER BY ... LIMIT ...` where the library takes it, else a rowid
    /// subquery (see `LimitedWriteTests` for every kind of table).
    @Test func orderedAndLimitedWrites() throws {
        let oldest = users.order(id.desc).limit(1)
        if CompileOptions.isUsed("ENABLE_UPDATE_DELETE_LIMIT") {
            #expect(
                oldest.update(name <- "Last").asSQL()
                    == #"UPDATE "users" SET "name" = 'Last' ORDER BY "id" DESC LIMIT 1"#)
        } else {
            #expect(
                oldest.update(name <- "Last").asSQL()
                    == #"UPDATE "users" SET "name" = 'Last' WHERE rowid IN (SELECT rowid FROM "users" ORDER BY "id" DESC LIMIT 1)"#
            )
            #expect(
                users.filter(id > 1).order(id).limit(1).delete().asSQL()
                    == #"DELETE FROM "users" WHERE rowid IN (SELECT rowid FROM "users" WHERE ("id" > 1) ORDER BY "id" LIMIT 1)"#
            )
        }
        let db = try Doc.populated()
        #expect(try db.run(oldest.update(name <- "Last")) == 1)
        #expect(try db.scalar(users.filter(id == 3).select(name)) == "Last")
        #expect(try db.run(users.filter(id > 1).order(id).limit(1).delete()) == 1)
        #expect(try db.prepareRowIterator(users.order(id)).map { $0[id] } == [1, 3])
    }

    @Test func transactionExample() throws {
        let db = try Doc.populated()
        try db.transaction {
            let rowid = try db.run(users.insert(email <- "betty@icloud.com.au"))
            try db.run(users.insert(email <- "cathy@icloud.com.au", managerId <- rowid))
        }
        #expect(try db.scalar(users.filter(email == "cathy@icloud.com.au").select(managerId)) == 4)
    }
}

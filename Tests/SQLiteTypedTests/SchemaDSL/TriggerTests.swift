import SQLiteCore
import SQLiteTyped
import Testing

/// `createTrigger` and `dropTrigger`: the SQL they render, and what the triggers do.
@Suite struct TriggerTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name
    let balance = Doc.balance
    let audit = Table("audit")
    let userId = Doc.userId
    let action = Expression<String>("action")
    let detail = Expression<String?>("detail")

    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.run(
            users.create { t in
                t.column(id, primaryKey: true)
                t.column(email, unique: true)
                t.column(name)
                t.column(balance, defaultValue: 0)
            })
        try db.run(
            audit.create { t in
                t.column(userId)
                t.column(action)
                t.column(detail)
            })
        return db
    }

    /// Every timing with every event, without and with a condition, and `UPDATE OF` columns.
    static let renderings: [(TriggerTiming, TriggerEvent, Bool, String)] = [
        (.before, .insert, false, #"BEFORE INSERT ON "users" FOR EACH ROW"#),
        (.after, .insert, false, #"AFTER INSERT ON "users" FOR EACH ROW"#),
        (.insteadOf, .insert, false, #"INSTEAD OF INSERT ON "users" FOR EACH ROW"#),
        (.before, .delete, false, #"BEFORE DELETE ON "users" FOR EACH ROW"#),
        (.after, .delete, true, #"AFTER DELETE ON "users" FOR EACH ROW WHEN (OLD."balance" > 0.0)"#),
        (.insteadOf, .delete, false, #"INSTEAD OF DELETE ON "users" FOR EACH ROW"#),
        (.before, .update, true, #"BEFORE UPDATE ON "users" FOR EACH ROW WHEN (OLD."balance" > 0.0)"#),
        (.after, .update, false, #"AFTER UPDATE ON "users" FOR EACH ROW"#),
        (.insteadOf, .update, false, #"INSTEAD OF UPDATE ON "users" FOR EACH ROW"#),
        (.after, .update(of: Doc.email), false, #"AFTER UPDATE OF "email" ON "users" FOR EACH ROW"#),
        (
            .before, .update(of: Doc.email, Doc.name), true,
            #"BEFORE UPDATE OF "email", "name" ON "users" FOR EACH ROW WHEN (OLD."balance" > 0.0)"#
        ),
        (.after, .update(of: Doc.users[Doc.email]), false, #"AFTER UPDATE OF "email" ON "users" FOR EACH ROW"#),
        (.after, .update(of: []), false, #"AFTER UPDATE ON "users" FOR EACH ROW"#),
    ]

    @Test(arguments: renderings)
    func rendersTimingEventAndCondition(timing: TriggerTiming, event: TriggerEvent, when: Bool, clause: String) {
        let sql = users.createTrigger("t", timing, event, when: when ? balance.old > 0 : nil) { body in
            body.run(audit.insert(userId <- id.old, action <- "x"))
        }
        #expect(
            sql == #"CREATE TRIGGER "t" "# + clause
                + #" BEGIN INSERT INTO "audit" ("user_id", "action") VALUES (OLD."id", 'x'); END"#)
    }

    @Test func rendersOptionsAndSeveralStatements() {
        let sql = users.createTrigger("users \"log\"", .after, .delete, temporary: true, ifNotExists: true) { body in
            body.run(audit.insert(userId <- id.old, action <- "it's gone", detail <- nil))
            body.run(audit.filter(userId == id.old && action != "kept").update(detail <- "o'hara"))
            body.run(audit.filter(userId == id.old).delete())
            body.run(users.select(id).filter(id == id.old))
            body.raise(.abort("can't"), when: balance.old < 0)
            body.raise(.ignore)
        }
        #expect(
            sql
                == #"CREATE TEMPORARY TRIGGER IF NOT EXISTS "users ""log""" AFTER DELETE ON "users" FOR EACH ROW BEGIN "#
                + #"INSERT INTO "audit" ("user_id", "action", "detail") VALUES (OLD."id", 'it''s gone', NULL); "#
                + #"UPDATE "audit" SET "detail" = 'o''hara' WHERE (("user_id" = OLD."id") AND ("action" != 'kept')); "#
                + #"DELETE FROM "audit" WHERE ("user_id" = OLD."id"); "#
                + #"SELECT "id" FROM "users" WHERE ("id" = OLD."id"); "#
                + #"SELECT RAISE(ABORT, 'can''t') WHERE (OLD."balance" < 0.0); "#
                + #"SELECT RAISE(IGNORE); END"#)
    }

    @Test func newAndOldNameTheColumn() {
        #expect(email.new.asSQL() == #"NEW."email""#)
        #expect(name.old.asSQL() == #"OLD."name""#)
        #expect(users[email].new.asSQL() == #"NEW."email""#)
        #expect(Table("a", database: "b")[email].old.asSQL() == #"OLD."email""#)
        #expect(Expression<Int64>(#"we"ird"#).new.asSQL() == #"NEW."we""ird""#)
        // Any other SQL is kept as it is.
        #expect(Expression<Int64>(literal: "rowid").new.asSQL() == "NEW.rowid")
    }

    @Test func attachedDatabaseTables() {
        let archive = Table("users", database: "archive")
        #expect(
            archive.createTrigger("t", .after, .insert) { $0.raise(.ignore) }
                == #"CREATE TRIGGER "archive"."t" AFTER INSERT ON "users" FOR EACH ROW BEGIN SELECT RAISE(IGNORE); END"#
        )
        #expect(
            archive.createTrigger("t", .after, .insert, temporary: true) { $0.raise(.ignore) }
                == #"CREATE TEMPORARY TRIGGER "t" AFTER INSERT ON "archive"."users" FOR EACH ROW BEGIN SELECT RAISE(IGNORE); END"#
        )
        #expect(archive.dropTrigger("t") == #"DROP TRIGGER "archive"."t""#)
    }

    @Test func dropRendersAndDrops() throws {
        #expect(users.dropTrigger("t") == #"DROP TRIGGER "t""#)
        #expect(users.dropTrigger("t", ifExists: true) == #"DROP TRIGGER IF EXISTS "t""#)
        let db = try makeDatabase()
        try db.run(
            users.createTrigger("gone", .after, .insert) { $0.run(audit.insert(userId <- id.new, action <- "i")) })
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") as? Int64 == 1)
        try db.run(users.dropTrigger("gone"))
        try db.run(users.dropTrigger("gone", ifExists: true))
        #expect(throws: Result.self) { try db.run(users.dropTrigger("gone")) }
        try db.run(users.insert(email <- "a@b.c"))
        #expect(try db.scalar(audit.count) == 0)
    }

    @Test func anAfterInsertTriggerWritesAnAuditRowWithTheNewValues() throws {
        let db = try makeDatabase()
        try db.run(
            users.createTrigger("users_created", .after, .insert) { body in
                body.run(audit.insert(userId <- id.new, action <- "created", detail <- email.new))
            })
        try db.run(users.insert(email <- "alice@mac.com"))
        try db.run(users.insert(email <- "o'hara@mac.com"))
        let rows = try db.prepare(audit.order(userId)).map { "\($0[userId]) \($0[action]) \($0[detail] ?? "-")" }
        #expect(rows == ["1 created alice@mac.com", "2 created o'hara@mac.com"])
        // Creating it again fails, unless asked not to.
        #expect(throws: Result.self) {
            try db.run(users.createTrigger("users_created", .after, .insert) { $0.raise(.ignore) })
        }
        try db.run(users.createTrigger("users_created", .after, .insert, ifNotExists: true) { $0.raise(.ignore) })
    }

    @Test func anUpdateOfTriggerFiresOnlyForItsColumns() throws {
        let db = try makeDatabase()
        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        try db.run(
            users.createTrigger("email_changed", .after, .update(of: email)) { body in
                body.run(audit.insert(userId <- id.new, action <- "email", detail <- email.old))
            })
        try db.run(users.update(name <- "Alicia"))
        #expect(try db.scalar(audit.count) == 0)
        try db.run(users.update(email <- "alicia@mac.com"))
        #expect(try db.pluck(audit)?[detail] == "alice@mac.com")
        #expect(try db.scalar(audit.count) == 1)
    }

    @Test func aWhenClauseChoosesTheRows() throws {
        let db = try makeDatabase()
        try db.run(
            users.createTrigger("big_spenders", .after, .update(of: balance), when: balance.new > balance.old + 100) {
                body in
                body.run(audit.insert(userId <- id.new, action <- "raise"))
            })
        try db.run(users.insert(email <- "a", balance <- 10))
        try db.run(users.update(balance <- 50))
        #expect(try db.scalar(audit.count) == 0)
        try db.run(users.update(balance <- 500))
        #expect(try db.scalar(audit.count) == 1)
    }

    /// Text values are inlined as quoted literals: quotes, semicolons and `END` in them stay text.
    @Test func textValuesWithQuotesAreInlinedSafely() throws {
        let db = try makeDatabase()
        let tricky = "it's; END; DROP TABLE users; --"
        try db.run(
            users.createTrigger("tricky", .before, .insert, when: email.new == tricky) { body in
                body.run(audit.insert(userId <- id.new, action <- tricky, detail <- "\"quoted\" ? 'x'"))
            })
        try db.run(users.insert(email <- "plain"))
        try db.run(users.insert(email <- tricky))
        let row = try #require(try db.pluck(audit))
        #expect(row[action] == tricky)
        #expect(row[detail] == "\"quoted\" ? 'x'")
        #expect(try db.scalar(audit.count) == 1)
        #expect(try db.scalar(users.count) == 2)
    }

    @Test func raiseStopsTheChange() throws {
        let db = try makeDatabase()
        try db.run(
            users.createTrigger("no_debt", .before, .update) { body in
                body.raise(.abort("balance can't go below zero"), when: balance.new < 0)
            })
        try db.run(users.insert(email <- "a", balance <- 5))
        let error = #expect(throws: Result.self) { try db.run(users.update(balance <- -1)) }
        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(error?.message == "balance can't go below zero")
        try db.run(users.update(balance <- 1))
        #expect(try db.scalar(users.select(balance)) == 1)
    }

    @Test func insteadOfMakesAViewWritable() throws {
        let db = try makeDatabase()
        let emails = View("emails")
        try db.run(emails.create(users.select(id, email)))
        try db.run(
            emails.createTrigger("emails_insert", .insteadOf, .insert) { body in
                body.run(users.insert(email <- email.new, name <- "via view"))
            })
        try db.run("INSERT INTO emails (email) VALUES (?)", "v@w.x")
        #expect(try db.pluck(users)?[name] == "via view")
        // SQLite refuses INSTEAD OF on a table, with a clear error.
        let error = #expect(throws: Result.self) {
            try db.run(users.createTrigger("wrong", .insteadOf, .insert) { $0.raise(.ignore) })
        }
        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.message.contains("INSTEAD OF") == true)
    }

    @Test func anEmptyBodyIsSQLitesSyntaxError() throws {
        let db = try makeDatabase()
        let sql = users.createTrigger("empty", .after, .insert) { _ in }
        #expect(sql == #"CREATE TRIGGER "empty" AFTER INSERT ON "users" FOR EACH ROW BEGIN END"#)
        #expect(throws: Result.self) { try db.run(sql) }
    }
}

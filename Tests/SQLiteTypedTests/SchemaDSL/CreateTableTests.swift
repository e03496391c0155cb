import SQLiteTyped
import Testing

@Suite struct CreateTableTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name
    let balance = Doc.balance
    let userId = Doc.userId

    @Test func basicTable() throws {
        let sql = users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true)
            t.column(name)
        }
        #expect(
            sql
                == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "email" TEXT NOT NULL UNIQUE, "name" TEXT)"#
        )
        let db = try Connection()
        try db.run(sql)
        try db.run(users.insert(email <- "alice@mac.com"))
        #expect(try db.scalar(users.select(id)) == 1)
    }

    /// `Bool` and `Int` are declared through their `Int64` datatype, as in SQLite.swift.
    @Test func boolAndIntColumnsAreIntegers() throws {
        let flags = Table("flags")
        let flag = Expression<Bool>("flag")
        let maybe = Expression<Bool?>("maybe")
        let count = Expression<Int>("count")
        let sql = flags.create { t in
            t.column(flag)
            t.column(maybe)
            t.column(count, defaultValue: 0)
        }
        #expect(
            sql
                == #"CREATE TABLE "flags" ("flag" INTEGER NOT NULL, "maybe" INTEGER, "count" INTEGER NOT NULL DEFAULT (0))"#
        )
        let asBool: Expression<Bool> = cast(count)
        #expect(asBool.asSQL() == #"CAST ("count" AS INTEGER)"#)
        let db = try Connection()
        try db.run(sql)
        try db.run(flags.insert(flag <- true, maybe <- false, count <- 2))
        try db.run(flags.insert(flag <- false, maybe <- nil, count <- 0))
        #expect(try db.scalar("SELECT group_concat(typeof(flag) || flag) FROM flags") as? String == "integer1,integer0")
        let rows = try db.prepare(flags.select(flag, maybe, count, asBool).order(count.desc)).map {
            "\($0[flag]) \(String(describing: $0[maybe])) \($0[count]) \($0[asBool])"
        }
        #expect(rows == ["true Optional(false) 2 true", "false nil 0 false"])
        #expect(try db.scalar(flags.filter(flag == true).count) == 1)
    }

    @Test func tableOptions() throws {
        #expect(
            users.create(temporary: true) { t in t.column(id) }
                == #"CREATE TEMPORARY TABLE "users" ("id" INTEGER NOT NULL)"#)
        #expect(
            users.create(ifNotExists: true) { t in t.column(id) }
                == #"CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER NOT NULL)"#)
        #expect(
            users.create(withoutRowid: true) { t in t.column(id, primaryKey: true) }
                == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL) WITHOUT ROWID"#)
        let db = try Connection()
        try db.run(users.create(ifNotExists: true) { t in t.column(id) })
        try db.run(users.create(ifNotExists: true) { t in t.column(id) })
        try db.run(
            Table("temp_users").create(temporary: true, withoutRowid: true) { t in t.column(id, primaryKey: true) })
    }

    static let suffix = Expression<String?>("suffix")
    static let n = Expression<Int64>("n")
    static let slug = Expression<Slug>("slug")
    static let optionalSlug = Expression<Slug?>("alias")

    static let columnCases: [(@Sendable (TableBuilder) -> Void, String)] = [
        ({ $0.column(Doc.id, primaryKey: true) }, #""id" INTEGER PRIMARY KEY NOT NULL"#),
        ({ $0.column(Doc.id, primaryKey: .autoincrement) }, #""id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL"#),
        ({ $0.column(Doc.email, unique: true) }, #""email" TEXT NOT NULL UNIQUE"#),
        (
            { $0.column(Doc.email, check: Doc.email.like("%@%")) },
            #""email" TEXT NOT NULL CHECK ("email" LIKE '%@%')"#
        ),
        ({ $0.column(Doc.name, defaultValue: "Anonymous") }, #""name" TEXT DEFAULT ('Anonymous')"#),
        ({ $0.column(Doc.email, collate: .nocase) }, #""email" TEXT NOT NULL COLLATE NOCASE"#),
        ({ $0.column(Doc.name, collate: .rtrim) }, #""name" TEXT COLLATE RTRIM"#),
        ({ $0.column(Doc.name, collate: .custom("MINE")) }, #""name" TEXT COLLATE "MINE""#),
        (
            { $0.column(Doc.userId, references: Doc.users, Doc.id) },
            #""user_id" INTEGER NOT NULL REFERENCES "users" ("id")"#
        ),
        (
            { $0.column(Doc.managerId, references: Doc.users, Doc.id) },
            #""manager_id" INTEGER REFERENCES "users" ("id")"#
        ),
        (
            { $0.column(Doc.balance, check: Doc.balance >= 0, defaultValue: 0) },
            #""balance" REAL NOT NULL CHECK ("balance" >= 0.0) DEFAULT (0.0)"#
        ),
        (
            { $0.column(suffix, check: ["JR", "SR"].contains(suffix)) },
            #""suffix" TEXT CHECK ("suffix" IN ('JR', 'SR'))"#
        ),
        // A column check keeps the condition's own parentheses, as SQLite.swift writes it; a
        // condition without them gets a pair, so that the statement parses.
        ({ $0.column(Doc.age, check: Doc.age > 0) }, #""age" INTEGER CHECK ("age" > 0)"#),
        (
            { $0.column(Self.n, check: !(Self.n == 0)) },
            #""n" INTEGER NOT NULL CHECK (NOT (("n" = 0)))"#
        ),
        ({ $0.column(Doc.name, defaultValue: Expression<String?>(value: nil)) }, #""name" TEXT DEFAULT (NULL)"#),
        (
            { $0.column(Doc.name, unique: true, defaultValue: Expression<String?>(value: "x")) },
            #""name" TEXT UNIQUE DEFAULT ('x')"#
        ),
        (
            { $0.column(Doc.name, defaultValue: Expression<String?>(value: "x"), collate: .nocase) },
            #""name" TEXT DEFAULT ('x') COLLATE NOCASE"#
        ),
        (
            { $0.column(Doc.name, check: Doc.name != "", defaultValue: "x", collate: .rtrim) },
            #""name" TEXT CHECK ("name" != '') DEFAULT ('x') COLLATE RTRIM"#
        ),
        ({ $0.column(Self.slug, collate: .nocase) }, #""slug" TEXT NOT NULL COLLATE NOCASE"#),
        (
            { $0.column(Self.slug, unique: true, defaultValue: Slug(text: "home"), collate: .nocase) },
            #""slug" TEXT NOT NULL UNIQUE DEFAULT ('home') COLLATE NOCASE"#
        ),
        ({ $0.column(Self.optionalSlug, collate: .binary) }, #""alias" TEXT COLLATE BINARY"#),
        (
            { $0.column(Doc.id, primaryKey: true, references: Doc.users, Doc.id) },
            #""id" INTEGER PRIMARY KEY NOT NULL REFERENCES "users" ("id")"#
        ),
        (
            { $0.column(Doc.managerId, primaryKey: true, check: Doc.managerId > 0, references: Doc.users, Doc.id) },
            #""manager_id" INTEGER PRIMARY KEY CHECK ("manager_id" > 0) REFERENCES "users" ("id")"#
        ),
        (
            { $0.column(Doc.userId, unique: true, check: Doc.userId > 0, references: Doc.users, Doc.id) },
            #""user_id" INTEGER NOT NULL UNIQUE CHECK ("user_id" > 0) REFERENCES "users" ("id")"#
        ),
        (
            { $0.column(Doc.userId, references: Table("users", database: "main"), Doc.id) },
            #""user_id" INTEGER NOT NULL REFERENCES "users" ("id")"#
        ),
        ({ $0.primaryKey(Doc.email.asc, Doc.name) }, #"PRIMARY KEY ("email" ASC, "name")"#),
        ({ $0.unique(Expression<String>("local"), Expression<String>("domain")) }, #"UNIQUE ("local", "domain")"#),
        ({ $0.check(Doc.balance >= 0) }, #"CHECK (("balance" >= 0.0))"#),
        (
            { $0.foreignKey(Doc.userId, references: Doc.users, Doc.id, delete: .setNull) },
            #"FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL"#
        ),
        (
            { $0.foreignKey(Doc.userId, references: Doc.users, Doc.id, update: .cascade, delete: .restrict) },
            #"FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE CASCADE ON DELETE RESTRICT"#
        ),
    ]

    @Test(arguments: columnCases)
    func definitionsRenderAndRun(_ define: @Sendable (TableBuilder) -> Void, _ sql: String) throws {
        let table = Table("t")
        let statement = table.create { t in
            // The other columns the constraints refer to, unless the case defines them itself.
            if !sql.hasPrefix(#""id""#) { t.column(Doc.id) }
            if !sql.hasPrefix(#""email""#) { t.column(Doc.email) }
            if !sql.hasPrefix(#""name""#) { t.column(Doc.name) }
            if !sql.hasPrefix(#""balance""#) { t.column(Doc.balance, defaultValue: 0) }
            if !sql.hasPrefix(#""user_id""#) { t.column(Doc.userId, defaultValue: 1) }
            t.column(Expression<String?>("local"))
            t.column(Expression<String?>("domain"))
            define(t)
        }
        #expect(statement.contains(sql))
        let db = try Doc.database()
        try db.createCollation("MINE") { lhs, rhs in
            lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
        }
        try db.run(statement)
    }

    /// Foreign keys over two and three columns, given as tuples.
    @Test func compositeForeignKeys() throws {
        let accounts = Table("accounts")
        let transfers = Table("transfers")
        let bank = Expression<String>("bank")
        let number = Expression<Int64>("number")
        let branch = Expression<Int64>("branch")
        let fromBank = Expression<String>("from_bank")
        let fromNumber = Expression<Int64>("from_number")
        let fromBranch = Expression<Int64>("from_branch")
        let createAccounts = accounts.create { t in
            t.column(bank)
            t.column(number)
            t.column(branch)
            t.primaryKey(bank, number)
            t.unique(bank, number, branch)
        }
        #expect(
            createAccounts
                == #"CREATE TABLE "accounts" ("bank" TEXT NOT NULL, "number" INTEGER NOT NULL, "branch" INTEGER NOT NULL, PRIMARY KEY ("bank", "number"), UNIQUE ("bank", "number", "branch"))"#
        )
        let createTransfers = transfers.create { t in
            t.column(fromBank)
            t.column(fromNumber)
            t.column(fromBranch)
            t.foreignKey((fromBank, fromNumber), references: accounts, (bank, number), delete: .cascade)
            t.foreignKey((fromBank, fromNumber, fromBranch), references: accounts, (bank, number, branch))
        }
        #expect(
            createTransfers
                == #"CREATE TABLE "transfers" ("from_bank" TEXT NOT NULL, "from_number" INTEGER NOT NULL, "from_branch" INTEGER NOT NULL, FOREIGN KEY ("from_bank", "from_number") REFERENCES "accounts" ("bank", "number") ON DELETE CASCADE, FOREIGN KEY ("from_bank", "from_number", "from_branch") REFERENCES "accounts" ("bank", "number", "branch"))"#
        )
        let db = try Connection()
        try db.execute("PRAGMA foreign_keys = ON")
        try db.run(createAccounts)
        try db.run(createTransfers)
        try db.run(accounts.insert(bank <- "B", number <- 1, branch <- 7))
        try db.run(transfers.insert(fromBank <- "B", fromNumber <- 1, fromBranch <- 7))
        #expect(throws: Result.self) { try db.run(transfers.insert(fromBank <- "B", fromNumber <- 1, fromBranch <- 8)) }
        #expect(throws: Result.self) { try db.run(transfers.insert(fromBank <- "C", fromNumber <- 1, fromBranch <- 7)) }
        try db.run(accounts.delete())
        #expect(try db.scalar(transfers.count) == 0)
    }

    @Test func createFromSelect() throws {
        let db = try Doc.populated()
        let emails = Table("emails")
        let sql = emails.create(users.select(email).filter(id > 1))
        #expect(sql == #"CREATE TABLE "emails" AS SELECT "email" FROM "users" WHERE ("id" > 1)"#)
        try db.run(sql)
        #expect(try db.scalar(emails.count) == 2)
    }

    @Test func constraintsAreEnforced() throws {
        let db = try Connection()
        let accounts = Table("accounts")
        try db.run(
            accounts.create { t in
                t.column(id, primaryKey: .autoincrement)
                t.column(balance, check: balance >= 0)
                t.column(name, defaultValue: "Anonymous")
            })
        try db.run(accounts.insert(balance <- 10))
        #expect(try db.scalar(accounts.select(name)) == "Anonymous")
        #expect(throws: Result.self) { try db.run(accounts.insert(balance <- -1)) }
    }
}

/// A value stored as text, for the generic `collate:` overloads.
struct Slug: Value, Equatable {
    var text: String
    static let declaredDatatype = "TEXT"
    static func fromDatatypeValue(_ text: String) -> Slug { Slug(text: text) }
    var datatypeValue: String { text }
}

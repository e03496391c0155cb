import Foundation
import SQLiteTyped
import Testing

/// The typed tier remembers the SQL of the last insert and select it rendered, for those run in
/// a loop: every insert and query must still run its own SQL.
@Suite struct QueryTextTests {
    static let items = Table("items")
    static let id = Expression<Int64>("id")
    static let value = Expression<String>("value")

    /// Every conflict clause, and none.
    static let conflicts: [OnConflict?] = [nil, .replace, .rollback, .abort, .fail, .ignore]

    /// The statements a connection runs, as its trace reports them.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []

        func append(_ sql: String) { lock.withLock { entries.append(sql) } }
        var statements: [String] { lock.withLock { entries } }
    }

    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
        return db
    }

    static func insert(_ conflict: OnConflict?, _ row: Int64, _ text: String) -> Insert {
        if let conflict { return items.insert(or: conflict, id <- row, value <- text) }
        return items.insert(id <- row, value <- text)
    }

    /// After an insert of one shape with one conflict clause, the same shape with another
    /// clause runs its own: `OR IGNORE` after `OR ABORT` ignores the conflicting row.
    @Test(arguments: conflicts, conflicts)
    func eachConflictClauseOfAShapeRunsItsOwnSQL(first: OnConflict?, second: OnConflict?) throws {
        let db = try Self.database()
        let log = Log()
        db.trace { log.append($0) }
        try db.run(Self.insert(first, 1, "first"))
        let conflicting = Self.insert(second, 1, "second")
        if second == .replace || second == .ignore {
            try db.run(conflicting)
        } else {
            #expect(throws: Result.self) { try db.run(conflicting) }
        }
        let clause = second.map { " OR " + $0.rawValue } ?? ""
        #expect(
            log.statements == [
                #"INSERT\#(first.map { " OR " + $0.rawValue } ?? "") INTO "items" ("id", "value") VALUES (1, 'first')"#,
                #"INSERT\#(clause) INTO "items" ("id", "value") VALUES (1, 'second')"#,
            ])
        #expect(try db.scalar(Self.items.select(Self.value)) == (second == .replace ? "second" : "first"))
        #expect(try db.scalar(Self.items.count) == 1)
    }

    /// A table in a named database and the same table unqualified are two shapes, even for a
    /// database named with the empty string.
    @Test func theDatabaseOfATableIsPartOfTheShape() throws {
        let db = try Self.database()
        try db.execute("ATTACH DATABASE ':memory:' AS other")
        try db.execute("CREATE TABLE other.items (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
        let log = Log()
        db.trace { log.append($0) }
        let other = Table("items", database: "other")
        let unnamed = Table("items", database: "")
        try db.run(Self.items.insert(Self.id <- 1, Self.value <- "main"))
        try db.run(other.insert(Self.id <- 1, Self.value <- "other"))
        // No database is named "": SQLite rejects the statement rather than using main's table.
        #expect(throws: Result.self) { try db.run(unnamed.insert(Self.id <- 2, Self.value <- "none")) }
        #expect(
            log.statements == [
                #"INSERT INTO "items" ("id", "value") VALUES (1, 'main')"#,
                #"INSERT INTO "other"."items" ("id", "value") VALUES (1, 'other')"#,
            ])
        #expect(try db.scalar(Self.items.select(Self.value)) == "main")
        #expect(try db.scalar(other.select(Self.value)) == "other")
    }

    /// An insert's text set by hand is the one run, also for setters that would be rendered
    /// when run.
    @Test func aTemplateSetByHandIsTheOneRun() throws {
        let db = try Self.database()
        try db.run(Self.items.insert(Self.id <- 1, Self.value <- "cached"))
        var insert = Self.items.insert(Self.id <- 2, Self.value <- "shouted")
        #expect(insert.template == #"INSERT INTO "items" ("id", "value") VALUES (?, ?)"#)
        insert.template = #"INSERT INTO "items" ("id", "value") VALUES (?, upper(?))"#
        try db.run(insert)
        #expect(try db.scalar(Self.items.filter(Self.id == 2).select(Self.value)) == "SHOUTED")
        #expect(try db.scalar(Self.items.filter(Self.id == 1).select(Self.value)) == "cached")
    }

    /// Select lists built anew in a loop (whose storage may take a freed list's place) each
    /// read their own column, alternating with a list kept for the whole loop.
    @Test func selectListsBuiltInALoopReadTheirOwnColumns() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE wide (a INTEGER, b INTEGER, c INTEGER)")
        try db.execute("INSERT INTO wide VALUES (1, 2, 3)")
        let wide = Table("wide")
        let columns = ["a", "b", "c"].map { Expression<Int64>($0) }
        let kept = wide.select(columns[2])
        for round in 0..<30 {
            let column = columns[round % 2]
            let row = try #require(try db.pluck(wide.select(column)))
            #expect(row[column] == Int64(round % 2 + 1))
            let sql = try db.prepare(wide.select(column)).map { $0[column] }
            #expect(sql == [Int64(round % 2 + 1)])
            #expect(try db.pluck(kept)?[columns[2]] == 3)
        }
    }

    /// Filters whose text is built anew for every query (too long to be stored inline) and
    /// differs only in the column find the rows of their own column.
    @Test func filtersBuiltAnewFindTheirOwnRows() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE pairs (id INTEGER PRIMARY KEY, first_long_column_name INTEGER, other_long_column_name INTEGER);
            INSERT INTO pairs VALUES (1, 10, 20), (2, 20, 10);
            """)
        let pairs = Table("pairs")
        let pairID = Expression<Int64>("id")
        let first = Expression<Int64>("first_long_column_name")
        let other = Expression<Int64>("other_long_column_name")
        for round in 0..<20 {
            let column = round % 2 == 0 ? first : other
            let row = try #require(try db.pluck(pairs.filter(column == 10)))
            #expect(row[pairID] == (round % 2 == 0 ? 1 : 2))
            let ids = try db.prepare(pairs.select(pairID).filter(column == 20)).map { $0[pairID] }
            #expect(ids == [round % 2 == 0 ? 2 : 1])
        }
    }

    /// Each connection keeps its own shapes: after one connection cleared its statement cache
    /// (dropping its shapes too), both run the same inserts and lookups.
    @Test func connectionsKeepTheirOwnShapes() throws {
        let one = try Self.database()
        let two = try Self.database()
        for row in Int64(1)...5 {
            try one.run(Self.items.insert(Self.id <- row, Self.value <- "one \(row)"))
            if row == 3 { one.clearStatementCache() }
            try two.run(Self.items.insert(or: .replace, Self.id <- row, Self.value <- "two \(row)"))
        }
        #expect(try one.pluck(Self.items.filter(Self.id == 4))?[Self.value] == "one 4")
        #expect(try two.pluck(Self.items.filter(Self.id == 4))?[Self.value] == "two 4")
        #expect(try one.scalar(Self.items.count) == 5)
        #expect(try two.scalar(Self.items.count) == 5)
    }

    /// One select list shared by queries that differ in their filter, table, alias, limit or
    /// DISTINCT, built again and again: each keeps its own SQL and rows.
    @Test func queriesSharingASelectListKeepTheirOwnSQL() throws {
        let db = try Doc.populated()
        let (id, email, name) = (Doc.id, Doc.email, Doc.name)
        let selection = Doc.users.select(id, email)
        let aliased = Doc.users.alias("u").select(id, email)
        for _ in 0..<3 {
            for value in Int64(1)...3 {
                #expect(try db.pluck(selection.filter(id == value))?[id] == value)
                #expect(try db.pluck(selection.filter(id == value + 1))?[id] == (value < 3 ? value + 1 : nil))
                #expect(try db.pluck(selection.filter(name == nil))?[id] == 3)
                #expect(
                    try db.pluck(selection.filter(id >= value).limit(1, offset: 1))?[id]
                        == (value < 3 ? value + 1 : nil))
                #expect(try db.pluck(aliased.filter(id == value))?[email] != nil)
                #expect(try db.pluck(selection)?[id] == 1)
            }
        }
        let sqls = [
            selection.filter(id == 1).expression.template,
            selection.filter(name == nil).expression.template,
            selection.filter(id >= 1).limit(1, offset: 1).expression.template,
            aliased.filter(id == 1).expression.template,
            selection.expression.template,
        ]
        #expect(Set(sqls).count == sqls.count)
    }

    @Test func repeatedShapesKeepTheirOwnSQLAndValues() throws {
        let db = try Doc.populated()
        let users = Doc.users
        let id = Doc.id
        let email = Doc.email
        for round in 0..<3 {
            for value in Int64(1)...3 {
                #expect(try db.pluck(users.filter(id == value))?[id] == value)
                #expect(try db.pluck(users.filter(id >= value).order(id.desc))?[id] == 3)
                #expect(try db.pluck(users.filter(id >= value).order(id))?[id] == value)
                let limited = try db.prepareRowIterator(users.order(id).limit(Int(value), offset: round % 2))
                #expect(try limited.map { $0[id] }.count == min(Int(value), 3 - round % 2))
            }
            let long = Expression<String>("email")
            let pattern = "%@mac.com%-\(round)-with-a-long-suffix-that-is-not-a-small-string"
            #expect(try db.pluck(users.filter(long.like(pattern))) == nil)
            #expect(try db.pluck(users.filter(email.like("%@mac.com")).order(id))?[id] == 1)
        }
        for value in Int64(1)...3 {
            try db.run(users.insert(or: .replace, id <- value, email <- "user\(value)@x.com"))
            try db.run(users.insert(id <- value + 10, email <- "more\(value)@x.com"))
        }
        #expect(try db.scalar(users.count) == 6)
        #expect(try db.scalar(users.filter(id == 2).select(email)) == "user2@x.com")
    }
}

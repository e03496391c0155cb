import SQLiteCore
import SQLiteTyped
import Testing

/// `UPDATE` and `DELETE` on a limited query (`order`, `limit`, `offset`) change exactly the rows
/// the same `SELECT` returns, on every kind of table: SQLite.swift's `... ORDER BY ... LIMIT ...`
/// where the library takes it (`SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, as Debian's does), else a
/// subquery on the rowid or on a `WITHOUT ROWID` table's primary key (the vendored build).
@Suite struct LimitedWriteTests {
    static let nativeLimit = CompileOptions.isUsed("ENABLE_UPDATE_DELETE_LIMIT")

    let n = Expression<Int64>("n")
    let tag = Expression<String>("tag")

    /// A table of `kind` holding six rows whose `n` runs 60, 50 ... 10 while their key runs up,
    /// so that ordering by `n` and by the key differ.
    func database(_ create: String, table: String, keys: [String]) throws -> Connection {
        let db = try Connection()
        try db.execute(create)
        for (offset, key) in keys.enumerated() {
            try db.run(
                "INSERT INTO \(table.quotedIdentifier) (\(Self.keyColumns(table)), n, tag) VALUES (\(key), ?, 'old')",
                Int64(60 - offset * 10))
        }
        return db
    }

    static func keyColumns(_ table: String) -> String {
        switch table {
        case "composite": #""key b", a"#
        case "plain": "label"
        default: "k"
        }
    }

    /// The `n` of the rows whose `tag` is `new`, in ascending order.
    func changed(_ db: Connection, _ table: String) throws -> [Int64] {
        try db.prepareRowIterator(Table(table).filter(tag == "new").order(n)).map { $0[n] }
    }

    /// The `n` of the rows left, in ascending order.
    func left(_ db: Connection, _ table: String) throws -> [Int64] {
        try db.prepareRowIterator(Table(table).order(n)).map { $0[n] }
    }

    struct Kind: Sendable, CustomTestStringConvertible {
        let table: String
        let create: String
        let keys: [String]
        var testDescription: String { table }
    }

    static let kinds: [Kind] = [
        Kind(
            table: "rowid", create: "CREATE TABLE rowid_table (k INTEGER PRIMARY KEY, n INTEGER, tag TEXT)",
            keys: ["1", "2", "3", "4", "5", "6"]),
        Kind(
            table: "plain", create: "CREATE TABLE plain (label TEXT, n INTEGER, tag TEXT)",
            keys: ["'a'", "'b'", "'c'", "'d'", "'e'", "'f'"]),
        Kind(
            table: "single", create: "CREATE TABLE single (k TEXT PRIMARY KEY, n INTEGER, tag TEXT) WITHOUT ROWID",
            keys: ["'a'", "'b'", "'c'", "'d'", "'e'", "'f'"]),
        // The key's order differs from the columns' and its names need quoting.
        Kind(
            table: "composite",
            create: #"""
                CREATE TABLE composite (a INTEGER, "key b" TEXT, n INTEGER, tag TEXT, PRIMARY KEY ("key b", a))
                WITHOUT ROWID
                """#,
            keys: ["1, 'x'", "2, 'x'", "1, 'y'", "2, 'y'", "1, 'z'", "2, 'z'"]),
    ]

    static func name(_ kind: Kind) -> String { kind.table == "rowid" ? "rowid_table" : kind.table }

    @Test(arguments: kinds) func updateWithOrderLimitAndOffset(kind: Kind) throws {
        let table = Self.name(kind)
        let db = try database(kind.create, table: table, keys: kind.keys)
        let rows = Table(table).filter(n < 60).order(n.desc).limit(2, offset: 1)
        #expect(try db.run(rows.update(tag <- "new")) == 2)
        // n < 60 leaves 50 ... 10; descending, skip 50, take 40 and 30.
        #expect(try changed(db, table) == [30, 40])
        #expect(try db.run(Table(table).order(n).limit(1).update(tag <- "new", n <- n + 100)) == 1)
        #expect(try changed(db, table) == [30, 40, 110])
    }

    @Test(arguments: kinds) func deleteWithOrderLimitAndOffset(kind: Kind) throws {
        let table = Self.name(kind)
        let db = try database(kind.create, table: table, keys: kind.keys)
        #expect(try db.run(Table(table).filter(n > 10).order(n).limit(3, offset: 2).delete()) == 3)
        // n > 10 leaves 20 ... 60; ascending, skip 20 and 30, delete 40, 50 and 60.
        #expect(try left(db, table) == [10, 20, 30])
        #expect(try db.run(Table(table).order(n.desc).limit(1).delete()) == 1)
        #expect(try left(db, table) == [10, 20])
    }

    /// The vendored build, which lacks `UPDATE ... LIMIT`, chooses a `WITHOUT ROWID` table's rows
    /// by its primary key, in the key's own order, with identifiers quoted and values bound.
    @Test func withoutRowidStatementText() throws {
        let kind = Self.kinds[3]
        let db = try database(kind.create, table: kind.table, keys: kind.keys)
        let statements = Locked<[String]>([])
        db.trace { sql in statements.withLock { $0.append(sql) } }
        try db.run(Table("composite").filter(tag != "x").order(n).limit(2).update(tag <- "new"))
        db.trace(nil)
        let run = statements.withLock { $0 }.last ?? ""
        if Self.nativeLimit {
            #expect(run == #"UPDATE "composite" SET "tag" = 'new' WHERE ("tag" != 'x') ORDER BY "n" LIMIT 2"#)
        } else {
            #expect(
                run == #"""
                    UPDATE "composite" SET "tag" = 'new' WHERE ("key b", "a") IN (SELECT "key b", "a" FROM "composite" \#
                    WHERE ("tag" != 'x') ORDER BY "n" LIMIT 2)
                    """#)
        }
        #expect(try changed(db, "composite") == [10, 20])
    }

    /// The statement text is SQLite.swift's where the library takes it, the rowid subquery
    /// elsewhere; an order without a limit changes the filter's rows, and is left out.
    @Test func renderedText() {
        let users = Table("users")
        let id = Expression<Int64>("id")
        let update = users.filter(id > 1).order(id.desc).limit(1, offset: 2).update(tag <- "x")
        let delete = users.order(id).limit(1).delete()
        if Self.nativeLimit {
            #expect(
                update.asSQL()
                    == #"UPDATE "users" SET "tag" = 'x' WHERE ("id" > 1) ORDER BY "id" DESC LIMIT 1 OFFSET 2"#)
            #expect(delete.asSQL() == #"DELETE FROM "users" ORDER BY "id" LIMIT 1"#)
        } else {
            #expect(
                update.asSQL()
                    == #"UPDATE "users" SET "tag" = 'x' WHERE rowid IN (SELECT rowid FROM "users" WHERE ("id" > 1) ORDER BY "id" DESC LIMIT 1 OFFSET 2)"#
            )
            #expect(
                delete.asSQL()
                    == #"DELETE FROM "users" WHERE rowid IN (SELECT rowid FROM "users" ORDER BY "id" LIMIT 1)"#)
        }
        #expect(users.filter(id > 1).order(id).delete().asSQL() == #"DELETE FROM "users" WHERE ("id" > 1)"#)
        #expect(users.order(id).update(tag <- "x").asSQL() == #"UPDATE "users" SET "tag" = 'x'"#)
    }

    /// A rowid table whose column is named `rowid` is still chosen by its real rowid.
    @Test func columnNamedRowid() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE shadowed (rowid TEXT, n INTEGER, tag TEXT);
            INSERT INTO shadowed VALUES ('same', 1, 'old'), ('same', 2, 'old'), ('same', 3, 'old');
            """)
        #expect(try db.run(Table("shadowed").order(n.desc).limit(1).update(tag <- "new")) == 1)
        #expect(try changed(db, "shadowed") == [3])
        #expect(try db.run(Table("shadowed").order(n).limit(1).delete()) == 1)
        #expect(try left(db, "shadowed") == [2, 3])
    }

    /// The table is the one SQLite resolves the name to: `temp` before `main`, unless the query
    /// names its database.
    @Test func tableResolvedAsSQLiteDoes() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE main.k (n INTEGER, tag TEXT);
            INSERT INTO main.k VALUES (1, 'old'), (2, 'old'), (3, 'old');
            CREATE TEMP TABLE k (id TEXT PRIMARY KEY, n INTEGER, tag TEXT) WITHOUT ROWID;
            INSERT INTO temp.k VALUES ('a', 1, 'old'), ('b', 2, 'old'), ('c', 3, 'old');
            """)
        #expect(try db.run(Table("k").order(n).limit(1).delete()) == 1)
        #expect(try db.prepareRowIterator(Table("k", database: "temp").order(n)).map { $0[n] } == [2, 3])
        #expect(try db.run(Table("k", database: "main").order(n.desc).limit(2).delete()) == 2)
        #expect(try db.prepareRowIterator(Table("k", database: "main").order(n)).map { $0[n] } == [1])
    }

    /// A view has no key to choose rows by: the vendored build throws a clear error; a library
    /// with `UPDATE ... LIMIT` runs the view's `INSTEAD OF` trigger for the chosen rows.
    @Test func view() throws {
        let kind = Self.kinds[0]
        let db = try database(kind.create, table: "rowid_table", keys: kind.keys)
        try db.execute(
            """
            CREATE VIEW v AS SELECT k, n, tag FROM rowid_table;
            CREATE TRIGGER v_delete INSTEAD OF DELETE ON v BEGIN DELETE FROM rowid_table WHERE k = old.k; END;
            """)
        let limited = Table("v").order(n).limit(2).delete()
        if Self.nativeLimit {
            #expect(try db.run(limited) >= 0)
            #expect(try left(db, "rowid_table") == [30, 40, 50, 60])
        } else {
            do {
                try db.run(limited)
                Issue.record("expected an error")
            } catch let error as Result {
                #expect(error.code == SQLITE_ERROR)
                #expect(error.message.contains("view \"v\""))
                #expect(error.message.contains("SQLITE_ENABLE_UPDATE_DELETE_LIMIT"))
            }
            #expect(try left(db, "rowid_table") == [10, 20, 30, 40, 50, 60])
        }
    }

    /// A virtual table with a rowid (FTS5) is chosen by it.
    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable)) func virtualTable() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE VIRTUAL TABLE docs USING fts5(body);
            INSERT INTO docs (rowid, body) VALUES (1, 'one'), (2, 'two'), (3, 'three');
            """)
        let body = Expression<String>("body")
        #expect(try db.run(Table("docs").order(rowid.desc).limit(2).delete()) == 2)
        #expect(try db.prepareRowIterator(Table("docs")).map { $0[body] } == ["one"])
    }

    /// Inside a trigger SQLite takes no `ORDER BY` or `LIMIT` on `UPDATE` or `DELETE`: the
    /// limited statement chooses its rows by rowid there, on every build.
    @Test func triggerBody() throws {
        let kind = Self.kinds[0]
        let db = try database(kind.create, table: "rowid_table", keys: kind.keys)
        try db.execute("CREATE TABLE log (x)")
        let table = Table("rowid_table")
        try db.execute(
            Table("log").createTrigger("trim", .after, .insert) { body in
                body.run(table.order(n).limit(1).delete())
            })
        try db.run(Table("log").insert(Expression<Int64>("x") <- 1))
        #expect(try left(db, "rowid_table") == [20, 30, 40, 50, 60])
    }
}

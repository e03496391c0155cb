import SQLiteCore
import SQLiteSchema
import Testing

/// Tables of unusual shapes, each rebuilt by dropping a column SQLite cannot drop in place;
/// every other value must survive.
@Suite struct TableRebuildTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var setup: String
        var table: String
        var column: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "quoted names",
            setup: """
                CREATE TABLE "my ""odd"" table" ("the id" INTEGER PRIMARY KEY, [key] TEXT UNIQUE, `välue` REAL, 'x y' TEXT);
                CREATE INDEX "odd index" ON "my ""odd"" table" ("välue");
                INSERT INTO "my ""odd"" table" VALUES (1, 'a', 1.5, 'p'), (2, 'b', NULL, 'q');
                """,
            table: "my \"odd\" table", column: "key"),
        Case(
            name: "without rowid",
            setup: """
                CREATE TABLE kv (k TEXT PRIMARY KEY, v BLOB, tag TEXT UNIQUE) WITHOUT ROWID;
                INSERT INTO kv VALUES ('a', x'01', 't1'), ('b', NULL, NULL), ('c', x'', 't2');
                """,
            table: "kv", column: "tag"),
        Case(
            name: "strict",
            setup: """
                CREATE TABLE s (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, code TEXT UNIQUE, a ANY) STRICT;
                INSERT INTO s VALUES (1, 10, 'x', 'text'), (2, 20, 'y', 3.5), (3, 30, NULL, x'ff');
                """,
            table: "s", column: "code"),
        Case(
            name: "a column named rowid",
            setup: """
                CREATE TABLE r (rowid TEXT, name TEXT UNIQUE, n INTEGER);
                INSERT INTO r VALUES ('r1', 'a', 1), ('r2', 'b', 2);
                """,
            table: "r", column: "name"),
        Case(
            name: "composite key and table constraints",
            setup: """
                CREATE TABLE c (
                    a INTEGER NOT NULL, b TEXT NOT NULL, c TEXT, d INTEGER,
                    PRIMARY KEY (a, b),
                    UNIQUE (c, d),
                    CHECK (d IS NULL OR d > 0)
                );
                INSERT INTO c VALUES (1, 'x', 'p', 1), (1, 'y', 'p', 2), (2, 'x', NULL, NULL);
                """,
            table: "c", column: "d"),
        Case(
            name: "self-referencing foreign key",
            setup: """
                PRAGMA foreign_keys = ON;
                CREATE TABLE people (
                    id INTEGER PRIMARY KEY, boss_id INTEGER REFERENCES people (id) ON DELETE CASCADE,
                    badge TEXT UNIQUE
                );
                INSERT INTO people VALUES (1, NULL, 'b1'), (2, 1, 'b2'), (3, 2, NULL);
                """,
            table: "people", column: "badge"),
        Case(
            name: "a foreign key column",
            setup: """
                PRAGMA foreign_keys = ON;
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER, name TEXT,
                    FOREIGN KEY (parent_id) REFERENCES parents (id));
                INSERT INTO parents VALUES (1), (2);
                INSERT INTO children VALUES (10, 1, 'a'), (11, 2, 'b'), (12, NULL, 'c');
                """,
            table: "children", column: "parent_id"),
        Case(
            name: "a generated column's source",
            setup: """
                CREATE TABLE g (id INTEGER PRIMARY KEY, price REAL, qty INTEGER, total REAL AS (price * 2) STORED,
                    note TEXT UNIQUE);
                INSERT INTO g (price, qty, note) VALUES (1.5, 2, 'n'), (NULL, 3, NULL);
                """,
            table: "g", column: "note"),
    ]

    @Test(arguments: cases)
    func rebuildKeepsEveryOtherValue(_ test: Case) throws {
        let db = try Connection()
        try db.execute(test.setup)
        let before = try DatabaseSnapshot(db)
        let columns = try db.schema.columnDefinitions(table: test.table).map(\.name)
        let position = try #require(columns.firstIndex(of: test.column))
        let withoutRowID = try db.schema.tableDefinition(table: test.table).withoutRowID
        try SchemaChanger(connection: db).alter(table: test.table) { $0.drop(column: test.column) }
        let after = try DatabaseSnapshot(db)
        #expect(after.contents[test.table] == before.rows(of: test.table, without: position + (withoutRowID ? 0 : 1)))
        for (table, rows) in before.contents where table != test.table {
            #expect(after.contents[table] == rows)
        }
        #expect(try db.schema.columnDefinitions(table: test.table).map(\.name) == columns.filter { $0 != test.column })
        #expect(after.foreignKeys == before.foreignKeys)
        #expect(try db.integrityCheck().isEmpty)
        #expect(try db.foreignKeyCheck().isEmpty)
    }

    @Test func rebuildsTemporaryTables() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, k TEXT UNIQUE, v TEXT);
            CREATE INDEX temp.scratch_v ON scratch (v);
            INSERT INTO scratch VALUES (1, 'a', 'x'), (2, 'b', 'y');
            """)
        let before = try DatabaseSnapshot(db, schema: "temp")
        try SchemaChanger(connection: db).alter(table: "scratch") { $0.drop(column: "k") }
        let after = try DatabaseSnapshot(db, schema: "temp")
        #expect(after.contents["scratch"] == before.rows(of: "scratch", without: 2))
        #expect(try db.schema(database: "temp").indexDefinitions(table: "scratch").map(\.name) == ["scratch_v"])
        #expect(try db.schema.objectDefinitions().isEmpty)
    }

    @Test func refusesWhenAnotherTablesTriggerUsesTheColumn() throws {
        let db = try makeLibrary()
        try db.execute(
            """
            CREATE TRIGGER books_touch AFTER INSERT ON books BEGIN
                UPDATE authors SET email = lower(email) WHERE id = NEW.author_id;
            END;
            """)
        let before = try DatabaseSnapshot(db)
        #expect {
            try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: "email") }
        } throws: { ThrownError($0).message == "cannot drop column email: trigger books_touch uses it" }
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func aBrokenColumnConstraintFailsWithoutChanges() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (a INTEGER UNIQUE, b INTEGER CHECK (b > a));
            INSERT INTO t VALUES (1, 2);
            """)
        let before = try DatabaseSnapshot(db)
        #expect {
            try SchemaChanger(connection: db).alter(table: "t") { $0.drop(column: "a") }
        } throws: { ThrownError($0).isSQLiteError("no such column: a") }
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func keepsTheAutoincrementCounterOfAnEmptiedTable() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT UNIQUE);
            INSERT INTO t (code) VALUES ('a'), ('b'), ('c');
            DELETE FROM t;
            """)
        try SchemaChanger(connection: db).alter(table: "t") { $0.drop(column: "code") }
        try db.run("INSERT INTO t DEFAULT VALUES")
        #expect(db.lastInsertRowid == 4)
    }

    @Test func refusesToDropTheLastColumn() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (only TEXT UNIQUE); INSERT INTO t VALUES ('x')")
        let before = try DatabaseSnapshot(db)
        #expect {
            try SchemaChanger(connection: db).alter(table: "t") { $0.drop(column: "only") }
        } throws: { ThrownError($0).message == "cannot rebuild t without any column to copy" }
        #expect(try DatabaseSnapshot(db) == before)
    }
}

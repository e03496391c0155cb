import Testing

@testable import SQLiteSchema

@Suite struct SQLTokenizerTests {
    @Test(arguments: [
        (#""a ""b""""#, SQLToken.Kind.quoted, #"a "b""#),
        ("`x``y`", .quoted, "x`y"),
        ("[odd name]", .quoted, "odd name"),
        ("'it''s'", .string, "it's"),
        ("'it''''s'", .string, "it''s"),
        // A doubled quote before a combining mark: one Character to Swift, two quotes to SQLite.
        ("\"a\"\"\u{301}b\"", .quoted, "a\"\u{301}b"),
        ("välue", .word, "välue"),
    ])
    func readsIdentifiers(text: String, kind: SQLToken.Kind, identifier: String) {
        let tokens = SQLTokenizer.tokenize(text)
        #expect(tokens.count == 1)
        #expect(tokens.first?.kind == kind)
        #expect(tokens.first?.identifier == identifier)
    }

    @Test func skipsCommentsAndSplitsOperators() {
        let tokens = SQLTokenizer.tokenize("a -- note\n/* block ( */ || x'00' <= 1.5e-3 ? :name")
        #expect(tokens.map(\.text) == ["a", "||", "x'00'", "<=", "1.5e-3", "?", ":name"])
        #expect(tokens.map(\.kind) == [.word, .symbol, .blob, .symbol, .number, .variable, .variable])
    }

    @Test func unterminatedQuotesRunToTheEnd() {
        let tokens = SQLTokenizer.tokenize("a 'open")
        #expect(tokens.map(\.text) == ["a", "'open"])
    }

    @Test func splitsCreateTableIntoElements() throws {
        let sql = """
            CREATE TABLE IF NOT EXISTS "t" (
                id INTEGER PRIMARY KEY DESC ON CONFLICT REPLACE AUTOINCREMENT, -- the key
                "na,me" VARCHAR(10, 2) NOT NULL COLLATE "NOCASE" CHECK (length("na,me") > 0),
                total AS (id * 2) STORED,
                CONSTRAINT pair UNIQUE ("na,me" COLLATE BINARY, total DESC),
                FOREIGN KEY (id) REFERENCES other (x),
                CHECK (id > 0)
            ) WITHOUT ROWID, STRICT;
            """
        let statement = try #require(CreateTableStatement(sql: sql))
        #expect(statement.elements.map(\.columnName) == ["id", "na,me", "total", nil, nil, nil])
        #expect(statement.options == "WITHOUT ROWID, STRICT")
        let id = try #require(statement.column(named: "ID"))
        #expect(id.isAutoIncrement && id.isPrimaryKeyDescending)
        #expect(id.primaryKeyConflict == "REPLACE")
        let name = try #require(statement.column(named: "na,me"))
        #expect(name.collation == "NOCASE")
        #expect(name.checks == [#"length("na,me") > 0"#])
        #expect(statement.column(named: "total")?.generated?.expression == "id * 2")
        #expect(statement.column(named: "total")?.generated?.stored == true)
        #expect(statement.elements[3].constrainedColumns == ["na,me", "total"])
        #expect(statement.elements[4].constrainedColumns == ["id"])
        #expect(SchemaChanger.mentions(statement.elements[5].text, column: "id"))
    }

    @Test(arguments: [
        "CREATE VIRTUAL TABLE v USING fts5(a, b)", "CREATE TABLE t AS SELECT (1) AS x", "CREATE INDEX i ON t (a)",
    ])
    func rejectsOtherStatements(sql: String) {
        #expect(CreateTableStatement(sql: sql) == nil)
    }

    @Test func findsPartialIndexConditions() {
        #expect(
            IndexDefinition.whereClause(of: "CREATE INDEX i ON t (a) WHERE a > 0 AND (b IS NULL);")
                == "a > 0 AND (b IS NULL)")
        #expect(IndexDefinition.whereClause(of: "CREATE INDEX i ON t (a)") == nil)
    }

    @Test func qualifiesIndexAndTriggerNames() {
        #expect(
            SchemaChanger.qualifyingName(of: "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a)", schema: "aux")
                == #"CREATE UNIQUE INDEX IF NOT EXISTS "aux".i ON t (a)"#)
        #expect(
            SchemaChanger.qualifyingName(of: "CREATE TRIGGER x.tr AFTER INSERT ON t BEGIN SELECT 1; END", schema: "aux")
                == "CREATE TRIGGER x.tr AFTER INSERT ON t BEGIN SELECT 1; END")
    }
}

import SQLiteCore
import SQLiteSchema
import Testing

@Suite struct DefinitionsTests {
    @Test(arguments: [
        (nil, LiteralValue.NULL), ("NULL", .NULL), ("null", .NULL), ("TRUE", .TRUE), ("false", .FALSE),
        ("CURRENT_TIME", .CURRENT_TIME), ("CURRENT_DATE", .CURRENT_DATE), ("CURRENT_TIMESTAMP", .CURRENT_TIMESTAMP),
        ("'it''s'", .stringLiteral("it's")), ("''", .stringLiteral("")), ("X'00FF'", .blobLiteral("00FF")),
        ("42", .numericLiteral("42")), ("-1.5", .numericLiteral("-1.5")), ("0x1F", .numericLiteral("0x1F")),
        ("(1 + 2)", .expression("1 + 2")), ("(datetime('now'))", .expression("datetime('now')")),
        ("abs(-1)", .numericLiteral("abs(-1)")), ("\"fo\"\"o\"", .stringLiteral("fo\"o")),
        ("draft", .stringLiteral("draft")),
    ])
    func parsesDefaultValues(text: String?, value: LiteralValue) {
        #expect(LiteralValue(text) == value)
    }

    @Test(arguments: [
        (LiteralValue.stringLiteral("it's"), "'it''s'"), (.blobLiteral("00ff"), "X'00ff'"), (.NULL, "NULL"),
        (.expression("1 + 2"), "(1 + 2)"), (.numericLiteral("-3"), "-3"), (.CURRENT_DATE, "CURRENT_DATE"),
        (.numericLiteral("0xdeadbeef"), "0xdeadbeef"), (.numericLiteral("datetime('now')"), "(datetime('now'))"),
    ])
    func rendersDefaultValues(value: LiteralValue, sql: String) {
        #expect(value.toSQL() == sql)
    }

    @Test(arguments: [
        (
            ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER),
            #""id" INTEGER PRIMARY KEY AUTOINCREMENT"#
        ),
        (
            ColumnDefinition(
                name: #"e"mail"#, type: .TEXT, nullable: false, unique: true, defaultValue: .stringLiteral(""),
                collation: "NOCASE"),
            #""e""mail" TEXT DEFAULT '' NOT NULL UNIQUE COLLATE "NOCASE""#
        ),
        (
            ColumnDefinition(
                name: "owner", type: .INTEGER,
                references: .init(toTable: "users", toColumn: "id", onDelete: "CASCADE")),
            #""owner" INTEGER REFERENCES "users" ("id") ON DELETE CASCADE"#
        ),
        (ColumnDefinition(name: "raw", declaredType: ""), #""raw""#),
        (
            ColumnDefinition(name: "t", type: .REAL, generated: .init(expression: "a * 2", stored: true)),
            #""t" REAL GENERATED ALWAYS AS (a * 2) STORED"#
        ),
        (
            ColumnDefinition(name: "n", type: .INTEGER, checks: ["n > 0"]),
            #""n" INTEGER CHECK (n > 0)"#
        ),
    ])
    func rendersColumns(column: ColumnDefinition, sql: String) {
        #expect(column.toSQL() == sql)
    }

    @Test func rendersTablesThatSQLiteAccepts() throws {
        let table = TableDefinition(
            name: "line items",
            columns: [
                ColumnDefinition(name: "order", primaryKey: .init(position: 1), type: .INTEGER, nullable: false),
                ColumnDefinition(name: "line", primaryKey: .init(position: 2), type: .INTEGER, nullable: false),
                ColumnDefinition(name: "sku", type: .TEXT, collation: "NOCASE"),
            ],
            foreignKeys: [ForeignKeyDefinition(columns: ["sku"], table: "products", onUpdate: .cascade)],
            withoutRowID: true, strict: true)
        #expect(
            table.toSQL(ifNotExists: true)
                == #"CREATE TABLE IF NOT EXISTS "line items" ("order" INTEGER NOT NULL, "line" INTEGER NOT NULL, "#
                + #""sku" TEXT COLLATE "NOCASE", PRIMARY KEY ("order", "line"), "#
                + #"FOREIGN KEY ("sku") REFERENCES "products" ON UPDATE CASCADE) WITHOUT ROWID, STRICT"#)
        let db = try Connection()
        try db.execute(table.toSQL())
        var read = try db.schema.tableDefinition(table: "line items")
        read.indexes = []
        var expected = table
        expected.columns[2].references = .init(fromColumn: "sku", toTable: "products", onUpdate: "CASCADE")
        #expect(read == expected)
        #expect(read.columns.map(\.declaredType) == ["INTEGER", "INTEGER", "TEXT"])
        #expect(read.columns[2].collation == "NOCASE")
    }

    @Test func primaryKeysDefaultToAutoincrementAsInSQLiteSwift() throws {
        #expect(ColumnDefinition.PrimaryKey().toSQL() == "PRIMARY KEY AUTOINCREMENT")
        #expect(
            ColumnDefinition.PrimaryKey(autoIncrement: false, onConflict: .REPLACE).toSQL()
                == "PRIMARY KEY ON CONFLICT REPLACE")
        #expect(ColumnDefinition.PrimaryKey(position: 2).autoIncrement == false)
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY DESC ON CONFLICT IGNORE)")
        let key = try #require(try db.schema.columnDefinitions(table: "t").first?.primaryKey)
        #expect(key == .init(autoIncrement: false, onConflict: .IGNORE))
        #expect(key.position == 1 && key.descending)
    }

    @Test func objectsKnowWhetherSQLiteMadeThem() {
        #expect(ObjectDefinition(type: .index, name: "sqlite_autoindex_t_1", tableName: "t").isInternal)
        #expect(!ObjectDefinition(type: .view, name: "v", tableName: "v", sql: "CREATE VIEW v AS SELECT 1").isInternal)
    }
}

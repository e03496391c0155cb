import SQLiteCore
import SQLiteSchema
import Testing

@Suite struct SchemaReaderTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                email VARCHAR(80) NOT NULL UNIQUE COLLATE NOCASE,
                name TEXT DEFAULT 'anonymous',
                score REAL DEFAULT -1.5,
                avatar BLOB DEFAULT x'00ff',
                created TEXT DEFAULT CURRENT_TIMESTAMP,
                flags DEFAULT (1 + 2),
                price DECIMAL(10,2) CHECK (price >= 0),
                total AS (price * 2) STORED,
                half GENERATED ALWAYS AS (price / 2) VIRTUAL,
                manager_id INTEGER REFERENCES users (id) ON DELETE SET NULL
            );
            CREATE INDEX users_by_name ON users (name DESC, score) WHERE name IS NOT NULL;
            CREATE UNIQUE INDEX users_by_lower_email ON users (lower(email) COLLATE NOCASE DESC, "id");
            CREATE TABLE tags (
                post INTEGER NOT NULL,
                tag TEXT NOT NULL,
                owner_a INT, owner_b INT,
                PRIMARY KEY (post, tag),
                FOREIGN KEY (owner_a, owner_b) REFERENCES owners (a, b) ON UPDATE CASCADE,
                FOREIGN KEY (post) REFERENCES posts,
                CHECK (owner_a IS NULL OR owner_b IS NOT NULL),
                CONSTRAINT positive CHECK (post > 0)
            ) WITHOUT ROWID;
            CREATE VIEW user_names AS SELECT name FROM users;
            CREATE TRIGGER users_touch AFTER UPDATE ON users BEGIN SELECT 1; END;
            """)
    }

    @Test func readsEveryKindOfColumn() throws {
        let columns = try db.schema.columnDefinitions(table: "users")
        #expect(
            columns.map(\.name) == [
                "id", "email", "name", "score", "avatar", "created", "flags", "price", "total", "half", "manager_id",
            ])
        let byName = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0) })
        #expect(byName["id"]?.primaryKey == .init(autoIncrement: true))
        #expect(byName["id"]?.type == .INTEGER)
        #expect(byName["email"]?.declaredType == "VARCHAR(80)")
        #expect(byName["email"]?.type == .TEXT)
        #expect(byName["email"]?.nullable == false)
        #expect(byName["email"]?.unique == true)
        #expect(byName["email"]?.collation == "NOCASE")
        #expect(byName["name"]?.defaultValue == .stringLiteral("anonymous"))
        #expect(byName["score"]?.defaultValue == .numericLiteral("-1.5"))
        #expect(byName["score"]?.type == .REAL)
        #expect(byName["avatar"]?.defaultValue == .blobLiteral("00ff"))
        #expect(byName["avatar"]?.type == .BLOB)
        #expect(byName["created"]?.defaultValue == .CURRENT_TIMESTAMP)
        #expect(byName["flags"]?.defaultValue == .expression("1 + 2"))
        #expect(byName["flags"]?.declaredType == "")
        #expect(byName["flags"]?.type == .BLOB)
        #expect(byName["price"]?.type == .NUMERIC)
        #expect(byName["price"]?.checks == ["price >= 0"])
        #expect(byName["total"]?.generated == .init(expression: "price * 2", stored: true))
        #expect(byName["half"]?.generated == .init(expression: "price / 2", stored: false))
        #expect(
            byName["manager_id"]?.references
                == .init(fromColumn: "manager_id", toTable: "users", toColumn: "id", onDelete: "SET NULL"))
        #expect(byName["manager_id"]?.references?.toSQL() == #"REFERENCES "users" ("id") ON DELETE SET NULL"#)
        #expect(byName["name"]?.nullable == true)
        #expect(byName["name"]?.primaryKey == nil)
    }

    @Test func readsCompositePrimaryKeyAndForeignKeys() throws {
        let table = try db.schema.tableDefinition(table: "tags")
        #expect(table.withoutRowID)
        #expect(table.checks == ["owner_a IS NULL OR owner_b IS NOT NULL", "post > 0"])
        #expect(table.primaryKeyColumns.map(\.name) == ["post", "tag"])
        #expect(table.columns[1].primaryKey == .init(position: 2))
        #expect(
            table.foreignKeys == [
                ForeignKeyDefinition(
                    columns: ["owner_a", "owner_b"], table: "owners", referencedColumns: ["a", "b"], onUpdate: .cascade),
                ForeignKeyDefinition(columns: ["post"], table: "posts"),
            ])
    }

    @Test func readsIndexes() throws {
        let indexes = try db.schema.indexDefinitions(table: "users")
        let named = try #require(indexes.first { $0.name == "users_by_name" })
        #expect(named.columns == ["name", "score"])
        #expect(named.orders == ["name": .DESC])
        #expect(named.where == "name IS NOT NULL")
        #expect(named.origin == .createIndex)
        #expect(!named.unique && !named.isInternal)
        let expression = try #require(indexes.first { $0.name == "users_by_lower_email" })
        #expect(expression.keys == [.expression("lower(email)"), .column("id")])
        #expect(expression.columns == ["id"])
        #expect(expression.toSQL() == #"CREATE UNIQUE INDEX "users_by_lower_email" ON "users" (lower(email), "id")"#)
        let unique = try #require(indexes.first { $0.origin == .uniqueConstraint })
        #expect(unique.columns == ["email"] && unique.unique && unique.isInternal)
        #expect(
            named.toSQL() == #"CREATE INDEX "users_by_name" ON "users" ("name" DESC, "score") WHERE name IS NOT NULL"#)
    }

    @Test(arguments: [
        (ObjectDefinition.ObjectType.table, ["users", "sqlite_sequence", "tags"]),
        // A WITHOUT ROWID table's primary key is the table itself: no index object for it.
        (.index, ["sqlite_autoindex_users_1", "users_by_name", "users_by_lower_email"]),
        (.view, ["user_names"]),
        (.trigger, ["users_touch"]),
    ])
    func listsObjects(type: ObjectDefinition.ObjectType, names: [String]) throws {
        #expect(try db.schema.objectDefinitions(type: type).map(\.name) == names)
    }

    @Test func readsObjectsByNameAndTemp() throws {
        try db.execute("CREATE TEMP TABLE scratch (x TEXT)")
        let view = try #require(try db.schema.objectDefinitions(name: "USER_NAMES").first)
        #expect(view.type == .view && view.tableName == "user_names" && view.rootpage == 0)
        #expect(view.toSQL() == "CREATE VIEW user_names AS SELECT name FROM users")
        #expect(try db.schema.objectDefinitions(temp: true).map(\.name) == ["scratch"])
        #expect(try db.schema.columnDefinitions(table: "scratch").map(\.name) == ["x"])
    }

    @Test func readsAttachedDatabases() throws {
        try db.attach(.inMemory, as: "other")
        try db.execute("CREATE TABLE other.users (key TEXT PRIMARY KEY)")
        #expect(try db.schema(database: "other").columnDefinitions(table: "users").map(\.name) == ["key"])
        #expect(try db.schema.columnDefinitions(table: "users").count == 11)
        #expect(try db.schema(database: "other").tableNames() == ["users"])
    }

    @Test func readsTheColumnsOfViews() throws {
        #expect(try db.schema.columnDefinitions(table: "user_names") == [ColumnDefinition(name: "name", type: .TEXT)])
    }

    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable))
    func readsHiddenColumnsOfVirtualTables() throws {
        try db.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body)")
        let columns = try db.schema.columnDefinitions(table: "docs")
        #expect(columns.filter { !$0.hidden }.map(\.name) == ["title", "body"])
        #expect(columns.contains { $0.hidden })
        #expect {
            try SchemaChanger(connection: db).alter(table: "docs") { $0.drop(column: "body") }
        } throws: { error in
            ThrownError(error).message?.hasPrefix("cannot rebuild docs: only ordinary tables") == true
        }
    }

    @Test func aMissingTableHasNoDefinitionsButThrowsForItsTableDefinition() throws {
        // As in SQLite.swift: asking for a missing table's columns or indexes is no error.
        #expect(try db.schema.columnDefinitions(table: "nope").isEmpty)
        #expect(try db.schema.indexDefinitions(table: "nope").isEmpty)
        #expect(try db.schema.foreignKeyDefinitions(table: "nope").isEmpty)
        #expect(try db.schema(database: "temp").columnDefinitions(table: "users").isEmpty)
        #expect(
            thrownError { _ = try db.schema.tableDefinition(table: "nope") }?.isSQLiteError("no such table: nope")
                == true)
    }

    @Test("columnNames lists what SELECT * returns, generated columns included, in table order")
    func columnNames() throws {
        #expect(
            try db.schema.columnNames(table: "users") == [
                "id", "email", "name", "score", "avatar", "created", "flags", "price", "total", "half", "manager_id",
            ])
        #expect(try db.schema.columnNames(table: "USER_NAMES") == ["name"])
        #expect(try db.schema.columnNames(table: "nope").isEmpty)
        try db.execute("CREATE TEMP TABLE users (temporary TEXT)")
        #expect(try db.schema.columnNames(table: "users") == ["temporary"])  // found as SQL finds it
        #expect(try db.schema(database: "main").columnNames(table: "users").count == 11)
    }

    @Test("indexNames lists the table's indexes, those made for constraints included")
    func indexNames() throws {
        #expect(
            Set(try db.schema.indexNames(table: "users"))
                == Set(try db.schema.indexDefinitions(table: "users").map(\.name)))
        #expect(try db.schema.indexNames(table: "users").contains("users_by_name"))
        #expect(try db.schema(database: "temp").indexNames(table: "users").isEmpty)
        #expect(try db.schema.indexNames(table: "nope").isEmpty)
    }

    @Test func definitionsRenderTheirSQL() throws {
        let table = try db.schema.tableDefinition(table: "tags")
        let copy = try Connection()
        try copy.execute(table.toSQL())
        var read = try copy.schema.tableDefinition(table: "tags")
        read.indexes = table.indexes
        #expect(read == table)
    }

    @Test(arguments: [
        ("INT", ColumnDefinition.Affinity.INTEGER), ("TINYINT", .INTEGER), ("BIGINT UNSIGNED", .INTEGER),
        ("CHARACTER(20)", .TEXT), ("NVARCHAR(100)", .TEXT), ("CLOB", .TEXT), ("BLOB", .BLOB), ("", .BLOB),
        ("REAL", .REAL), ("DOUBLE PRECISION", .REAL), ("FLOAT", .REAL), ("NUMERIC", .NUMERIC),
        ("DECIMAL(10,5)", .NUMERIC), ("BOOLEAN", .NUMERIC), ("DATETIME", .NUMERIC), ("FLOATING POINT", .INTEGER),
    ])
    func derivesAffinity(declared: String, affinity: ColumnDefinition.Affinity) {
        #expect(ColumnDefinition.Affinity(declaredType: declared) == affinity)
    }
}

import SQLiteCore
import Testing

#if ColumnMetadata
    /// Result columns' origins and tables' column metadata (trait `ColumnMetadata`).
    @Suite(
        .enabled(if: SQLiteFeature.columnMetadata.isAvailable, "the SQLite library lacks SQLITE_ENABLE_COLUMN_METADATA")
    )
    struct ColumnMetadataTests {
        private func database() throws -> Connection {
            let db = try Connection()
            try db.execute(
                """
                CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL COLLATE NOCASE, age);
                CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), title VARCHAR(80));
                CREATE VIEW titles AS SELECT title AS heading FROM posts;
                """)
            return db
        }

        @Test func originsOfAJoinWithAnAliasAndAnExpression() throws {
            let db = try database()
            let select = try db.prepare(
                "SELECT u.email AS address, p.title, u.id + 1, 42 FROM users u JOIN posts p ON p.user_id = u.id")
            #expect(
                select.columnOrigins == [
                    ColumnOrigin(database: "main", table: "users", column: "email"),
                    ColumnOrigin(database: "main", table: "posts", column: "title"), nil, nil,
                ])
            #expect(select.columnNames[0] == "address")
            #expect(select.columnOrigin(at: 4) == nil)
            #expect(select.columnOrigin(at: -1) == nil)
        }

        @Test func originsThroughAViewAndAnAttachedDatabase() throws {
            let db = try database()
            #expect(
                try db.prepare("SELECT heading FROM titles").columnOrigin(at: 0)
                    == ColumnOrigin(database: "main", table: "posts", column: "title"))
            try db.attach(.inMemory, as: "other")
            try db.execute("CREATE TABLE other.notes (body)")
            #expect(
                try db.prepare("SELECT n.body FROM other.notes n").columnOrigin(at: 0)
                    == ColumnOrigin(database: "other", table: "notes", column: "body"))
        }

        @Test func tableColumnMetadata() throws {
            let db = try database()
            let id = try db.columnMetadata(table: "users", column: "id")
            #expect(
                id
                    == TableColumnMetadata(
                        declaredType: "INTEGER", collation: "BINARY", isNotNull: false, isPrimaryKey: true,
                        isAutoIncrement: true))
            let email = try db.columnMetadata(table: "users", column: "email", schema: "main")
            #expect(email.declaredType == "TEXT")
            #expect(email.collation == "NOCASE")
            #expect(email.isNotNull && !email.isPrimaryKey && !email.isAutoIncrement)
            #expect(try db.columnMetadata(table: "users", column: "age").declaredType == nil)
            #expect(try db.columnMetadata(table: "posts", column: "title").declaredType == "VARCHAR(80)")
            #expect(!(try db.columnMetadata(table: "posts", column: "id").isAutoIncrement))
        }

        @Test func aMissingTableOrColumnThrows() throws {
            let db = try database()
            let table = expectResult(code: SQLITE_ERROR) { _ = try db.columnMetadata(table: "nowhere", column: "id") }
            #expect(table?.message.contains("no such table column") == true)
            expectResult(code: SQLITE_ERROR) { _ = try db.columnMetadata(table: "users", column: "nothing") }
            expectResult(code: SQLITE_ERROR) { _ = try db.columnMetadata(table: "users", column: "id", schema: "temp") }
            try db.close()
            expectResult(code: SQLITE_MISUSE) { _ = try db.columnMetadata(table: "users", column: "id") }
        }
    }
#else
    /// Without the trait the API is absent, and SQLite is built without column metadata.
    @Suite struct ColumnMetadataTests {
        @Test(.disabled(if: SQLiteFeature.columnMetadata.isAvailable, "the system library has column metadata"))
        func theTraitOffCompilesColumnMetadataOut() {
            #expect(!SQLiteFeature.columnMetadata.isAvailable)
        }
    }
#endif

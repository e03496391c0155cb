import SQLiteCore
import SQLiteSchema
import Testing

/// A library database: authors, books referring to them (with cascades), an index on the
/// column to drop, a UNIQUE column, a trigger, views, and AUTOINCREMENT.
func makeLibrary() throws -> Connection {
    let db = try Connection()
    try db.execute(
        """
        PRAGMA foreign_keys = ON;
        CREATE TABLE authors (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL COLLATE NOCASE,
            email TEXT UNIQUE,
            born INTEGER CHECK (born > 0),
            note BLOB
        );
        CREATE INDEX authors_by_born ON authors (born DESC) WHERE born IS NOT NULL;
        CREATE TABLE books (
            id INTEGER PRIMARY KEY,
            author_id INTEGER NOT NULL REFERENCES authors (id) ON DELETE CASCADE,
            title TEXT NOT NULL
        );
        CREATE INDEX books_by_author ON books (author_id);
        CREATE TABLE log (entry TEXT);
        CREATE TRIGGER authors_logged AFTER INSERT ON authors BEGIN
            INSERT INTO log (entry) VALUES ('added ' || NEW.name);
        END;
        CREATE VIEW author_names AS SELECT id, name FROM authors;
        CREATE VIEW books_with_authors AS SELECT b.title, a.name FROM books b JOIN authors a ON a.id = b.author_id;
        INSERT INTO authors (name, email, born, note) VALUES
            ('Ada', 'ada@example.com', 1815, x'00ff'),
            ('Grace', NULL, 1906, NULL),
            ('Alan', 'alan@example.com', NULL, x''),
            ('Temp', 'temp@example.com', 2000, NULL);
        DELETE FROM authors WHERE name = 'Temp';
        INSERT INTO books (author_id, title) VALUES (1, 'Notes'), (2, 'COBOL'), (2, 'Nanoseconds'), (3, 'Computing');
        """)
    return db
}

@Suite struct SchemaChangerTests {
    @Test func addsAPlainColumnInPlace() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try SchemaChanger(connection: db).alter(table: "authors") { table in
            table.add(column: ColumnDefinition(name: "country", type: .TEXT, defaultValue: .stringLiteral("UK")))
        }
        let after = try DatabaseSnapshot(db)
        #expect(after.rows(of: "authors", without: 6) == before.contents["authors"])
        #expect(after.contents["authors"]?.map { $0[6] } == ["text UK", "text UK", "text UK"])
        #expect(after.contents["books"] == before.contents["books"])
        #expect(db.foreignKeys)
    }

    @Test(arguments: [
        ColumnDefinition(name: "code", type: .TEXT, unique: true),
        ColumnDefinition(name: "added", type: .TEXT, defaultValue: .expression("datetime('now')")),
        ColumnDefinition(name: "score", type: .INTEGER, defaultValue: .expression("1 + 1")),
        ColumnDefinition(name: "upper_name", type: .TEXT, generated: .init(expression: "upper(name)", stored: true)),
    ])
    func addsAColumnByRebuilding(column: ColumnDefinition) throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try SchemaChanger(connection: db).alter(table: "authors") { $0.add(column: column) }
        let after = try DatabaseSnapshot(db)
        // Every row and value survives, rowids included; the other tables are untouched.
        #expect(after.rows(of: "authors", without: 6) == before.contents["authors"])
        for table in ["books", "log"] { #expect(after.contents[table] == before.contents[table]) }
        // Indexes, triggers and views are all back, with their SQL unchanged.
        let objects = { (snapshot: DatabaseSnapshot) in
            snapshot.objects.filter {
                !$0.hasPrefix("table authors") && !$0.hasPrefix("index sqlite_autoindex_authors")
            }
        }
        #expect(objects(after) == objects(before))
        let read = try db.schema.columnDefinitions(table: "authors").last
        #expect(read?.name == column.name)
        #expect(read?.unique == column.unique)
        #expect(read?.defaultValue == column.defaultValue)
        #expect(read?.generated == column.generated)
        // AUTOINCREMENT's counter is kept: the deleted fourth rowid is not reused.
        try db.run("INSERT INTO authors (name) VALUES ('Edsger')")
        #expect(db.lastInsertRowid == 5)
        #expect(try db.scalar("SELECT entry FROM log") as? String == "added Ada")
        #expect(db.foreignKeys)
        #expect(try db.foreignKeyCheck().isEmpty)
        #expect(try db.integrityCheck().isEmpty)
    }

    @Test func addsACreationTimeColumnThroughAnExpressionDefault() throws {
        let db = try makeLibrary()
        let column = ColumnDefinition(name: "added", type: .TEXT, defaultValue: .expression("CURRENT_TIMESTAMP"))
        #expect(column.toSQL() == #""added" TEXT DEFAULT (CURRENT_TIMESTAMP)"#)
        try SchemaChanger(connection: db).alter(table: "authors") { $0.add(column: column) }
        #expect(try db.scalar("SELECT count(*) FROM authors WHERE added LIKE '____-__-__ __:__:__'") as? Int64 == 3)
        #expect(try db.schema.columnDefinitions(table: "authors").last?.defaultValue == .CURRENT_TIMESTAMP)
    }

    @Test func renamesAColumnWithItsIndexesTriggersAndViews() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try SchemaChanger(connection: db).alter(table: "authors") { $0.rename("born", to: "birth_year") }
        let after = try DatabaseSnapshot(db)
        #expect(after.contents == before.contents)
        #expect(
            try db.schema.indexDefinitions(table: "authors").first { $0.name == "authors_by_born" }?.columns
                == ["birth_year"])
        #expect(try db.schema.columnDefinitions(table: "authors").map(\.name).contains("birth_year"))
        #expect(try db.prepare("SELECT * FROM author_names").map { $0 }.count == 3)
    }

    @Test func dropsAPlainColumnInPlace() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try SchemaChanger(connection: db).alter(table: "authors") { $0.drop("note") }
        let after = try DatabaseSnapshot(db)
        #expect(after.contents["authors"] == before.rows(of: "authors", without: 5))
        #expect(after.contents["books"] == before.contents["books"])
    }

    @Test(arguments: [("email", 3), ("born", 4)])
    func dropsAConstrainedColumnByRebuilding(column: String, position: Int) throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: column) }
        let after = try DatabaseSnapshot(db)
        #expect(after.contents["authors"] == before.rows(of: "authors", without: position))
        // The books referring to authors (ON DELETE CASCADE) all survive the old table's drop.
        #expect(after.contents["books"] == before.contents["books"])
        #expect(after.contents["log"] == before.contents["log"])
        #expect(try !db.schema.columnDefinitions(table: "authors").map(\.name).contains(column))
        let indexes = try db.schema.indexDefinitions(table: "authors").map(\.name)
        #expect(indexes.contains("authors_by_born") == (column != "born"))
        #expect(try db.schema.objectDefinitions(type: .trigger).map(\.name) == ["authors_logged"])
        #expect(try db.prepare("SELECT * FROM books_with_authors").map { $0 }.count == 4)
        #expect(db.foreignKeys)
        #expect(try db.foreignKeyCheck().isEmpty)
        #expect(try db.quickCheck().isEmpty)
    }

    @Test func aFailingRebuildLeavesTheDatabaseExactlyAsItWas() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        // `id` is used by two views: the rebuild gets as far as checking them, then rolls back.
        #expect {
            try SchemaChanger(connection: db).alter(table: "authors") { table in
                table.add(column: ColumnDefinition(name: "extra", type: .TEXT))
                table.drop(column: "id")
            }
        } throws: { error in
            ThrownError(error).message?.contains("no such column") == true
        }
        #expect(try DatabaseSnapshot(db) == before)
        #expect(!db.isInTransaction)
    }

    @Test func aColumnThatCannotBeFilledFailsAtCopyAndChangesNothing() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        do {
            try SchemaChanger(connection: db).alter(table: "authors") {
                $0.add(
                    column: ColumnDefinition(
                        name: "code", type: .INTEGER, nullable: false, unique: true, defaultValue: .numericLiteral("0"))
                )
            }
            Issue.record("expected a failure")
        } catch let error as Result {
            // SQLite's own error, from the copy of the rows into the rebuilt table.
            #expect(error.code == SQLITE_CONSTRAINT)
            #expect(error.message.hasPrefix("UNIQUE constraint failed"))
            #expect(error.sql?.hasPrefix("INSERT INTO") == true)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func aForeignKeyViolationFailsTheChange() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        let error = thrownError {
            try SchemaChanger(connection: db).alter(table: "books") {
                $0.add(
                    column: ColumnDefinition(
                        name: "editor_id", type: .INTEGER, defaultValue: .numericLiteral("99"),
                        references: .init(toTable: "authors")))
            }
        }
        guard case .foreignKeyError(let violations) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(violations.map(\.from) == ["books", "books", "books", "books"])
        #expect(violations.map(\.rowId) == [1, 2, 3, 4])
        #expect(violations.map(\.to) == ["authors", "authors", "authors", "authors"])
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func unknownColumnsAndTablesAreRejected() throws {
        let db = try makeLibrary()
        let changer = SchemaChanger(connection: db)
        #expect(
            thrownError { try changer.alter(table: "authors") { $0.drop(column: "nope") } }
                == .sqlite(code: SQLITE_ERROR, message: #"no such column: "nope""#))
        // The trigger on authors uses `name`: dropping it would break the trigger.
        #expect(
            thrownError { try changer.alter(table: "authors") { $0.drop(column: "name") } }
                == .sqlite(code: SQLITE_ERROR, message: "cannot drop column name: trigger authors_logged uses it"))
        #expect(
            thrownError { try changer.alter(table: "nope") { $0.drop(column: "x") } }
                == .sqlite(code: SQLITE_ERROR, message: "no such table: nope"))
        #expect(
            thrownError { try changer.drop(table: "nope", ifExists: false) }
                == .sqlite(code: SQLITE_ERROR, message: "no such table: nope"))
        try changer.drop(table: "nope")
    }

    @Test func renamesAndDropsTables() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        let changer = SchemaChanger(connection: db)
        try changer.rename(table: "authors", to: "writers")
        #expect(try db.schema.foreignKeyDefinitions(table: "books").first?.table == "writers")
        #expect(try db.prepare("SELECT * FROM books_with_authors").map { $0 }.count == 4)
        #expect(try DatabaseSnapshot(db).contents["writers"] == before.contents["authors"])
        try changer.drop(table: "log")
        #expect(try db.schema.tableNames() == ["writers", "books"])
    }

    @Test func createsTablesFromDefinitions() throws {
        let db = try Connection()
        let changer = SchemaChanger(connection: db)
        try changer.create(table: "users") { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
            table.add(column: .init(name: "email", type: .TEXT, nullable: false, unique: true, collation: "NOCASE"))
            table.add(column: .init(name: "age", declaredType: "SMALLINT", defaultValue: .numericLiteral("0")))
            table.add(index: IndexDefinition(table: "users", name: "users_by_age", columns: ["age"]))
        }
        try changer.create(table: "users", ifNotExists: true) { $0.add(column: .init(name: "x", type: .TEXT)) }
        let columns = try db.schema.columnDefinitions(table: "users")
        #expect(
            columns == [
                .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER),
                .init(name: "email", type: .TEXT, nullable: false, unique: true, collation: "NOCASE"),
                .init(name: "age", declaredType: "SMALLINT", defaultValue: .numericLiteral("0")),
            ])
        #expect(columns.map(\.declaredType) == ["INTEGER", "TEXT", "SMALLINT"])
        #expect(columns.map(\.collation) == [nil, "NOCASE", nil])
        #expect(try db.schema.indexDefinitions(table: "users").map(\.name).contains("users_by_age"))
    }

    @Test func worksInsideTheCallersTransaction() throws {
        let db = try makeLibrary()
        db.foreignKeys = false
        let before = try DatabaseSnapshot(db)
        try db.transaction {
            try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: "email") }
            #expect(db.isInTransaction)
            #expect(try !db.schema.columnDefinitions(table: "authors").map(\.name).contains("email"))
            try db.execute("ROLLBACK")
            try db.execute("BEGIN")
        }
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func refusesToRebuildAReferencedTableWhileForeignKeysAreEnforcedInATransaction() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        try db.execute("BEGIN")
        let error = thrownError {
            try SchemaChanger(connection: db).alter(table: "authors") { $0.drop(column: "email") }
        }
        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.message?.contains("PRAGMA foreign_keys = OFF") == true)
        try db.execute("COMMIT")
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func rebuildsTablesOfAttachedDatabases() throws {
        let db = try Connection()
        try db.attach(.inMemory, as: "side")
        try db.execute(
            """
            CREATE TABLE side.items (id INTEGER PRIMARY KEY, code TEXT UNIQUE, qty INTEGER);
            CREATE INDEX side.items_by_qty ON items (qty);
            CREATE TRIGGER side.items_check BEFORE INSERT ON items BEGIN SELECT 1; END;
            INSERT INTO side.items (code, qty) VALUES ('a', 1), ('b', 2);
            """)
        let before = try DatabaseSnapshot(db, schema: "side")
        try SchemaChanger(connection: db, database: "side").alter(table: "items") { $0.drop(column: "code") }
        let after = try DatabaseSnapshot(db, schema: "side")
        #expect(after.contents["items"] == before.rows(of: "items", without: 2))
        #expect(
            try db.schema(database: "side").objectDefinitions().map(\.name) == [
                "items", "items_by_qty", "items_check",
            ])
        #expect(try db.schema(database: "main").objectDefinitions().isEmpty)
    }

    @Test func addsAndDropsIndexes() throws {
        let db = try makeLibrary()
        let changer = SchemaChanger(connection: db)
        try changer.alter(table: "books") { table in
            table.add(index: IndexDefinition(table: "books", name: "books_by_title", unique: true, columns: ["title"]))
            table.drop(index: "books_by_author")
            table.drop(index: "no_such_index", ifExists: true)
        }
        let indexes = try db.schema.indexDefinitions(table: "books")
        #expect(indexes.map(\.name) == ["books_by_title"])
        #expect(indexes.first?.unique == true)
        try changer.alter(table: "books") {
            $0.add(
                index: IndexDefinition(table: "books", name: "books_by_title", columns: ["title"]), ifNotExists: true)
        }
        #expect(try db.schema.indexDefinitions(table: "books").count == 1)
    }

    @Test func anAlterationIsAllOrNothing() throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        do {
            try SchemaChanger(connection: db).alter(table: "authors") { table in
                table.add(column: ColumnDefinition(name: "country", type: .TEXT))
                table.drop(column: "email")
                table.rename(column: "name", to: "born")  // taken: fails after the first two succeeded
            }
            Issue.record("expected a failure")
        } catch {
            // SQLite's own error for the third change; the first two are undone with it.
            #expect(ThrownError(error).code == SQLITE_ERROR)
            #expect(ThrownError(error).message?.contains("duplicate column name: born") == true)
        }
        #expect(try DatabaseSnapshot(db) == before)
    }

    @Test func createsRenamesAndDropsInAttachedDatabases() throws {
        let db = try Connection()
        try db.attach(.inMemory, as: "side")
        let changer = SchemaChanger(connection: db, database: "side")
        try changer.create(table: "notes") { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: false), type: .INTEGER))
            table.add(column: .init(name: "body", type: .TEXT))
            table.add(index: IndexDefinition(table: "notes", name: "notes_by_body", columns: ["body"]))
        }
        #expect(try db.schema(database: "side").objectDefinitions().map(\.name) == ["notes", "notes_by_body"])
        try changer.rename(table: "notes", to: "memos")
        #expect(try db.schema(database: "side").tableNames() == ["memos"])
        try changer.drop(table: "memos", ifExists: false)
        #expect(try db.schema(database: "side").objectDefinitions().isEmpty)
        #expect(try db.schema.objectDefinitions().isEmpty)
        #expect(changer.description.hasPrefix("SQLiteSchemaChanger: "))
        #expect(changer.description.hasSuffix(" (side)"))
    }
}

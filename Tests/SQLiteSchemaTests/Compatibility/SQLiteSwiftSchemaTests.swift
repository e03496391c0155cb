import Foundation
import SQLiteCore
import SQLiteSchema
import SQLiteTyped
import Testing

/// SQLite.swift 0.16's schema API, called as its programs call it: the same definitions read
/// back from the same tables, the same SQL, and the same errors.
@Suite struct SQLiteSwiftSchemaTests {
    let db: Connection
    let users = Table("users")

    /// SQLite.swift's test fixture: a users table with a UNIQUE column, a default, a CHECK, and a
    /// foreign key to itself.
    init() throws {
        db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                age INTEGER,
                salary REAL,
                admin BOOLEAN NOT NULL DEFAULT 0 CHECK (admin IN (0, 1)),
                manager_id INTEGER,
                created_at DATETIME,
                FOREIGN KEY(manager_id) REFERENCES users(id)
            )
            """)
        try db.run(#"INSERT INTO "users" (email, age, admin) VALUES (?, ?, ?)"#, "bob@example.com", nil, 0)
    }

    // MARK: - Reading

    @Test func columnDefinitionsCompareAsInSQLiteSwift() throws {
        let columns = try db.schema.columnDefinitions(table: "users")
        #expect(
            columns == [
                ColumnDefinition(
                    name: "id", primaryKey: .init(autoIncrement: false, onConflict: nil), type: .INTEGER,
                    nullable: true, unique: false, defaultValue: .NULL, references: nil),
                ColumnDefinition(
                    name: "email", primaryKey: nil, type: .TEXT, nullable: false, unique: true, defaultValue: .NULL,
                    references: nil),
                ColumnDefinition(
                    name: "age", primaryKey: nil, type: .INTEGER, nullable: true, unique: false, defaultValue: .NULL,
                    references: nil),
                ColumnDefinition(
                    name: "salary", primaryKey: nil, type: .REAL, nullable: true, unique: false, defaultValue: .NULL,
                    references: nil),
                ColumnDefinition(
                    name: "admin", primaryKey: nil, type: .NUMERIC, nullable: false, unique: false,
                    defaultValue: .numericLiteral("0"), references: nil),
                ColumnDefinition(
                    name: "manager_id", primaryKey: nil, type: .INTEGER, nullable: true, unique: false,
                    defaultValue: .NULL,
                    references: .init(
                        fromColumn: "manager_id", toTable: "users", toColumn: "id", onUpdate: nil, onDelete: nil)),
                ColumnDefinition(
                    name: "created_at", primaryKey: nil, type: .NUMERIC, nullable: true, unique: false,
                    defaultValue: .NULL, references: nil),
            ])
        // The declared types are kept beside the affinities SQLite.swift compares.
        #expect(columns.map(\.declaredType)[4...] == ["BOOLEAN", "INTEGER", "DATETIME"])
        #expect(Set(columns).count == 7)
    }

    @Test(arguments: [
        (
            #"CREATE TABLE t ("id" INTEGER PRIMARY KEY ON CONFLICT IGNORE AUTOINCREMENT)"#,
            [ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: true, onConflict: .IGNORE), type: .INTEGER)]
        ),
        (
            "CREATE TABLE t (name TEXT UNIQUE)",
            [ColumnDefinition(name: "name", primaryKey: nil, type: .TEXT, nullable: true, unique: true)]
        ),
        (
            #"CREATE TABLE t ("id" INTEGER PRIMARY KEY)"#,
            [ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: false), type: .INTEGER)]
        ),
        (
            "CREATE TABLE t (col1 INTEGER, col2 INTEGER, col3 INTEGER, PRIMARY KEY (col1, col2))",
            [
                ColumnDefinition(name: "col1", primaryKey: .init(autoIncrement: false), type: .INTEGER),
                ColumnDefinition(name: "col2", primaryKey: .init(autoIncrement: false), type: .INTEGER),
                ColumnDefinition(name: "col3", primaryKey: nil, type: .INTEGER),
            ]
        ),
    ])
    func columnDefinitionsOfSQLiteSwiftsTables(sql: String, expected: [ColumnDefinition]) throws {
        let db = try Connection()
        try db.execute(sql)
        let columns = try db.schema.columnDefinitions(table: "t")
        #expect(columns == expected)
        if expected.count == 3 {
            // The composite key's columns keep their positions, which equality leaves out.
            #expect(columns.map { $0.primaryKey?.position ?? 0 } == [1, 2, 0])
        }
    }

    @Test func indexDefinitionsAsInSQLiteSwift() throws {
        #expect(try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }.isEmpty)
        try db.run("CREATE UNIQUE INDEX index_users ON users (age DESC) WHERE age IS NOT NULL")
        let indexes = try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }
        #expect(
            indexes == [
                IndexDefinition(
                    table: "users", name: "index_users", unique: true, columns: ["age"], where: "age IS NOT NULL",
                    orders: ["age": .DESC], origin: .createIndex)
            ])
    }

    @Test(arguments: [
        ("trackartist INTEGER REFERENCES artist(artistid)", #"REFERENCES "artist" ("artistid")"#),
        ("trackartist INTEGER REFERENCES artist", #"REFERENCES "artist""#),
        (
            "trackartist INTEGER REFERENCES artist ON UPDATE CASCADE ON DELETE SET NULL",
            #"REFERENCES "artist" ON UPDATE CASCADE ON DELETE SET NULL"#
        ),
    ])
    func foreignKeysRenderTheirReferences(column: String, sql: String) throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE artist (artistid INTEGER PRIMARY KEY, artistname TEXT);
            CREATE TABLE track (trackid INTEGER, trackname TEXT, \(column));
            """)
        let reference = try db.schema.columnDefinitions(table: "track").last?.references
        #expect(reference?.toSQL() == sql)
        #expect(reference?.fromColumn == "trackartist")
        #expect(reference?.toTable == "artist")
    }

    @Test func objectDefinitionsAsInSQLiteSwift() throws {
        let describe = { (objects: [ObjectDefinition]) in objects.map { [$0.name, $0.tableName, $0.type.rawValue] } }
        #expect(
            describe(try db.schema.objectDefinitions()) == [
                ["users", "users", "table"], ["sqlite_autoindex_users_1", "users", "index"],
            ])
        #expect(describe(try db.schema.objectDefinitions(type: .table)) == [["users", "users", "table"]])
        #expect(describe(try db.schema.objectDefinitions(name: "users")) == [["users", "users", "table"]])
        #expect(try db.schema.objectDefinitions(name: "xxx").isEmpty)
        #expect(try db.schema.objectDefinitions(type: .trigger).isEmpty)
        #expect(try db.schema.objectDefinitions(temp: true).isEmpty)
        try db.run("CREATE TEMPORARY TABLE foo (bar TEXT)")
        #expect(describe(try db.schema.objectDefinitions(temp: true)) == [["foo", "foo", "table"]])
        try db.run(users.createIndex(Expression<String>("email"), unique: false, ifNotExists: true))
        let indexes = try db.schema.objectDefinitions(type: .index).filter { !$0.isInternal }
        #expect(indexes.map(\.name) == ["index_users_on_email"])
        #expect(indexes.map(\.sql) == [#"CREATE INDEX "index_users_on_email" ON "users" ("email")"#])
        try db.run(
            """
            CREATE TRIGGER test_trigger AFTER INSERT ON users BEGIN
                UPDATE users SET age = 1 WHERE id = NEW.rowid;
            END
            """)
        #expect(describe(try db.schema.objectDefinitions(type: .trigger)) == [["test_trigger", "users", "trigger"]])
    }

    @Test func connectionChecksAsInSQLiteSwift() throws {
        #expect(try db.foreignKeyCheck().isEmpty)
        #expect(try db.foreignKeyCheck(table: "users").isEmpty)
        #expect(try db.integrityCheck().isEmpty)
        #expect(try db.integrityCheck(table: "users").isEmpty)
        #expect(thrownError { _ = try db.foreignKeyCheck(table: "xxx") }?.isSQLiteError("no such table: xxx") == true)
        #expect(thrownError { _ = try db.integrityCheck(table: "xxx") }?.isSQLiteError("no such table: xxx") == true)
        try db.run("INSERT INTO users (email, manager_id) VALUES ('eve@example.com', 42)")
        let errors: [ForeignKeyError] = try db.foreignKeyCheck()
        #expect(errors.map(\.from) == ["users"])
        #expect(errors.map(\.rowId) == [2])
        #expect(errors.map(\.to) == ["users"])
        #expect(errors.map(\.description) == ["users [2] => users"])
    }

    // MARK: - Changing

    @Test func anEmptyMigrationChangesNothing() throws {
        let changer = SchemaChanger(connection: db)
        let columns = try db.schema.columnDefinitions(table: "users")
        let indexes = try db.schema.indexDefinitions(table: "users")
        try changer.alter(table: "users") { _ in }
        #expect(try db.schema.columnDefinitions(table: "users") == columns)
        #expect(try db.schema.indexDefinitions(table: "users") == indexes)
        #expect(try db.scalar(users.count) == 1)
    }

    @Test func dropsRenamesAndAddsColumns() throws {
        let changer = SchemaChanger(connection: db)
        try changer.alter(table: "users") { table in table.drop(column: "age") }
        #expect(try !db.schema.columnDefinitions(table: "users").map(\.name).contains("age"))
        try changer.alter(table: "users") { table in table.rename(column: "salary", to: "salary2") }
        let names = try db.schema.columnDefinitions(table: "users").map(\.name)
        #expect(!names.contains("salary") && names.contains("salary2"))
        let newColumn = ColumnDefinition(
            name: "new_column", type: .TEXT, nullable: true, defaultValue: .stringLiteral("foo"))
        try changer.alter(table: "users") { table in table.add(column: newColumn) }
        #expect(try db.schema.columnDefinitions(table: "users").contains(newColumn))
        let column = Expression<String>("new_column")
        #expect(try db.pluck(users.select(column))?[column] == "foo")
    }

    @Test(arguments: [
        (
            ColumnDefinition(name: "new_column", primaryKey: .init(autoIncrement: false, onConflict: nil), type: .TEXT),
            "can not add primary key column"
        ),
        (ColumnDefinition(name: "stamp", type: .TEXT, defaultValue: .CURRENT_TIMESTAMP), "Invalid default value"),
        (
            ColumnDefinition(name: "required", type: .TEXT, nullable: false),
            "NOT NULL columns must have a default value other than NULL"
        ),
    ])
    func refusesColumnsAsSQLiteSwiftDoes(column: ColumnDefinition, reason: String) throws {
        let before = try db.schema.columnDefinitions(table: "users")
        do {
            try SchemaChanger(connection: db).alter(table: "users") { table in
                table.add(column: ColumnDefinition(name: "fine", type: .TEXT))
                table.add(column: column)
            }
            Issue.record("expected invalidColumnDefinition")
        } catch SchemaChanger.Error.invalidColumnDefinition(let message) {
            #expect(message == reason)
        } catch {
            Issue.record("unexpected \(error)")
        }
        let error = thrownError { try SchemaChanger(connection: db).alter(table: "users") { $0.add(column: column) } }
        #expect(error == .invalidColumnDefinition(reason))
        #expect(
            SchemaChanger.Error.invalidColumnDefinition(reason).localizedDescription
                == "Invalid column definition: \(reason)")
        // Nothing ran: not even the valid column before it.
        #expect(try db.schema.columnDefinitions(table: "users") == before)
    }

    @Test func addsAndDropsIndexes() throws {
        let changer = SchemaChanger(connection: db)
        let index = IndexDefinition(table: "users", name: "age_index", unique: false, columns: ["age"])
        try changer.alter(table: "users") { table in table.add(index: index) }
        #expect(
            try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal } == [
                IndexDefinition(
                    table: "users", name: "age_index", unique: false, columns: ["age"], where: nil, orders: nil,
                    origin: .createIndex)
            ])
        try changer.alter(table: "users") { table in table.add(index: index, ifNotExists: true) }
        #expect(
            thrownError { try changer.alter(table: "users") { table in table.add(index: index, ifNotExists: false) } }?
                .isSQLiteError("index age_index already exists") == true)
        try changer.alter(table: "users") { table in table.drop(index: "age_index") }
        #expect(try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }.isEmpty)
        try changer.alter(table: "users") { table in table.drop(index: "age_index", ifExists: true) }
        #expect(
            thrownError {
                try changer.alter(table: "users") { table in table.drop(index: "age_index", ifExists: false) }
            }?
            .isSQLiteError("no such index: age_index") == true)
    }

    @Test func dropsAndRenamesTables() throws {
        let changer = SchemaChanger(connection: db)
        try changer.drop(table: "xxx", ifExists: true)
        #expect(
            thrownError { try changer.drop(table: "xxx", ifExists: false) }?.isSQLiteError("no such table: xxx") == true
        )
        try changer.rename(table: "users", to: "users_new")
        #expect(try db.scalar(Table("users_new").count) == 1)
        try changer.drop(table: "users_new")
        #expect(
            thrownError { _ = try db.scalar(Table("users_new").count) }?.isSQLiteError("no such table: users_new")
                == true)
    }

    @Test func createsTables() throws {
        let changer = SchemaChanger(connection: db)
        try changer.create(table: "foo") { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
            table.add(column: .init(name: "name", type: .TEXT, nullable: false, unique: true))
            table.add(column: .init(name: "age", type: .INTEGER))
            table.add(
                index: .init(table: "foo", name: "nameIndex", unique: true, columns: ["name"], where: nil, orders: nil))
        }
        #expect(try db.scalar(Table("foo").count) == 0)
        #expect(
            try db.schema.columnDefinitions(table: "foo") == [
                ColumnDefinition(
                    name: "id", primaryKey: .init(autoIncrement: true, onConflict: nil), type: .INTEGER,
                    nullable: true, unique: false, defaultValue: .NULL, references: nil),
                ColumnDefinition(
                    name: "name", primaryKey: nil, type: .TEXT, nullable: false, unique: true, defaultValue: .NULL,
                    references: nil),
                ColumnDefinition(
                    name: "age", primaryKey: nil, type: .INTEGER, nullable: true, unique: false, defaultValue: .NULL,
                    references: nil),
            ])
        #expect(
            try db.schema.indexDefinitions(table: "foo").filter { !$0.isInternal } == [
                IndexDefinition(
                    table: "foo", name: "nameIndex", unique: true, columns: ["name"], where: nil, orders: nil,
                    origin: .createIndex)
            ])
        // Again: only with ifNotExists, which also covers the index.
        try changer.create(table: "foo", ifNotExists: true) { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
            table.add(index: .init(table: "foo", name: "nameIndex", unique: true, columns: ["name"]))
        }
        #expect(
            thrownError {
                try changer.create(table: "foo", ifNotExists: false) { table in
                    table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
                }
            }?.code == 1)
    }

    @Test func createsTablesWithForeignKeys() throws {
        let changer = SchemaChanger(connection: db)
        try changer.create(table: "foo") { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
        }
        try changer.create(table: "bars") { table in
            table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
            table.add(
                column: .init(
                    name: "foo_id", type: .INTEGER, nullable: false, references: .init(toTable: "foo", toColumn: "id")))
        }
        #expect(
            try db.schema.columnDefinitions(table: "bars") == [
                ColumnDefinition(
                    name: "id", primaryKey: .init(autoIncrement: true, onConflict: nil), type: .INTEGER,
                    nullable: true, unique: false, defaultValue: .NULL, references: nil),
                ColumnDefinition(
                    name: "foo_id", primaryKey: nil, type: .INTEGER, nullable: false, unique: false,
                    defaultValue: .NULL,
                    references: .init(
                        fromColumn: "foo_id", toTable: "foo", toColumn: "id", onUpdate: nil, onDelete: nil)
                ),
            ])
    }

    @Test func reportsForeignKeyErrorsOfAChange() throws {
        db.foreignKeys = true
        try db.run("INSERT INTO users (email) VALUES ('carol@example.com')")
        let error = thrownError {
            try SchemaChanger(connection: db).alter(table: "users") { table in
                table.add(
                    column: ColumnDefinition(
                        name: "mentor_id", type: .INTEGER, defaultValue: .numericLiteral("7"),
                        references: .init(toTable: "users", toColumn: "id")))
            }
        }
        guard case .foreignKeyError(let errors) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(errors.map(\.description) == ["users [1] => users", "users [2] => users"])
        #expect(
            SchemaChanger.Error.foreignKeyError(errors).localizedDescription
                == "Foreign key errors: [users [1] => users, users [2] => users]")
        #expect(try !db.schema.columnDefinitions(table: "users").map(\.name).contains("mentor_id"))
    }

    @Test func runsArbitrarySQL() throws {
        let changer = SchemaChanger(connection: db)
        try changer.run("CREATE VIEW adults AS SELECT * FROM users WHERE age >= 18")
        let statement = try changer.run("UPDATE users SET age = ? WHERE email = ?", 30, "bob@example.com")
        #expect(statement.sql == "UPDATE users SET age = ? WHERE email = ?")
        #expect(db.changes == 1)
        #expect(try db.scalar("SELECT count(*) FROM adults") as? Int64 == 1)
        #expect(changer.description == "SQLiteSchemaChanger: \(db.description)")
    }

    @Test func theNestedNamesAndOperationsAreSQLiteSwifts() throws {
        var operations: [SchemaChanger.Operation] = []
        let alter: SchemaChanger.AlterTableDefinitionBlock = { (table: SchemaChanger.AlterTableDefinition) in
            table.add(column: ColumnDefinition(name: "nickname", type: .TEXT))
            table.rename(column: "nickname", to: "alias")
            table.drop(column: "alias")
            table.add(index: IndexDefinition(table: "users", name: "by_age", columns: ["age"]), ifNotExists: true)
            table.drop(index: "by_age", ifExists: true)
            #expect(table.name == "users")
            operations = table.operations
        }
        try SchemaChanger(connection: db).alter(table: "users", block: alter)
        #expect(
            operations == [
                .addColumn(ColumnDefinition(name: "nickname", type: .TEXT)), .renameColumn("nickname", "alias"),
                .dropColumn("alias"),
                .addIndex(IndexDefinition(table: "users", name: "by_age", columns: ["age"]), ifNotExists: true),
                .dropIndex("by_age", ifExists: true),
            ])
        let create: SchemaChanger.CreateTableDefinitionBlock = { (table: SchemaChanger.CreateTableDefinition) in
            table.add(column: ColumnDefinition(name: "id", primaryKey: .init(), type: .INTEGER))
        }
        try SchemaChanger(connection: db).create(table: "ids", block: create)
        #expect(try db.schema.columnDefinitions(table: "ids").first?.primaryKey == .init(autoIncrement: true))
        #expect(try db.schema.columnDefinitions(table: "users").count == 7)
    }

    // MARK: - Definitions

    @Test(arguments: [
        (
            ColumnDefinition(
                name: "id", primaryKey: .init(), type: .INTEGER, nullable: false, defaultValue: .NULL, references: nil),
            #""id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL"#
        ),
        (
            ColumnDefinition(
                name: "other_id", primaryKey: nil, type: .INTEGER, nullable: false, defaultValue: .NULL,
                references: .init(fromColumn: "", toTable: "other_table", toColumn: "some_id")),
            #""other_id" INTEGER NOT NULL REFERENCES "other_table" ("some_id")"#
        ),
        (ColumnDefinition(name: "text", type: .TEXT, nullable: true), #""text" TEXT"#),
        (ColumnDefinition(name: "text", type: .TEXT, nullable: false), #""text" TEXT NOT NULL"#),
        (
            ColumnDefinition(name: "text_column", type: .TEXT, defaultValue: .stringLiteral("fo\"o")),
            #""text_column" TEXT DEFAULT 'fo"o'"#
        ),
        (
            ColumnDefinition(name: "integer_column", type: .INTEGER, defaultValue: .numericLiteral("123")),
            #""integer_column" INTEGER DEFAULT 123"#
        ),
        (
            ColumnDefinition(name: "real_column", type: .REAL, defaultValue: .numericLiteral("123.123")),
            #""real_column" REAL DEFAULT 123.123"#
        ),
        (
            ColumnDefinition(
                name: "age", type: .INTEGER, nullable: false, unique: true, defaultValue: .numericLiteral("0")),
            #""age" INTEGER DEFAULT 0 NOT NULL UNIQUE"#
        ),
    ])
    func columnsRenderSQLiteSwiftsSQL(column: ColumnDefinition, sql: String) {
        #expect(column.toSQL() == sql)
    }

    @Test func foreignKeysPrimaryKeysAndIndexesRenderSQLiteSwiftsSQL() {
        #expect(
            ColumnDefinition.ForeignKey(toTable: "foo", toColumn: "bar_id", onUpdate: nil, onDelete: "SET NULL").toSQL()
                == #"REFERENCES "foo" ("bar_id") ON DELETE SET NULL"#)
        #expect(ColumnDefinition.PrimaryKey(autoIncrement: false).toSQL() == "PRIMARY KEY")
        #expect(ColumnDefinition.PrimaryKey(autoIncrement: true).toSQL() == "PRIMARY KEY AUTOINCREMENT")
        #expect(
            ColumnDefinition.PrimaryKey(autoIncrement: false, onConflict: .ROLLBACK).toSQL()
                == "PRIMARY KEY ON CONFLICT ROLLBACK")
        let index = { (unique: Bool, columns: [String], condition: String?, orders: [String: IndexDefinition.Order]?) in
            IndexDefinition(
                table: "tests", name: "index_tests", unique: unique, columns: columns, where: condition, orders: orders)
        }
        #expect(
            index(false, ["test_column"], nil, nil).toSQL() == #"CREATE INDEX "index_tests" ON "tests" ("test_column")"#
        )
        #expect(
            index(true, ["test_column"], nil, nil).toSQL()
                == #"CREATE UNIQUE INDEX "index_tests" ON "tests" ("test_column")"#)
        #expect(
            index(true, ["test_column", "bar_column"], "test_column IS NOT NULL", nil).toSQL()
                == #"CREATE UNIQUE INDEX "index_tests" ON "tests" ("test_column", "bar_column") WHERE test_column IS NOT NULL"#
        )
        #expect(
            index(true, ["test_column", "bar_column"], nil, ["test_column": .DESC]).toSQL()
                == #"CREATE UNIQUE INDEX "index_tests" ON "tests" ("test_column" DESC, "bar_column")"#)
        #expect(
            index(false, ["test_column"], nil, nil).toSQL(ifNotExists: true)
                == #"CREATE INDEX IF NOT EXISTS "index_tests" ON "tests" ("test_column")"#)
    }

    @Test(arguments: [
        (nil as String?, LiteralValue.NULL), ("TRUE", .TRUE), ("FALSE", .FALSE), ("NULL", .NULL),
        ("CURRENT_TIME", .CURRENT_TIME),
        ("CURRENT_TIMESTAMP", .CURRENT_TIMESTAMP), ("CURRENT_DATE", .CURRENT_DATE), ("\"foo\"", .stringLiteral("foo")),
        ("'foo'", .stringLiteral("foo")), ("\"fo\"\"o\"", .stringLiteral("fo\"o")), ("'fo''o'", .stringLiteral("fo'o")),
        ("1.2", .numericLiteral("1.2")), ("0xdeadbeef", .numericLiteral("0xdeadbeef")),
        ("X'deadbeef'", .blobLiteral("deadbeef")), ("x'deadbeef'", .blobLiteral("deadbeef")),
    ])
    func literalValuesParseAsInSQLiteSwift(text: String?, value: LiteralValue) {
        #expect(LiteralValue(text) == value)
    }

    @Test(arguments: [
        (LiteralValue.TRUE, "TRUE"), (.FALSE, "FALSE"), (.NULL, "NULL"), (.CURRENT_TIME, "CURRENT_TIME"),
        (.CURRENT_TIMESTAMP, "CURRENT_TIMESTAMP"), (.CURRENT_DATE, "CURRENT_DATE"), (.stringLiteral("foo"), "'foo'"),
        (.numericLiteral("1.2"), "1.2"), (.numericLiteral("0xdeadbeef"), "0xdeadbeef"),
        (.blobLiteral("deadbeef"), "X'deadbeef'"),
    ])
    func literalValuesDescribeThemselvesAsInSQLiteSwift(value: LiteralValue, description: String) {
        #expect(value.description == description)
    }

    @Test func affinitiesAndEnumerationsAreSQLiteSwifts() {
        #expect(
            ColumnDefinition.Affinity.allCases.map(\.description) == ["INTEGER", "NUMERIC", "REAL", "TEXT", "BLOB"])
        #expect(
            ColumnDefinition.OnConflict.allCases.map(\.rawValue) == ["ROLLBACK", "ABORT", "FAIL", "IGNORE", "REPLACE"])
        #expect(
            [ObjectDefinition.ObjectType.table, .index, .view, .trigger].map(\.rawValue)
                == ["table", "index", "view", "trigger"])
        #expect(
            [IndexDefinition.Origin.uniqueConstraint, .createIndex, .primaryKey].map(\.rawValue) == ["u", "c", "pk"])
        #expect(IndexDefinition.Order.DESC.rawValue == "DESC")
    }
}

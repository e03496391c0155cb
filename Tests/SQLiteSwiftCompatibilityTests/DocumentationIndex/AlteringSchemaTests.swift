// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Querying the Schema" through "Migrations and Schema
// Versioning", in Swift 5 mode.

@Suite("Documentation: querying and altering the schema")
struct AlteringSchemaTests {
    let users = Table("users")
    let posts = Table("posts")
    let id = Expression<Int64>("id")
    let email = Expression<String>("email")
    let name = Expression<String?>("name")
    let suffix = Expression<String?>("suffix")
    let userId = Expression<Int64?>("user_id")

    @Test func queryingTheSchema() throws {
        let (db, _) = try DocDatabase.make()
        try db.run("CREATE INDEX users_on_name ON users (name)")
        try db.run("CREATE TRIGGER users_touch AFTER UPDATE ON users BEGIN SELECT 1; END")
        let schema = db.schema

        let indexes = try schema.objectDefinitions(type: .index)
        let tables = try schema.objectDefinitions(type: .table)
        let triggers = try schema.objectDefinitions(type: .trigger)
        #expect(Set(tables.map(\.name)) == ["users", "posts"])
        #expect(indexes.map(\.name).contains("users_on_name"))
        #expect(triggers.map(\.name) == ["users_touch"])
    }

    @Test func indexesAndColumns() throws {
        let (db, _) = try DocDatabase.make()
        try db.run("CREATE INDEX users_on_name ON users (name)")
        let schema = db.schema
        // The documentation leaves out the `table:` label SQLite.swift's methods take.
        let indexes = try schema.indexDefinitions(table: "users")
        let columns = try schema.columnDefinitions(table: "users")

        var lines: [String] = []
        for index in indexes {
            print("\(index.name) columns:\(index.columns))")
            lines.append("\(index.name) columns:\(index.columns)")
        }
        for column in columns {
            print("\(column.name) pk:\(String(describing: column.primaryKey)) nullable: \(column.nullable)")
        }
        #expect(lines.contains(#"users_on_name columns:["name"]"#))
        #expect(columns.map(\.name) == ["id", "email", "name", "balance", "verified", "age", "manager_id", "suffix"])
        #expect(columns.first?.primaryKey != nil)
        #expect(columns.first(where: { $0.name == "name" })?.nullable == true)
        #expect(columns.first(where: { $0.name == "email" })?.nullable == false)
    }

    @Test func renamingAndDroppingTables() throws {
        let (db, log) = try DocDatabase.make()
        try db.run(users.rename(Table("users_old")))
        // ALTER TABLE "users" RENAME TO "users_old"
        #expect(log.last() == #"ALTER TABLE "users" RENAME TO "users_old""#)
        let old = Table("users_old")
        try db.run(old.drop())
        // DROP TABLE "users"
        #expect(log.last() == #"DROP TABLE "users_old""#)
        try db.run(users.drop(ifExists: true))
        // DROP TABLE IF EXISTS "users"
        #expect(log.last() == #"DROP TABLE IF EXISTS "users""#)
        #expect(users.drop() == #"DROP TABLE "users""#)
    }

    @Test func addingColumns() throws {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        try db.run("CREATE TABLE posts (id INTEGER PRIMARY KEY)")
        _ = log.take()

        try db.run(users.addColumn(suffix))
        // ALTER TABLE "users" ADD COLUMN "suffix" TEXT
        #expect(log.last() == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT"#)

        let checked = Expression<String?>("checked_suffix")
        let defaulted = Expression<String?>("defaulted_suffix")
        let suffix = checked
        try db.run(users.addColumn(suffix, check: ["JR", "SR"].contains(suffix)))
        // ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK ("suffix" IN ('JR', 'SR'))
        #expect(log.last() == #"ALTER TABLE "users" ADD COLUMN "checked_suffix" TEXT CHECK ("checked_suffix" IN ('JR', 'SR'))"#)
        do {
            let suffix = defaulted
            try db.run(users.addColumn(suffix, defaultValue: "SR"))
            // ALTER TABLE "users" ADD COLUMN "suffix" TEXT DEFAULT 'SR'
            #expect(log.last() == #"ALTER TABLE "users" ADD COLUMN "defaulted_suffix" TEXT DEFAULT ('SR')"#)
        }

        // A NOT NULL column needs a default value to be added (SQLite's rule).
        try db.run(users.addColumn(email, defaultValue: "", collate: .nocase))
        #expect(log.last() == #"ALTER TABLE "users" ADD COLUMN "email" TEXT NOT NULL DEFAULT ('') COLLATE NOCASE"#)
        try db.run(users.addColumn(name, collate: .rtrim))
        // ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE "RTRIM"
        #expect(log.last() == #"ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM"#)

        // The documentation's block misses the closing parenthesis of `run(`.
        try db.run(posts.addColumn(userId, references: users, id))
        // ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")
        #expect(log.last() == #"ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")"#)

        try db.run("INSERT INTO users (id, checked_suffix) VALUES (1, 'JR')")
        #expect(throws: Result.self) { try db.run("INSERT INTO users (id, checked_suffix) VALUES (2, 'III')") }
        #expect(try db.scalar("SELECT defaulted_suffix FROM users") as? String == "SR")
    }

    @Test func schemaChangerAddsColumns() throws {
        let (db, _) = try DocDatabase.populated()
        let newColumn = ColumnDefinition(
            name: "new_text_column",
            type: .TEXT,
            nullable: true,
            defaultValue: .stringLiteral("foo")
        )

        let schemaChanger = SchemaChanger(connection: db)

        try schemaChanger.alter(table: "users") { table in
            table.add(column: newColumn)
        }
        let column = Expression<String?>("new_text_column")
        #expect(try db.prepare(users.select(column)).map { $0[column] } == ["foo", "foo", "foo"])
    }

    @Test func schemaChangerRenamesAndDropsColumns() throws {
        let db = try Connection()
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY, old_name TEXT, email TEXT)")
        try db.run("INSERT INTO users VALUES (1, 'Alice', 'alice@mac.com')")
        do {
            let schemaChanger = SchemaChanger(connection: db)
            try schemaChanger.alter(table: "users") { table in
                table.rename(column: "old_name", to: "new_name")
            }
        }
        do {
            let schemaChanger = SchemaChanger(connection: db)
            try schemaChanger.alter(table: "users") { table in
                table.drop(column: "email")
            }
        }
        let columns = try db.schema.columnDefinitions(table: "users")
        #expect(columns.map(\.name) == ["id", "new_name"])
        #expect(try db.scalar("SELECT new_name FROM users") as? String == "Alice")
    }

    @Test func schemaChangerRenamesDropsAndCreatesTables() throws {
        let db = try Connection()
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        try db.run("CREATE TABLE emails (id INTEGER PRIMARY KEY)")
        do {
            let schemaChanger = SchemaChanger(connection: db)

            try schemaChanger.rename(table: "users", to: "users_new")
            try schemaChanger.drop(table: "emails", ifExists: false)
        }
        let tables = try db.schema.objectDefinitions(type: .table).map(\.name)
        #expect(tables == ["users_new"])
        do {
            let schemaChanger = SchemaChanger(connection: db)

            try schemaChanger.create(table: "users") { table in
                table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
                table.add(column: .init(name: "name", type: .TEXT, nullable: false))
            }
        }
        try db.run("INSERT INTO users (name) VALUES ('Alice')")
        #expect(try db.scalar("SELECT id FROM users") as? Int64 == 1)
        #expect(throws: Result.self) { try db.run("INSERT INTO users (name) VALUES (NULL)") }
    }

    @Test func indexes() throws {
        let (db, log) = try DocDatabase.make()
        try db.run(users.createIndex(email))
        // CREATE INDEX "index_users_on_email" ON "users" ("email")
        #expect(log.last() == #"CREATE INDEX "index_users_on_email" ON "users" ("email")"#)
        try db.run(users.dropIndex(email))
        // DROP INDEX "index_users_on_email"
        #expect(log.last() == #"DROP INDEX "index_users_on_email""#)

        try db.run(users.createIndex(email, unique: true))
        // CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")
        #expect(log.last() == #"CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")"#)
        try db.run(users.createIndex(email, ifNotExists: true))
        // CREATE INDEX IF NOT EXISTS "index_users_on_email" ON "users" ("email")
        #expect(log.last() == #"CREATE INDEX IF NOT EXISTS "index_users_on_email" ON "users" ("email")"#)
        try db.run(users.dropIndex(email, ifExists: true))
        // DROP INDEX IF EXISTS "index_users_on_email"
        #expect(log.last() == #"DROP INDEX IF EXISTS "index_users_on_email""#)
        #expect(try db.schema.indexDefinitions(table: "users").map(\.name).contains("index_users_on_email") == false)
    }

    @Test func userVersionMigrations() throws {
        let db = try Connection()
        var steps: [Int] = []
        if db.userVersion == 0 {
            // handle first migration
            steps.append(1)
            db.userVersion = 1
        }
        if db.userVersion == 1 {
            // handle second migration
            steps.append(2)
            db.userVersion = 2
        }
        #expect(steps == [1, 2])
        #expect(db.userVersion == 2)
    }
}

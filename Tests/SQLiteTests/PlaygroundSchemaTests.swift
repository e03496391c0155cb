import SQLite
import Testing

/// The schema part of SQLite.swift's playground (`SQLite.playground/Contents.swift`), written as
/// it is there: it compiles against this package and does what the playground shows.
@Suite struct PlaygroundSchemaTests {
    @Test func schemaQueriesAndAlteration() throws {
        let db = try Connection(.inMemory)
        let users = Table("users")
        let id = Expression<Int64>("id")
        let email = Expression<String>("email")
        let name = Expression<String?>("name")
        let statement = users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true, check: email.like("%@%"))
            t.column(name)
        }
        try db.run(statement)
        let rowid = try db.run(users.insert(email <- "alice@mac.com"))
        _ = try db.run(users.insertMany([[email <- "bob@mac.com"], [email <- "mallory@evil.com"]]))

        /// schema queries
        let schema = db.schema
        let objects = try schema.objectDefinitions()
        #expect(objects.map(\.name) == ["users", "sqlite_autoindex_users_1"])
        #expect(objects.map(\.type) == [.table, .index])
        let columns = try schema.columnDefinitions(table: "users")
        #expect(
            columns == [
                ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: false), type: .INTEGER, nullable: false),
                ColumnDefinition(name: "email", type: .TEXT, nullable: false, unique: true),
                ColumnDefinition(name: "name", type: .TEXT),
            ])

        /// schema alteration
        let schemaChanger = SchemaChanger(connection: db)
        try schemaChanger.alter(table: "users") { table in
            table.add(column: ColumnDefinition(name: "age", type: .INTEGER))
            table.rename(column: "email", to: "electronic_mail")
            table.drop(column: "name")
        }
        let changedColumns = try schema.columnDefinitions(table: "users")
        #expect(changedColumns.map(\.name) == ["id", "electronic_mail", "age"])
        #expect(changedColumns[1].unique && !changedColumns[1].nullable)

        let age = Expression<Int?>("age")
        let electronicMail = Expression<String>("electronic_mail")
        let newRowid = try db.run(users.insert(electronicMail <- "carol@mac.com", age <- 33))
        #expect(rowid == 1 && newRowid == 4)
        let rows = try db.prepare(users.order(id)).map { "\($0[id]) \($0[electronicMail]) \($0[age] ?? 0)" }
        #expect(rows == ["1 alice@mac.com 0", "2 bob@mac.com 0", "3 mallory@evil.com 0", "4 carol@mac.com 33"])
        // The CHECK on the renamed column still holds.
        #expect(throws: Result.self) { try db.run(users.insert(electronicMail <- "not an address")) }
    }
}

import SQLite
import Testing

/// `SchemaChanger`'s `add(expression:)`, which the umbrella module adds to SQLiteSchema's table
/// definitions.
@Suite struct CreateTableDefinitionExpressionTests {
    let db: Connection

    init() throws {
        db = try Connection()
    }

    /// The error `body` throws as a `SchemaChanger.Error`, nil when it throws none or another.
    func thrownError(_ body: () throws -> Void) -> SchemaChanger.Error? {
        do {
            try body()
            return nil
        } catch {
            return error as? SchemaChanger.Error
        }
    }

    @Test func createsTablesFromExpressions() throws {
        try SchemaChanger(connection: db).create(table: "foo") { table in
            table.add(expression: Expression<String>("name"))
            table.add(expression: Expression<Int>("age"))
            table.add(expression: Expression<Double?>("salary"))
        }
        #expect(
            try db.schema.columnDefinitions(table: "foo") == [
                ColumnDefinition(name: "name", primaryKey: nil, type: .TEXT, nullable: false, defaultValue: .NULL),
                ColumnDefinition(name: "age", primaryKey: nil, type: .INTEGER, nullable: false, defaultValue: .NULL),
                ColumnDefinition(name: "salary", primaryKey: nil, type: .REAL, nullable: true, defaultValue: .NULL),
            ])
        #expect(
            try db.schema.objectDefinitions(name: "foo").first?.sql
                == #"CREATE TABLE "foo" ("name" TEXT NOT NULL, "age" INTEGER NOT NULL, "salary" REAL)"#)
        // An expression that names no column is refused (SQLite.swift stops the program).
        let error = thrownError {
            try SchemaChanger(connection: db).create(table: "bar") { table in
                table.add(expression: Expression<Int>(literal: "1 + 1"))
            }
        }
        guard case .invalidColumnDefinition(let reason)? = error else {
            Issue.record("expected invalidColumnDefinition, got \(String(describing: error))")
            return
        }
        #expect(reason == "expression is not a column name: 1 + 1")
        #expect(try db.schema.objectDefinitions(name: "bar").isEmpty)
    }
}

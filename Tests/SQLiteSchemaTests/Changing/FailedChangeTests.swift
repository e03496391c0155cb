import SQLiteCore
import SQLiteSchema
import Testing

/// Changes that must fail, each at a known step, leaving the library database exactly as it was:
/// schema, every row of every table, and the connection's pragmas.
@Suite struct FailedChangeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var table: String
        var step: SchemaChangeError.Step
        var operations: @Sendable (AlterTableDefinition) -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "NOT NULL column without default", table: "authors", step: .copyData) {
            $0.add(column: ColumnDefinition(name: "x", type: .TEXT, nullable: false))
        },
        Case(name: "UNIQUE column whose default repeats", table: "authors", step: .copyData) {
            $0.add(
                column: ColumnDefinition(name: "x", type: .INTEGER, unique: true, defaultValue: .numericLiteral("0")))
        },
        Case(name: "CHECK the default fails", table: "authors", step: .copyData) {
            $0.add(
                column: ColumnDefinition(
                    name: "x", type: .INTEGER, defaultValue: .CURRENT_DATE, checks: ["x IS NULL"]))
        },
        Case(name: "column used by views", table: "authors", step: .verifyViews) { $0.drop(column: "id") },
        Case(name: "column used by a trigger", table: "authors", step: .validate) { $0.drop(column: "name") },
        Case(name: "unknown column", table: "authors", step: .validate) { $0.drop(column: "missing") },
        Case(name: "duplicate column", table: "authors", step: .alterTable) {
            $0.add(column: ColumnDefinition(name: "email", type: .TEXT))
        },
        Case(name: "rename onto a taken name", table: "books", step: .alterTable) {
            $0.rename(column: "title", to: "author_id")
        },
        Case(name: "dangling foreign key", table: "books", step: .foreignKeyCheck) {
            $0.add(
                column: ColumnDefinition(
                    name: "editor_id", type: .INTEGER, defaultValue: .numericLiteral("99"),
                    references: ForeignKeyDefinition(columns: ["editor_id"], table: "authors")))
        },
        Case(name: "second of two changes", table: "authors", step: .copyData) { table in
            table.drop(column: "email")
            table.add(column: ColumnDefinition(name: "x", type: .TEXT, nullable: false))
        },
        Case(name: "index on a missing column", table: "books", step: .alterTable) {
            $0.add(index: IndexDefinition(table: "books", name: "bad", columns: ["missing"]))
        },
    ]

    @Test(arguments: cases)
    func leavesTheDatabaseExactlyAsItWas(_ test: Case) throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        do {
            try SchemaChanger(connection: db).alter(table: test.table, block: test.operations)
            Issue.record("expected \(test.name) to fail")
        } catch {
            #expect(error.step == test.step, "\(error)")
            #expect(error.table == test.table)
            #expect(!error.underlying.message.isEmpty)
        }
        #expect(try DatabaseSnapshot(db) == before)
        #expect(!db.isInTransaction)
        #expect(try db.integrityCheck().isEmpty)
    }

    /// With foreign keys off, SQLite (and so the changer) does not check them.
    @Test(arguments: cases.filter { $0.step != .foreignKeyCheck })
    func leavesTheCallersTransactionUntouched(_ test: Case) throws {
        let db = try makeLibrary()
        db.foreignKeys = false
        let before = try DatabaseSnapshot(db)
        try db.transaction {
            try db.run("INSERT INTO log (entry) VALUES ('mine')")
            #expect(throws: SchemaChangeError.self) {
                try SchemaChanger(connection: db).alter(table: test.table, block: test.operations)
            }
            #expect(db.isInTransaction)
            try db.run("DELETE FROM log WHERE entry = 'mine'")
        }
        #expect(try DatabaseSnapshot(db) == before)
    }
}

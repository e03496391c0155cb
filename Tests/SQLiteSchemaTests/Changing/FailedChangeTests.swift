import SQLiteCore
import SQLiteSchema
import Testing

/// Changes that must fail, each with a known error, leaving the library database exactly as it
/// was: schema, every row of every table, and the connection's pragmas.
@Suite struct FailedChangeTests {
    /// The error expected: SQLite's (a `Result` with this code), or a `SchemaChanger.Error`.
    enum Expected: Sendable {
        case sqlite(Int32)
        case invalidColumnDefinition
        case foreignKeyError

        func matches(_ error: ThrownError?) -> Bool {
            switch (self, error) {
            case (.sqlite(let code), .sqlite(let thrown, let message)?): code == thrown && !message.isEmpty
            case (.invalidColumnDefinition, .invalidColumnDefinition?), (.foreignKeyError, .foreignKeyError?): true
            default: false
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var table: String
        var expected: Expected
        var operations: @Sendable (AlterTableDefinition) -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "NOT NULL column without default", table: "authors", expected: .invalidColumnDefinition) {
            $0.add(column: ColumnDefinition(name: "x", type: .TEXT, nullable: false))
        },
        Case(name: "primary key column", table: "log", expected: .invalidColumnDefinition) {
            $0.add(column: ColumnDefinition(name: "x", primaryKey: .init(autoIncrement: false), type: .INTEGER))
        },
        Case(name: "CURRENT_TIME default", table: "authors", expected: .invalidColumnDefinition) {
            $0.add(column: ColumnDefinition(name: "x", type: .TEXT, defaultValue: .CURRENT_TIME))
        },
        Case(name: "NOT NULL column whose default is NULL", table: "authors", expected: .sqlite(SQLITE_CONSTRAINT)) {
            $0.add(column: ColumnDefinition(name: "x", type: .TEXT, nullable: false, defaultValue: .expression("NULL")))
        },
        Case(name: "UNIQUE column whose default repeats", table: "authors", expected: .sqlite(SQLITE_CONSTRAINT)) {
            $0.add(
                column: ColumnDefinition(name: "x", type: .INTEGER, unique: true, defaultValue: .numericLiteral("0")))
        },
        Case(name: "CHECK the default fails", table: "authors", expected: .sqlite(SQLITE_CONSTRAINT)) {
            $0.add(
                column: ColumnDefinition(
                    name: "x", type: .INTEGER, defaultValue: .expression("date('now')"), checks: ["x IS NULL"]))
        },
        Case(name: "column used by views", table: "authors", expected: .sqlite(SQLITE_ERROR)) { $0.drop(column: "id") },
        Case(name: "column used by a trigger", table: "authors", expected: .sqlite(SQLITE_ERROR)) {
            $0.drop(column: "name")
        },
        Case(name: "unknown column", table: "authors", expected: .sqlite(SQLITE_ERROR)) { $0.drop(column: "missing") },
        Case(name: "duplicate column", table: "authors", expected: .sqlite(SQLITE_ERROR)) {
            $0.add(column: ColumnDefinition(name: "email", type: .TEXT))
        },
        Case(name: "rename onto a taken name", table: "books", expected: .sqlite(SQLITE_ERROR)) {
            $0.rename(column: "title", to: "author_id")
        },
        Case(name: "dangling foreign key", table: "books", expected: .foreignKeyError) {
            $0.add(
                column: ColumnDefinition(
                    name: "editor_id", type: .INTEGER, defaultValue: .numericLiteral("99"),
                    references: .init(toTable: "authors")))
        },
        Case(name: "second of two changes", table: "authors", expected: .sqlite(SQLITE_CONSTRAINT)) { table in
            table.drop(column: "email")
            table.add(
                column: ColumnDefinition(name: "x", type: .TEXT, unique: true, defaultValue: .numericLiteral("1")))
        },
        Case(name: "index on a missing column", table: "books", expected: .sqlite(SQLITE_ERROR)) {
            $0.add(index: IndexDefinition(table: "books", name: "bad", columns: ["missing"]))
        },
    ]

    @Test(arguments: cases)
    func leavesTheDatabaseExactlyAsItWas(_ test: Case) throws {
        let db = try makeLibrary()
        let before = try DatabaseSnapshot(db)
        let error = thrownError { try SchemaChanger(connection: db).alter(table: test.table, block: test.operations) }
        #expect(test.expected.matches(error), "\(String(describing: error))")
        #expect(try DatabaseSnapshot(db) == before)
        #expect(!db.isInTransaction)
        #expect(try db.integrityCheck().isEmpty)
    }

    /// SQLite's error for a failed step is Core's: its codes, message and the step's SQL.
    @Test(arguments: [false, true])
    func sqliteErrorsCarryTheCodesAndTheFailingSQL(extendedCodes: Bool) throws {
        let db = try makeLibrary()
        db.usesExtendedErrorCodes = extendedCodes
        // UNIQUE cannot be added natively: the rows are copied into a rebuilt table, where the
        // default repeats.
        let error = try #require(throws: Result.self) {
            try SchemaChanger(connection: db).alter(table: "authors") {
                $0.add(
                    column: ColumnDefinition(
                        name: "x", type: .INTEGER, unique: true, defaultValue: .numericLiteral("0")))
            }
        }
        #expect(error.code == SQLITE_CONSTRAINT)
        #expect(error.extendedCode == (extendedCodes ? SQLITE_CONSTRAINT_UNIQUE : SQLITE_CONSTRAINT))
        #expect(error.message.hasPrefix("UNIQUE constraint failed: "))
        let sql = try #require(error.sql)
        #expect(sql.hasPrefix("INSERT INTO "), "\(sql)")
        #expect(sql.contains(#""authors""#))
        #expect(error.debugDescription.contains(sql))
        #expect(try db.scalar("SELECT count(*) FROM authors") as? Int64 == 3)
    }

    /// With foreign keys off, SQLite (and so the changer) does not check them.
    @Test(
        arguments: cases.filter {
            if case .foreignKeyError = $0.expected { return false }
            return true
        })
    func leavesTheCallersTransactionUntouched(_ test: Case) throws {
        let db = try makeLibrary()
        db.foreignKeys = false
        let before = try DatabaseSnapshot(db)
        try db.transaction {
            try db.run("INSERT INTO log (entry) VALUES ('mine')")
            let error = thrownError {
                try SchemaChanger(connection: db).alter(table: test.table, block: test.operations)
            }
            #expect(test.expected.matches(error), "\(String(describing: error))")
            #expect(db.isInTransaction)
            try db.run("DELETE FROM log WHERE entry = 'mine'")
        }
        #expect(try DatabaseSnapshot(db) == before)
    }
}

import SQLiteCore
import Testing

@Suite struct ResultTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)")
        try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
        return db
    }

    @Test func constraintErrorMatchesTheDocumentedPattern() throws {
        let db = try makeDatabase()
        let sql = "INSERT INTO users (email) VALUES (?)"
        var matched = false
        do {
            try db.run(sql, "alice@mac.com")
        } catch let Result.error(message, code, statement) where code == SQLITE_CONSTRAINT {
            matched = true
            #expect(message == "UNIQUE constraint failed: users.email")
            #expect(statement?.sql == sql)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
    }

    @Test func errorPropertiesGiveTheCodesAndTheSQL() throws {
        let db = try makeDatabase()
        let sql = "INSERT INTO users (email) VALUES (?)"
        let error = try #require(expectResult(code: SQLITE_CONSTRAINT) { try db.run(sql, "alice@mac.com") })
        #expect(error.code == SQLITE_CONSTRAINT)
        // `.error` carries the primary code only.
        #expect(error.extendedCode == SQLITE_CONSTRAINT)
        #expect(error.sql == sql)
        #expect(error.statement?.sql == sql)
        #expect(error.message == "UNIQUE constraint failed: users.email")
        #expect(error.description == "UNIQUE constraint failed: users.email (code: 19)")
        #expect(error.debugDescription == "UNIQUE constraint failed: users.email (\(sql)) (code: 19)")

        db.usesExtendedErrorCodes = true
        let extended = try #require(expectResult(code: SQLITE_CONSTRAINT) { try db.run(sql, "alice@mac.com") })
        #expect(extended.code == SQLITE_CONSTRAINT)
        #expect(extended.extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(extended.sql == sql)
        #expect(extended.description == "UNIQUE constraint failed: users.email (extended code: 2067)")
        #expect(extended.debugDescription == "UNIQUE constraint failed: users.email (\(sql)) (extended code: 2067)")
    }

    @Test func extendedErrorCodesWhenAskedFor() throws {
        let db = try makeDatabase()
        #expect(!db.usesExtendedErrorCodes)
        db.usesExtendedErrorCodes = true
        #expect(db.usesExtendedErrorCodes)
        var matched = false
        do {
            try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
        } catch let Result.extendedError(message, extendedCode, statement)
            where extendedCode == SQLITE_CONSTRAINT_UNIQUE
        {
            matched = true
            #expect(message.contains("UNIQUE"))
            #expect(statement != nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)

        let notNull = try #require(
            expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users (email) VALUES (NULL)") })
        #expect(notNull.extendedCode == SQLITE_CONSTRAINT_NOTNULL)
        #expect(notNull.code == SQLITE_CONSTRAINT)
        #expect(notNull.description.contains("\(SQLITE_CONSTRAINT_NOTNULL)"))

        let primaryKey = try #require(
            expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users (id, email) VALUES (1, 'x')") })
        #expect(primaryKey.extendedCode == SQLITE_CONSTRAINT_PRIMARYKEY)

        db.usesExtendedErrorCodes = false
        let plain = try #require(
            expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users (email) VALUES (NULL)") })
        guard case .error = plain else {
            Issue.record("expected .error, got \(plain)")
            return
        }
        #expect(plain.extendedCode == SQLITE_CONSTRAINT)
    }

    @Test func extendedCodesForOtherErrors() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("ro.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x)")
            }
            let db = try Connection(path, readonly: true)
            db.usesExtendedErrorCodes = true
            let error = try #require(expectResult(code: SQLITE_READONLY) { try db.run("INSERT INTO t VALUES (1)") })
            #expect(error.extendedCode & 0xFF == SQLITE_READONLY)
            guard case .extendedError = error else {
                Issue.record("expected .extendedError, got \(error)")
                return
            }
        }
    }

    @Test func errorsOfTheSwiftLayerAreMatchableToo() throws {
        let db = try makeDatabase()
        let error = try #require(expectResult(code: SQLITE_RANGE) { try db.run("SELECT ?", 1, 2) })
        #expect(error.extendedCode == SQLITE_RANGE)
        #expect(error.sql == "SELECT ?")
        #expect(error.message.contains("1 value(s) expected, 2 given"))
        let misuse = Result.misuse("custom")
        #expect(misuse.code == SQLITE_MISUSE)
        #expect(misuse.extendedCode == SQLITE_MISUSE)
        #expect(misuse.sql == nil)
        #expect(misuse.description == "custom (code: 21)")
    }

    @Test func errorWithoutStatementDescription() {
        let error = Result.error(message: "boom", code: SQLITE_BUSY, statement: nil)
        #expect(error.description == "boom (code: 5)")
        let extended = Result.extendedError(message: "boom", extendedCode: SQLITE_BUSY_SNAPSHOT, statement: nil)
        #expect(extended.code == SQLITE_BUSY)
        #expect(extended.extendedCode == SQLITE_BUSY_SNAPSHOT)
        #expect(extended.description == "boom (extended code: \(SQLITE_BUSY_SNAPSHOT))")
    }

    @Test func errorsCarryTheirOwnStatementsExtendedCode() throws {
        let db = try Connection()
        db.usesExtendedErrorCodes = true
        try db.execute(
            """
            CREATE TABLE t (x INTEGER UNIQUE CHECK (x < 100), y NOT NULL DEFAULT 0);
            INSERT INTO t (x) VALUES (1);
            """)
        let insert = try db.prepare("INSERT INTO t (x, y) VALUES (?, ?)")
        let unique = try #require(expectResult(code: SQLITE_CONSTRAINT) { try insert.run(1, 0) })
        #expect(unique.extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        let check = try #require(expectResult(code: SQLITE_CONSTRAINT) { try insert.run(500, 0) })
        #expect(check.extendedCode == SQLITE_CONSTRAINT_CHECK)
        let notNull = try #require(expectResult(code: SQLITE_CONSTRAINT) { try insert.run(2, nil) })
        #expect(notNull.extendedCode == SQLITE_CONSTRAINT_NOTNULL)
    }

    /// An error is fixed when it is thrown: a later failure of the same statement, with another
    /// code and message, leaves an error already caught as it was.
    @Test(arguments: [false, true])
    func caughtErrorNeverChanges(extendedCodes: Bool) throws {
        let db = try Connection()
        db.usesExtendedErrorCodes = extendedCodes
        try db.execute("CREATE TABLE t (x INTEGER UNIQUE, y NOT NULL DEFAULT 0); INSERT INTO t (x) VALUES (1)")
        let insert = try db.prepare("INSERT INTO t (x, y) VALUES (?, ?)")
        let kept = try #require(expectResult(code: SQLITE_CONSTRAINT) { try insert.run(1, 0) })
        let description = kept.description
        #expect(kept.extendedCode == (extendedCodes ? SQLITE_CONSTRAINT_UNIQUE : SQLITE_CONSTRAINT))

        let later = try #require(expectResult(code: SQLITE_CONSTRAINT) { try insert.run(2, nil) })
        #expect(later.extendedCode == (extendedCodes ? SQLITE_CONSTRAINT_NOTNULL : SQLITE_CONSTRAINT))
        #expect(later.message == "NOT NULL constraint failed: t.y")

        #expect(kept.extendedCode == (extendedCodes ? SQLITE_CONSTRAINT_UNIQUE : SQLITE_CONSTRAINT))
        #expect(kept.message == "UNIQUE constraint failed: t.x")
        #expect(kept.description == description)
        #expect(kept.statement === insert)
        #expect(kept.sql == "INSERT INTO t (x, y) VALUES (?, ?)")
    }

    // MARK: - Errors raised while preparing

    @Test func preparationErrorKeepsSQLitesMessage() throws {
        let db = try makeDatabase()
        let sql = "SELECT * FROM nowhere"
        var matched = false
        do {
            _ = try db.prepare(sql)
        } catch let Result.error(message, code, statement) {
            matched = true
            #expect(message == "no such table: nowhere")
            #expect(code == SQLITE_ERROR)
            #expect(statement?.sql == sql)
            #expect(statement?.description == sql)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
        let error = try #require(expectResult(code: SQLITE_ERROR) { _ = try db.scalar(sql) })
        #expect(error.message == "no such table: nowhere")
        #expect(error.sql == sql)
        #expect(error.extendedCode == SQLITE_ERROR)
        #expect(error.description == "no such table: nowhere (code: 1)")
        #expect(error.debugDescription == "no such table: nowhere (SELECT * FROM nowhere) (code: 1)")
    }

    @Test func preparationErrorKeepsItsExtendedCode() throws {
        let db = try makeDatabase()
        let sql = "SELECT email FROM users ORDER BY email COLLATE nowhere"
        let error = try #require(expectResult(code: SQLITE_ERROR) { _ = try db.prepare(sql) })
        #expect(error.message == "no such collation sequence: nowhere")
        #expect(error.extendedCode == SQLITE_ERROR)
        db.usesExtendedErrorCodes = true
        var matched = false
        do {
            try db.run(sql)
        } catch let Result.extendedError(message, extendedCode, statement) {
            matched = true
            #expect(message == "no such collation sequence: nowhere")
            #expect(extendedCode == SQLITE_ERROR_MISSING_COLLSEQ)
            #expect(statement?.sql == sql)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
        let extended = try #require(expectResult(code: SQLITE_ERROR) { _ = try db.prepare(sql) })
        #expect(extended.description == "no such collation sequence: nowhere (extended code: 257)")
        #expect(extended.debugDescription == "no such collation sequence: nowhere (\(sql)) (extended code: 257)")
    }

    @Test func scriptErrorNamesTheFailingStatement() throws {
        let db = try makeDatabase()
        let error = try #require(
            expectResult(code: SQLITE_ERROR) {
                try db.execute("INSERT INTO users (email) VALUES ('b@c.d'); SELECT * FROM nowhere; SELECT 1")
            })
        #expect(error.message == "no such table: nowhere")
        #expect(error.sql == "SELECT * FROM nowhere; SELECT 1")
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
    }

    /// The statement named by a preparation error never ran: running it reports that error.
    @Test func theStatementOfAPreparationErrorCannotRun() throws {
        let db = try makeDatabase()
        let error = try #require(expectResult(code: SQLITE_ERROR) { _ = try db.prepare("DELETE FROM nowhere") })
        let statement = try #require(error.statement)
        #expect(statement.parameterCount == 0)
        for run in [
            { _ = try statement.step() }, { try statement.run() }, { try statement.run([]) },
            { try statement.run([:]) }, { _ = try statement.scalar() }, { try statement.run(1) },
            { _ = try statement.failableNext() },
        ] as [() throws -> Void] {
            let again = expectResult(code: SQLITE_ERROR, performing: run)
            #expect(again?.message == "no such table: nowhere")
            #expect(again?.sql == "DELETE FROM nowhere")
        }
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 1)
    }

    @Test func emptySQLNamesItsText() throws {
        let db = try makeDatabase()
        let error = try #require(expectResult(code: SQLITE_MISUSE) { _ = try db.prepare("  -- nothing") })
        #expect(error.message == "no SQL statement to prepare")
        #expect(error.sql == "  -- nothing")
    }

    /// An error kept by a statement does not keep the statement (nor its database) alive.
    @Test func errorsDoNotKeepTheDatabaseOpen() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("errors.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x)")
                expectResult(code: SQLITE_ERROR) { _ = try db.prepare("SELECT * FROM nowhere") }
                // A binding mistake is kept until the statement runs.
                let statement = try db.prepare("INSERT INTO t VALUES (?)").bind(1, 2)
                expectResult(code: SQLITE_RANGE) { try statement.run() }
            }
            if let count = openDescriptorCount(for: path) { #expect(count == 0) }
        }
    }

    // MARK: - description, as SQLite.swift prints it

    /// Each kind of error prints as SQLite.swift 0.16 prints the same failure: the message and
    /// the code, no SQL (SQLite.swift's errors raised while preparing or running name no
    /// statement). The SQL stays in `sql`, `statement` and `debugDescription`.
    @Test(arguments: DescribedFailure.allCases)
    func descriptionIsSQLiteSwifts(failure: DescribedFailure) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1)")
        db.createFunction("boom", argumentCount: 0) { _ in throw TestError(text: "boom") }
        db.usesExtendedErrorCodes = failure.extended
        let error = try #require(expectResult(code: failure.code) { try failure.perform(db) })
        #expect(error.description == failure.description)
        #expect(error.debugDescription == failure.debugDescription)
        #expect(error.sql == failure.sql)
        #expect(error.statement?.sql == failure.sql)
        #expect("\(error)" == failure.description)
        #expect(String(reflecting: error) == failure.debugDescription)
    }

    /// A `Result` built by hand prints the same way, whatever it names.
    @Test func handBuiltErrorsPrintTheMessageAndTheCode() throws {
        let db = try Connection()
        let statement = try db.prepare("SELECT 1")
        let error = Result.error(message: "not an error", code: SQLITE_MISUSE, statement: statement)
        #expect(error.description == "not an error (code: 21)")
        #expect(error.debugDescription == "not an error (SELECT 1) (code: 21)")
        let bare = Result.error(message: "not an error", code: SQLITE_MISUSE, statement: nil)
        #expect(bare.description == "not an error (code: 21)")
        #expect(bare.debugDescription == "not an error (code: 21)")
        let extended = Result.extendedError(message: "not an error", extendedCode: 0, statement: nil)
        #expect(extended.description == "not an error (extended code: 0)")
    }
}

/// Failures of every kind, with what their errors print.
enum DescribedFailure: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case prepare, prepareExtended, step, stepExtended, functionThrows, bindingMistake

    var testDescription: String { rawValue }

    var extended: Bool { self == .prepareExtended || self == .stepExtended }

    var code: Int32 {
        switch self {
        case .prepare, .prepareExtended, .functionThrows: SQLITE_ERROR
        case .step, .stepExtended: SQLITE_CONSTRAINT
        case .bindingMistake: SQLITE_RANGE
        }
    }

    var sql: String {
        switch self {
        case .prepare: "SELECT nope FROM t"
        case .prepareExtended: "SELECT x FROM t ORDER BY x COLLATE nowhere"
        case .step, .stepExtended: "INSERT INTO t VALUES (1)"
        case .functionThrows: "SELECT boom()"
        case .bindingMistake: "SELECT ?"
        }
    }

    func perform(_ db: Connection) throws {
        switch self {
        case .prepare, .prepareExtended: _ = try db.prepare(sql)
        case .step, .stepExtended: try db.run(sql)
        case .functionThrows: _ = try db.scalar(sql)
        case .bindingMistake: _ = try db.scalar(sql, 1, 2)
        }
    }

    var description: String {
        switch self {
        case .prepare: "no such column: nope (code: 1)"
        case .prepareExtended: "no such collation sequence: nowhere (extended code: 257)"
        case .step: "UNIQUE constraint failed: t.x (code: 19)"
        case .stepExtended: "UNIQUE constraint failed: t.x (extended code: 2067)"
        case .functionThrows: "boom (code: 1)"
        case .bindingMistake: "1 value(s) expected, 2 given (code: 25)"
        }
    }

    var debugDescription: String {
        let text = description
        let index = text.range(of: " (", options: .backwards)?.lowerBound ?? text.endIndex
        return text[..<index] + " (\(sql))" + text[index...]
    }
}

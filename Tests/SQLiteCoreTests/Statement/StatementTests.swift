import SQLiteCore
import Testing

@Suite struct StatementTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL, age INT, score REAL, photo BLOB, extra);
            INSERT INTO users (email, age, score, photo) VALUES ('alice@mac.com', 30, 1.5, x'00ff');
            INSERT INTO users (email, age, score, photo) VALUES ('betty@mac.com', NULL, NULL, NULL);
            """)
        return db
    }

    // MARK: - Arguments

    @Test func positionalArgumentsVariadicAndArray() throws {
        let db = try makeDatabase()
        try db.run("INSERT INTO users (email, age) VALUES (?, ?)", "cathy@mac.com", 22)
        try db.run("INSERT INTO users (email, age) VALUES (?, ?)", ["dora@mac.com", nil])
        #expect(try db.scalar("SELECT age FROM users WHERE email = ?", "cathy@mac.com") as? Int64 == 22)
        #expect(try db.scalar("SELECT age FROM users WHERE email = ?", ["dora@mac.com"]) == nil)
        #expect(
            try db.scalar("SELECT count(*) FROM users WHERE email = ?1 OR email = ?2", "x", "dora@mac.com") as? Int64
                == 1)
        let statement = try db.prepare("SELECT email FROM users WHERE age > ?", 25)
        #expect(statement.map { $0[0] as? String } == ["alice@mac.com"])
        let array = try db.prepare("SELECT email FROM users WHERE age < ?", [25])
        #expect(array.map { $0[0] as? String } == ["cathy@mac.com"])
    }

    @Test(arguments: [":email", "email", "@email", "$email"])
    func namedArgumentsWithAndWithoutPrefix(key: String) throws {
        let db = try makeDatabase()
        let prefix = key.first.map { ":@$".contains($0) ? String($0) : ":" } ?? ":"
        let name = prefix + "email"
        try db.run("INSERT INTO users (email, age) VALUES (\(name), \(prefix)age)", [key: "x@y.z", "age": 5])
        #expect(try db.scalar("SELECT age FROM users WHERE email = \(name)", [key: "x@y.z"]) as? Int64 == 5)
        let statement = try db.prepare("SELECT id FROM users WHERE email = \(name)", [key: "x@y.z"])
        #expect(try statement.scalar() as? Int64 == 3)
    }

    @Test func namedParameterUsedTwiceIsBoundOnce() throws {
        let db = try makeDatabase()
        #expect(try db.scalar("SELECT :a + :a * :b", ["a": 2, ":b": 10]) as? Int64 == 22)
    }

    @Test func tooManyPositionalBindingsThrow() throws {
        let db = try makeDatabase()
        expectResult(code: SQLITE_RANGE) { try db.run("INSERT INTO users (email) VALUES (?)", "a", "b") }
        expectResult(code: SQLITE_RANGE) { try db.run("INSERT INTO users (email) VALUES ('c')", ["a"]) }
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT ?", 1, 2) }
        expectResult(code: SQLITE_RANGE) { _ = try db.prepare("INSERT INTO users (email) VALUES (?)", "a", "b") }
        let prepared = try db.prepare("INSERT INTO users (email) VALUES (?)").bind("a", "b")  // bind cannot throw...
        expectResult(code: SQLITE_RANGE) { try prepared.run() }  // ...so the run does
        expectResult(code: SQLITE_RANGE) { _ = try prepared.step() }
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
    }

    @Test func tooFewPositionalBindingsThrowInsteadOfBindingNull() throws {
        let db = try makeDatabase()
        try db.execute("CREATE TABLE pairs (a, b)")
        expectResult(code: SQLITE_RANGE) { try db.run("INSERT INTO pairs VALUES (?, ?)", 1) }
        expectResult(code: SQLITE_RANGE) { try db.run("INSERT INTO pairs VALUES (?, ?)") }
        expectResult(code: SQLITE_RANGE) { try db.run("INSERT INTO pairs VALUES (?, ?)", [1]) }
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT ? + ?", 1) }
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT ?") }
        let prepared = try db.prepare("INSERT INTO pairs VALUES (?, ?)")
        expectResult(code: SQLITE_RANGE) { try prepared.run() }
        expectResult(code: SQLITE_RANGE) { _ = try prepared.step() }
        expectResult(code: SQLITE_RANGE) { _ = try prepared.scalar() }
        expectResult(code: SQLITE_RANGE) { try prepared.bind(1).run() }
        expectResult(code: SQLITE_RANGE) { _ = try prepared.failableNext() }
        #expect(try db.scalar("SELECT count(*) FROM pairs") as? Int64 == 0)
        // Explicit NULLs are fine.
        try prepared.run(nil, nil)
        #expect(try db.scalar("SELECT count(*) FROM pairs WHERE a IS NULL AND b IS NULL") as? Int64 == 1)
    }

    @Test func wrongNamedBindingsThrow() throws {
        let db = try makeDatabase()
        let unknown = expectResult(code: SQLITE_RANGE) {
            try db.run("INSERT INTO users (email) VALUES (:email)", [":mail": "a"])
        }
        #expect(unknown?.message.contains("mail") == true)
        let missing = expectResult(code: SQLITE_RANGE) {
            try db.run("INSERT INTO users (email, age) VALUES (:email, :age)", ["email": "a"])
        }
        #expect(missing?.message.contains(":age") == true)
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT 1", ["x": 1]) }
        expectResult(code: SQLITE_RANGE) { _ = try db.prepare("SELECT :a", ["b": 1]) }
        let prepared = try db.prepare("SELECT :a").bind(["b": 1])
        expectResult(code: SQLITE_RANGE) { _ = try prepared.step() }
        expectResult(code: SQLITE_RANGE) { try prepared.bind(1, named: "nope") }
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
    }

    @Test func prepareOfTwoStatementsThrows() throws {
        let db = try makeDatabase()
        let error = expectResult(code: SQLITE_MISUSE) {
            _ = try db.prepare("INSERT INTO users (email) VALUES ('a'); INSERT INTO users (email) VALUES ('b')")
        }
        #expect(error?.message.contains("execute") == true)
        expectResult(code: SQLITE_MISUSE) { try db.run("SELECT 1; SELECT 2") }
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 2)
        // A trailing semicolon, white space or comment is not a second statement.
        #expect(try db.scalar("SELECT 1;  ") as? Int64 == 1)
        #expect(try db.scalar("SELECT 2; -- two") as? Int64 == 2)
    }

    @Test(arguments: ["", "   ", ";", "-- nothing", "/* nothing */ ;"])
    func emptySQLThrows(sql: String) throws {
        let db = try Connection()
        expectResult(code: SQLITE_MISUSE) { _ = try db.prepare(sql) }
        expectResult(code: SQLITE_MISUSE) { try db.run(sql) }
        expectResult(code: SQLITE_MISUSE) { _ = try db.scalar(sql) }
    }

    @Test func syntaxErrorCarriesMessageCodeAndSQL() throws {
        let db = try makeDatabase()
        let sql = "SELEKT * FROM users"
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.prepare(sql) }
        // SQLite's own message; the SQL is in `sql` and in the description.
        #expect(error?.message == #"near "SELEKT": syntax error"#)
        #expect(error?.sql == sql)
        #expect(error?.description == #"near "SELEKT": syntax error (code: 1)"#)
        #expect(error?.debugDescription == #"near "SELEKT": syntax error (SELEKT * FROM users) (code: 1)"#)
        #expect(error?.extendedCode == SQLITE_ERROR)
        let missing = expectResult(code: SQLITE_ERROR) { try db.run("INSERT INTO nowhere VALUES (1)") }
        #expect(missing?.message == "no such table: nowhere")
        #expect(missing?.description == "no such table: nowhere (code: 1)")
        #expect(missing?.debugDescription == "no such table: nowhere (INSERT INTO nowhere VALUES (1)) (code: 1)")
    }

    // MARK: - Stepping

    @Test func stepResetAndClearBindings() throws {
        let db = try makeDatabase()
        let statement = try db.prepare("SELECT email FROM users WHERE id >= ? ORDER BY id")
        try statement.bind(1, at: 1)
        #expect(try statement.step())
        #expect(statement.row[0] == "alice@mac.com")
        #expect(try statement.step())
        #expect(statement.row[0] == "betty@mac.com")
        #expect(try !statement.step())

        statement.reset(clearBindings: false)  // keeps the binding
        #expect(try statement.step())
        #expect(statement.row[0] == "alice@mac.com")

        statement.reset()  // clears it: must be bound again
        expectResult(code: SQLITE_RANGE) { _ = try statement.step() }
        try statement.bind(2, at: 1)
        #expect(try statement.step())
        #expect(statement.row[0] == "betty@mac.com")

        statement.clearBindings()
        expectResult(code: SQLITE_RANGE) { _ = try statement.step() }
        statement.bind(1)
        #expect(Array(statement).count == 2)
    }

    @Test func bindByIndexAndName() throws {
        let db = try makeDatabase()
        let statement = try db.prepare("SELECT :a || ? || @c")
        #expect(statement.parameterCount == 3)
        #expect(statement.parameterNames == [":a", nil, "@c"])
        try statement.bind("x", named: "a")
        try statement.bind("y", at: 2)
        expectResult(code: SQLITE_RANGE) { _ = try statement.scalar() }  // @c not bound yet
        try statement.bind("z", named: "@c")
        #expect(try statement.scalar() as? String == "xyz")
        try statement.bind("Y", at: 2)  // rebinding one keeps the others
        #expect(try statement.scalar() as? String == "xYz")
        expectResult(code: SQLITE_RANGE) { try statement.bind(1, at: 0) }
        expectResult(code: SQLITE_RANGE) { try statement.bind(1, at: 4) }
        #expect(try statement.parameterIndex(named: "c") == 3)
        #expect(try statement.parameterIndex(named: ":a") == 1)
        expectResult(code: SQLITE_RANGE) { _ = try statement.parameterIndex(named: "d") }
    }

    @Test func statementRunIsReusable() throws {
        let db = try makeDatabase()
        let insert = try db.prepare("INSERT INTO users (email, age) VALUES (?, ?)")
        for index in 0..<10 { try insert.run("user\(index)@mac.com", index) }
        try insert.run(["named@mac.com", 99])
        let named = try db.prepare("INSERT INTO users (email, age) VALUES (:email, :age)")
        try named.run(["email": "n1", "age": 1])
        try named.run([":email": "n2", ":age": 2])
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 15)
        #expect(try db.scalar("SELECT sum(age) FROM users WHERE email LIKE 'user%'") as? Int64 == 45)
        #expect(try db.prepare("SELECT age FROM users WHERE email = ?").scalar("named@mac.com") as? Int64 == 99)
    }

    @Test func runningAgainAfterAFailureWorks() throws {
        let db = try makeDatabase()
        let insert = try db.prepare("INSERT INTO users (id, email) VALUES (?, ?)")
        expectResult(code: SQLITE_CONSTRAINT) { try insert.run(1, "dup") }
        try insert.run(100, "new")
        #expect(try db.scalar("SELECT email FROM users WHERE id = 100") as? String == "new")
    }

    @Test func scalarOfNoRowsIsNil() throws {
        let db = try makeDatabase()
        #expect(try db.scalar("SELECT email FROM users WHERE id = 99") == nil)
        #expect(try db.scalar("SELECT NULL") == nil)
        #expect(try db.scalar("INSERT INTO users (email) VALUES ('z')") == nil)
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 3)
    }

    // MARK: - Columns

    @Test func columnMetadata() throws {
        let db = try makeDatabase()
        let statement = try db.prepare(
            "SELECT id, email, age, score, photo, extra, 1 + 1 AS two FROM users ORDER BY id")
        #expect(statement.columnCount == 7)
        #expect(statement.columnNames == ["id", "email", "age", "score", "photo", "extra", "two"])
        #expect(statement.columnDeclaredTypes == ["INTEGER", "TEXT", "INT", "REAL", "BLOB", nil, nil])
        #expect(try statement.step())
        #expect(statement.columnTypes == [.integer, .text, .integer, .real, .blob, .null, .integer])
        #expect(try statement.step())
        #expect(statement.columnTypes == [.integer, .text, .null, .null, .null, .null, .integer])
        #expect(statement.isReadOnly)
        #expect(try !db.prepare("DELETE FROM users").isReadOnly)
    }

    @Test func iterationYieldsRowsAsArrays() throws {
        let db = try makeDatabase()
        let rows = Array(try db.prepare("SELECT id, email, age, score, photo FROM users ORDER BY id"))
        #expect(rows.count == 2)
        #expect(rows[0].count == 5)
        #expect(rows[0][0] as? Int64 == 1)
        #expect(rows[0][1] as? String == "alice@mac.com")
        #expect(rows[0][2] as? Int64 == 30)
        #expect(rows[0][3] as? Double == 1.5)
        #expect(rows[0][4] as? Blob == Blob(bytes: [0, 0xFF]))
        #expect(rows[1][2] == nil && rows[1][3] == nil && rows[1][4] == nil)
        var emails: [String] = []
        for row in try db.prepare("SELECT email FROM users ORDER BY id DESC") {
            if let email = row[0] as? String { emails.append(email) }
        }
        #expect(emails == ["betty@mac.com", "alice@mac.com"])
    }

    @Test func failableNextThrowsWhereNextStopsTheProgram() throws {
        let db = try makeDatabase()
        let sql = "SELECT CASE id WHEN 2 THEN abs(-9223372036854775808) ELSE id END FROM users ORDER BY id"
        let failable = try db.prepare(sql)
        #expect(try failable.failableNext()?[0] as? Int64 == 1)
        let error = expectResult(code: SQLITE_ERROR) { _ = try failable.failableNext() }
        #expect(error?.message.contains("integer overflow") == true)
        #expect(error?.sql == sql)
        // `next()` stops the program instead (see `IterationErrorTests`).
        #expect(try db.prepare("SELECT 1 WHERE 0").failableNext() == nil)
    }

    @Test func expandedSQLAndDescription() throws {
        let db = try makeDatabase()
        let sql = "SELECT * FROM users WHERE email = ? AND age > ? AND score = ? AND photo = ? AND extra IS ?"
        let statement = try db.prepare(sql, "o'hara", 21, 2.5, Blob(bytes: [0xAB]), nil)
        #expect(statement.sql == sql)
        #expect(statement.description == sql)
        #expect(
            statement.expandedSQL
                == "SELECT * FROM users WHERE email = 'o''hara' AND age > 21 AND score = 2.5 AND photo = x'ab' AND extra IS NULL"
        )
    }
}

@Suite struct FailedBindingTests {
    @Test func aFailedRebindNeverRunsWithHalfOldValues() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?)")
        try insert.run(1, 2)
        expectResult(code: SQLITE_RANGE) { try insert.run(3, UInt64.max) }  // fails at the second value
        expectResult(code: SQLITE_RANGE) { try insert.run() }  // so the statement is not fully bound
        expectResult(code: SQLITE_RANGE) { _ = try insert.step() }
        let rows = try db.prepare("SELECT a, b FROM t").map { [$0[0] as? Int64, $0[1] as? Int64] }
        #expect(rows == [[1, 2]])
        try insert.run(3, 4)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
    }

    @Test func aFailedNamedRebindNeverRunsWithHalfOldValues() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        let insert = try db.prepare("INSERT INTO t VALUES (:a, :b)")
        try insert.run(["a": 1, "b": 2])
        expectResult(code: SQLITE_RANGE) { try insert.run(["a": 3, "c": 4]) }
        expectResult(code: SQLITE_RANGE) { try insert.run() }
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
    }
}

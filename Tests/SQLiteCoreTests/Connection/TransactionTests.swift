import SQLiteCore
import Testing

@Suite struct TransactionTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        return db
    }

    private func count(_ db: Connection) throws -> Int64? {
        try db.scalar("SELECT count(*) FROM t") as? Int64
    }

    @Test(arguments: [Connection.TransactionMode.deferred, .immediate, .exclusive])
    func commitsWhenTheBlockReturns(mode: Connection.TransactionMode) throws {
        let db = try makeDatabase()
        let trace = Locked<[String]>([])
        db.trace { sql in trace.withLock { $0.append(sql) } }
        let value = try db.transaction(mode) { () throws -> Int in
            #expect(db.isInTransaction)
            try db.run("INSERT INTO t VALUES (?)", 1)
            try db.run("INSERT INTO t VALUES (?)", 2)
            return 42
        }
        #expect(value == 42)
        #expect(!db.isInTransaction)
        #expect(try count(db) == 2)
        #expect(trace.value.contains("BEGIN \(mode.rawValue) TRANSACTION"))
        #expect(trace.value.contains("COMMIT TRANSACTION"))
    }

    @Test(arguments: [Connection.TransactionMode.deferred, .immediate, .exclusive])
    func rollsBackAndRethrowsTheBlocksError(mode: Connection.TransactionMode) throws {
        let db = try makeDatabase()
        #expect(throws: TestError(text: "stop")) {
            try db.transaction(mode) {
                try db.run("INSERT INTO t VALUES (?)", 1)
                throw TestError(text: "stop")
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test func rollsBackOnASQLErrorInside() throws {
        let db = try makeDatabase()
        expectResult(code: SQLITE_CONSTRAINT) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                try db.run("INSERT INTO t VALUES (1)")
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test func failingCommitRollsBack() throws {
        let db = try Connection()
        db.foreignKeys = true
        db.usesExtendedErrorCodes = true
        try db.execute(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = expectResult(code: SQLITE_CONSTRAINT) {
            try db.transaction {
                try db.run("INSERT INTO parent VALUES (1)")
                try db.run("INSERT INTO child VALUES (2)")  // violation only detected at COMMIT
            }
        }
        #expect(error?.extendedCode == SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(!db.isInTransaction)
        #expect(try db.scalar("SELECT count(*) FROM parent") as? Int64 == 0)
        #expect(try db.scalar("SELECT count(*) FROM child") as? Int64 == 0)
        // The connection is usable for the next transaction.
        try db.transaction { try db.run("INSERT INTO parent VALUES (2)") }
        #expect(try db.scalar("SELECT count(*) FROM parent") as? Int64 == 1)
    }

    @Test func commitHookFailureRollsBackTheTransaction() throws {
        let db = try makeDatabase()
        db.commitHook { throw TestError() }
        db.usesExtendedErrorCodes = true
        let error = expectResult(code: SQLITE_CONSTRAINT) {
            try db.transaction { _ = try db.run("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.extendedCode == SQLITE_CONSTRAINT_COMMITHOOK)
        #expect(!db.isInTransaction)
        db.commitHook(nil)
        #expect(try count(db) == 0)
    }

    @Test func blockErrorIsRethrownWhenSQLiteAlreadyRolledBack() throws {
        let db = try makeDatabase()
        #expect(throws: TestError(text: "after rollback")) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                try db.execute("ROLLBACK")  // the transaction is gone: the rollback must not fail loudly
                throw TestError(text: "after rollback")
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test func diskFullInsideATransactionIsThrownAndRolledBack() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (payload BLOB); PRAGMA max_page_count = 20")
        let payload = Blob(bytes: Array(repeating: 1, count: 4096))
        let error = expectResult(code: SQLITE_FULL) {
            try db.transaction {
                for _ in 0..<100 { try db.run("INSERT INTO t VALUES (?)", payload) }
            }
        }
        #expect(error?.message.contains("full") == true)
        #expect(!db.isInTransaction)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
        // The block's own error wins over SQLite's, whatever SQLite rolled back already.
        #expect(throws: TestError(text: "gave up")) {
            try db.savepoint("full") {
                do {
                    for _ in 0..<100 { try db.run("INSERT INTO t VALUES (?)", payload) }
                } catch {
                    throw TestError(text: "gave up")
                }
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
        try db.transaction { try db.run("INSERT INTO t VALUES (?)", Blob(bytes: [1])) }
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
    }

    @Test func interruptedTransactionRollsBack() throws {
        let db = try makeDatabase()
        // Interrupt from inside the running statement (an interrupt made while no statement
        // runs is cleared when the next one starts).
        db.createFunction("interruptAt", argumentCount: 1) { [unowned db] args in
            if args[0] as? Int64 == 1000 { db.interrupt() }
            return args[0]
        }
        expectResult(code: SQLITE_INTERRUPT) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                _ = try db.scalar(
                    """
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000)
                    SELECT max(interruptAt(x)) FROM c
                    """)
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test func transactionsDoNotNest() throws {
        let db = try makeDatabase()
        expectResult(code: SQLITE_ERROR) {
            try db.transaction { try db.transaction { try db.run("INSERT INTO t VALUES (1)") } }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test func savepointReleasesOnSuccess() throws {
        let db = try makeDatabase()
        let value = try db.savepoint("first") { () throws -> String in
            #expect(db.isInTransaction)
            try db.run("INSERT INTO t VALUES (1)")
            return "done"
        }
        #expect(value == "done")
        #expect(!db.isInTransaction)
        #expect(try count(db) == 1)
    }

    @Test func nestedSavepointRollsBackOnlyItsPart() throws {
        let db = try makeDatabase()
        try db.savepoint("outer") {
            try db.run("INSERT INTO t VALUES (1)")
            #expect(throws: TestError.self) {
                try db.savepoint("inner") {
                    try db.run("INSERT INTO t VALUES (2)")
                    throw TestError()
                }
            }
            #expect(db.isInTransaction)
            try db.savepoint {  // default, unique name
                try db.run("INSERT INTO t VALUES (3)")
            }
        }
        #expect(!db.isInTransaction)
        let values = try db.prepare("SELECT x FROM t ORDER BY x").map { $0[0] as? Int64 }
        #expect(values == [1, 3])
    }

    @Test func savepointInsideATransaction() throws {
        let db = try makeDatabase()
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try? db.savepoint { () throws in
                try db.run("INSERT INTO t VALUES (2)")
                try db.run("INSERT INTO t VALUES (1)")  // fails: only this savepoint is undone
            }
            #expect(db.isInTransaction)
            try db.run("INSERT INTO t VALUES (4)")
        }
        let values = try db.prepare("SELECT x FROM t ORDER BY x").map { $0[0] as? Int64 }
        #expect(values == [1, 4])
    }

    @Test func outerSavepointFailureRollsBackEverything() throws {
        let db = try makeDatabase()
        #expect(throws: TestError.self) {
            try db.savepoint("outer") {
                try db.run("INSERT INTO t VALUES (1)")
                try db.savepoint("inner") { try db.run("INSERT INTO t VALUES (2)") }
                throw TestError()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 0)
    }

    @Test(arguments: ["it's", "a \"quoted\" name", "'; DROP TABLE t; --", "", "名前"])
    func savepointNamesAreQuoted(name: String) throws {
        let db = try makeDatabase()
        try db.savepoint(name) {
            try db.run("INSERT INTO t VALUES (1)")
            #expect(throws: TestError.self) {
                try db.savepoint(name) {  // same name nested: rolls back the innermost
                    try db.run("INSERT INTO t VALUES (2)")
                    throw TestError()
                }
            }
        }
        #expect(try count(db) == 1)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 't'") as? Int64 == 1)
    }

    @Test func reentrantUseInsideATransactionDoesNotDeadlock() throws {
        let db = try makeDatabase()
        try db.transaction {
            try db.withLock {
                try db.run("INSERT INTO t VALUES (1)")
                _ = try db.query("SELECT * FROM t")
            }
            try db.withCachedStatement("INSERT INTO t VALUES (?)") { _ = try $0.run(2) }
        }
        #expect(try count(db) == 2)
    }

    // MARK: - Void and value-returning forms

    /// SQLite.swift's common form: a one-expression block whose value (a `Statement`) is not
    /// used runs through the `Void` form and compiles without a warning.
    @Test func singleExpressionBlocksReturnVoid() throws {
        let db = try makeDatabase()
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        try db.transaction(.immediate) { try db.run("INSERT INTO t VALUES (2)") }
        try db.savepoint { try db.run("INSERT INTO t VALUES (3)") }
        try db.savepoint("named") { try db.run("INSERT INTO t VALUES (4)") }
        let transactionResult: Void = try db.transaction { try db.run("INSERT INTO t VALUES (5)") }
        let savepointResult: Void = try db.savepoint { try db.run("INSERT INTO t VALUES (6)") }
        #expect(transactionResult == () && savepointResult == ())
        #expect(try count(db) == 6)
        // A block reference of SQLite.swift's type.
        let insert: () throws -> Void = { try db.run("INSERT INTO t SELECT max(x) + 1 FROM t") }
        try db.transaction(block: insert)
        try db.savepoint(block: insert)
        #expect(try count(db) == 8)
    }

    /// Where the caller uses the value, the generic form returns it.
    @Test func valuesComeBackWhereTheCallerUsesThem() throws {
        let db = try makeDatabase()
        let id = try db.transaction {
            try db.run("INSERT INTO t VALUES (10)")
            return db.lastInsertRowid
        }
        #expect(id == 1)
        let statement: Statement = try db.transaction { try db.run("INSERT INTO t VALUES (11)") }
        #expect(statement.sql == "INSERT INTO t VALUES (11)")
        let total: Int64? = try db.savepoint { try db.scalar("SELECT sum(x) FROM t") as? Int64 }
        #expect(total == 21)
        let count = try db.savepoint("count") { () throws -> Int64? in try self.count(db) }
        #expect(count == 2)
    }
}

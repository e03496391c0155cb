import SQLiteCore
import Testing

/// SkipSQL's `transaction(nil)` runs the block without a transaction.
@Suite("Transactions: transaction(nil) runs the block without a transaction")
struct TransactionAutocommitTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        return db
    }

    private func count(_ db: Connection) throws -> Int64? {
        try db.scalar("SELECT count(*) FROM t") as? Int64
    }

    /// The two spellings: the literal `nil`, and a `nil` mode in a variable.
    enum Spelling: String, CaseIterable, CustomTestStringConvertible {
        case literal, variable
        var testDescription: String { rawValue }

        func run(_ db: Connection, _ block: () throws -> Void) throws {
            switch self {
            case .literal: try db.transaction(nil, block: block)
            case .variable:
                let mode: Connection.TransactionMode? = nil
                try db.transaction(mode, block: block)
            }
        }
    }

    @Test("each statement commits on its own: no BEGIN, no COMMIT", arguments: Spelling.allCases)
    func runsWithoutATransaction(spelling: Spelling) throws {
        let db = try makeDatabase()
        let trace = Locked<[String]>([])
        db.trace { sql in trace.withLock { $0.append(sql) } }
        try spelling.run(db) {
            #expect(!db.isInTransaction)
            try db.run("INSERT INTO t VALUES (?)", 1)
            #expect(db.autocommit)
            try db.run("INSERT INTO t VALUES (?)", 2)
        }
        #expect(try count(db) == 2)
        #expect(!trace.value.contains { $0.hasPrefix("BEGIN") || $0.hasPrefix("COMMIT") })
    }

    @Test("a throw inside keeps the statements run before it", arguments: Spelling.allCases)
    func throwKeepsEarlierStatements(spelling: Spelling) throws {
        let db = try makeDatabase()
        #expect(throws: TestError(text: "stop")) {
            try spelling.run(db) {
                try db.run("INSERT INTO t VALUES (?)", 1)
                try db.run("INSERT INTO t VALUES (?)", 2)
                throw TestError(text: "stop")
            }
        }
        #expect(!db.isInTransaction)
        #expect(try count(db) == 2)
    }

    @Test("an SQL error inside keeps the statements run before it")
    func sqlErrorKeepsEarlierStatements() throws {
        let db = try makeDatabase()
        expectResult(code: SQLITE_CONSTRAINT) {
            try db.transaction(nil) {
                try db.run("INSERT INTO t VALUES (1)")
                try db.run("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try count(db) == 1)
    }

    @Test("inside a real transaction it just runs the block, which the outer rollback undoes")
    func nestedInsideATransaction() throws {
        let db = try makeDatabase()
        try db.transaction(.immediate) {
            try db.transaction(nil) {
                #expect(db.isInTransaction)
                try db.run("INSERT INTO t VALUES (?)", 1)
            }
            try db.transaction(nil) { try db.run("INSERT INTO t VALUES (?)", 2) }
        }
        #expect(try count(db) == 2)

        #expect(throws: TestError(text: "undo")) {
            try db.transaction {
                try db.transaction(nil) { try db.run("INSERT INTO t VALUES (?)", 3) }
                throw TestError(text: "undo")
            }
        }
        #expect(try count(db) == 2)
    }

    @Test("the value-returning form returns the block's value; nil and a mode pick the same overloads")
    func returnsTheValue() throws {
        let db = try makeDatabase()
        let rowid: Int64 = try db.transaction(nil) {
            try db.run("INSERT INTO t VALUES (?)", 7)
            return db.lastInsertRowid
        }
        #expect(rowid == 1)
        let mode: Connection.TransactionMode? = .deferred
        let counted: Int64? = try db.transaction(mode) { try count(db) }
        #expect(counted == 1)
        try db.transaction(.deferred) { try db.run("INSERT INTO t VALUES (?)", 8) }
        #expect(try count(db) == 2)
    }
}

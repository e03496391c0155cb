import SQLiteCore
import Testing

/// `Statement.run(binding:with:)`: a higher tier binding its own values to the raw handle.
@Suite struct RunBindingTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b TEXT NOT NULL)")
    }

    @Test func bindsAndRuns() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
        try insert.run(binding: 2) { handle throws(Result) in
            let code = sqlite3_bind_int64(handle, 1, 7)
            return code == SQLITE_OK ? "seven".bind(to: handle, at: 2) : code
        }
        #expect(try db.scalar("SELECT a || b FROM t") as? String == "7seven")
    }

    @Test func wrongCountThrowsBeforeBinding() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
        var called = false
        #expect(throws: Result.self) {
            try insert.run(binding: 1) { _ throws(Result) in
                called = true
                return SQLITE_OK
            }
        }
        #expect(!called)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func bindingFailureKeepsTheStatementFromRunning() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
        #expect(throws: Result.self) {
            try insert.run(binding: 2) { handle throws(Result) in try UInt64.max.bind(to: handle, at: 1) }
        }
        // The failed bind leaves the statement unrunnable until it is bound again.
        #expect(throws: Result.self) { try insert.run() }
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func stepErrorsAreSQLiteErrors() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
        let error = #expect(throws: Result.self) {
            try insert.run(binding: 2) { handle throws(Result) in
                _ = sqlite3_bind_int64(handle, 1, 1)
                return sqlite3_bind_null(handle, 2)
            }
        }
        #expect(error?.code == SQLITE_CONSTRAINT)
    }
}

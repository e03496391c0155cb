import Dispatch
import Foundation
import SQLiteCore
import Testing

@Suite struct ConnectionTests {
    @Test func inMemoryDatabaseIsPrivateToItsConnection() throws {
        let db = try Connection()
        #expect(db.description == "")
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)

        let other = try Connection(.inMemory)
        let error = expectResult(code: SQLITE_ERROR) { _ = try other.scalar("SELECT x FROM t") }
        #expect(error?.message.contains("no such table") == true)
    }

    @Test func memoryFilenameOpensAnInMemoryDatabase() throws {
        let db = try Connection(":memory:")
        #expect(db.description == "")
        #expect(db.journalMode == .memory)
        try db.execute("CREATE TABLE t (x)")
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func temporaryDatabaseWorksAndHasNoPath() throws {
        let db = try Connection(.temporary)
        #expect(db.description == "")
        try db.execute("CREATE TABLE t (x TEXT)")
        try db.run("INSERT INTO t VALUES (?)", "temp")
        #expect(try db.scalar("SELECT x FROM t") as? String == "temp")
        #expect(!db.readonly)
    }

    @Test func fileDatabaseIsCreatedAndPersists() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("file.sqlite3")
            do {
                let db = try Connection(path)
                #expect(db.description == URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
                try db.execute("CREATE TABLE t (x TEXT)")
                try db.run("INSERT INTO t VALUES (?)", "kept")
            }
            #expect(FileManager.default.fileExists(atPath: path))
            let reopened = try Connection(.uri(path))
            #expect(try reopened.scalar("SELECT x FROM t") as? String == "kept")
        }
    }

    @Test func readonlyFlagRefusesWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("ro.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            let db = try Connection(path, readonly: true)
            #expect(db.readonly)
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
            expectResult(code: SQLITE_READONLY) { try db.run("INSERT INTO t VALUES (2)") }
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
        }
    }

    @Test func readonlyOpenOfMissingFileThrowsCantOpen() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("absent.sqlite3")
            expectResult(code: SQLITE_CANTOPEN) { _ = try Connection(path, readonly: true) }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func openingInAMissingDirectoryThrowsCantOpen() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("missing/sub/db.sqlite3")
            let error = expectResult(code: SQLITE_CANTOPEN) { _ = try Connection(.uri(path)) }
            #expect(error?.message.isEmpty == false)
        }
    }

    @Test("a file that is not a database throws SQLITE_NOTADB at first use, naming the SQL")
    func nonDatabaseFileThrowsNotADatabaseOnFirstUse() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("garbage.sqlite3")
            let garbage = Data((0..<4096).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 7 &+ 3) })
            try garbage.write(to: URL(fileURLWithPath: path))
            let db = try Connection(path)
            let query = expectResult(code: SQLITE_NOTADB) { _ = try db.scalar("SELECT count(*) FROM sqlite_master") }
            #expect(query?.sql == "SELECT count(*) FROM sqlite_master")
            #expect(query?.debugDescription.contains("SELECT count(*) FROM sqlite_master") == true)
            let script = expectResult(code: SQLITE_NOTADB) { try db.execute("CREATE TABLE t (x)") }
            #expect(script?.sql == "CREATE TABLE t (x)")
        }
    }

    @Test func walJournalModeAtOpenAlsoSetsSynchronousNormal() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("wal.sqlite3")
            let db = try Connection(path, journalMode: .wal)
            #expect(db.journalMode == .wal)
            #expect(db.synchronous == .normal)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))

            // The mode is persistent: a second connection sees WAL, and reads the row.
            let second = try Connection(.uri(path))
            #expect(second.journalMode == .wal)
            #expect(try second.scalar("SELECT count(*) FROM t") as? Int64 == 1)
        }
    }

    @Test func otherJournalModeAtOpenLeavesSynchronousAlone() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("truncate.sqlite3"), journalMode: .truncate)
            #expect(db.journalMode == .truncate)
            #expect(db.synchronous == .full)
        }
    }

    @Test func changesTotalChangesAndLastInsertRowid() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
        #expect(db.totalChanges == 0)
        try db.run("INSERT INTO t (x) VALUES (?)", 10)
        #expect(db.lastInsertRowid == 1)
        try db.run("INSERT INTO t (id, x) VALUES (?, ?)", 41, 20)
        #expect(db.lastInsertRowid == 41)
        #expect(db.changes == 1)
        try db.run("UPDATE t SET x = x + 1")
        #expect(db.changes == 2)
        #expect(db.totalChanges == 4)
        try db.run("DELETE FROM t WHERE id = ?", 41)
        #expect(db.changes == 1)
        #expect(db.totalChanges == 5)
    }

    @Test func autocommitFollowsTransactions() throws {
        let db = try Connection()
        #expect(db.autocommit)
        #expect(!db.isInTransaction)
        try db.execute("BEGIN")
        #expect(!db.autocommit)
        #expect(db.isInTransaction)
        try db.execute("COMMIT")
        #expect(db.autocommit)
    }

    @Test func executeRunsEveryStatement() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (x INTEGER);
            INSERT INTO t VALUES (1);
            -- a comment between statements
            INSERT INTO t VALUES (2); ;
            SELECT * FROM t;  /* rows are discarded */
            INSERT INTO t VALUES (3);
            """)
        #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == 6)
    }

    @Test func executeStopsAtTheFailingStatementKeepingEarlierOnes() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        let error = expectResult(code: SQLITE_CONSTRAINT) {
            try db.execute("INSERT INTO t VALUES (1); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
        }
        #expect(error?.sql?.contains("INSERT INTO t VALUES (1)") == true)
        #expect(error?.message.contains("UNIQUE constraint failed: t.x") == true)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
    }

    @Test func executeOfNothingDoesNothing() throws {
        let db = try Connection()
        try db.execute("")
        try db.execute("  ;  -- only a comment")
        #expect(db.totalChanges == 0)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master") as? Int64 == 0)
    }

    @Test func rawHandleIsTheLiveConnection() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(sqlite3_changes(db.handle) == 1)
        #expect(sqlite3_get_autocommit(db.handle) == 1)
        #expect(SQLITE_CONSTRAINT == 19)
        #expect(SQLITE_CONSTRAINT_UNIQUE == 2067)
    }

    @Test func interruptStopsALongQueryOnAnotherThread() throws {
        let db = try Connection()
        let running = DispatchSemaphore(value: 0)
        let interrupted = DispatchSemaphore(value: 0)
        let rows = Locked(0)
        // Called for each row: at the first, the query is surely running (an interrupt made
        // before a statement starts is cleared when it starts), and waits there until the
        // other thread's interrupt() has returned.
        db.createFunction("reached", argumentCount: 1) { _ in
            if rows.withLock({ rows in
                rows += 1
                return rows
            }) == 1 {
                running.signal()
                interrupted.wait()
            }
            return 1 as Int64
        }
        let interrupter = Thread {
            running.wait()
            db.interrupt()
            interrupted.signal()
        }
        interrupter.start()
        let error = expectResult(code: SQLITE_INTERRUPT) {
            _ = try db.scalar(
                """
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)
                SELECT count(*) FROM c WHERE reached(x)
                """)
        }
        #expect(error?.message.contains("interrupt") == true)
        // Stopped at once, not after a billion rows.
        #expect(rows.value < 10)
        // Usable afterwards.
        #expect(try db.scalar("SELECT 40 + 2") as? Int64 == 42)
        #expect(!db.isInterrupted)
    }

    @Test func statementOutlivingItsConnectionStillWorks() throws {
        let statement: Statement
        do {
            let db = try Connection()
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (7), (8)")
            statement = try db.prepare("SELECT x FROM t ORDER BY x")
        }
        var values: [Int64] = []
        while try statement.step() { values.append(statement.row[0]) }
        #expect(values == [7, 8])
    }

    @Test(.enabled(if: openDescriptorCount(for: "/") != nil, "needs /proc/self/fd"))
    func fileClosesOnceConnectionAndStatementsAreGone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("close.sqlite3")
            var statement: Statement?
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
                // Cache a statement and leave another mid-iteration: neither may keep the file open.
                try db.withCachedStatement("SELECT count(*) FROM t") { _ = try $0.scalar() }
                let open = try db.prepare("SELECT x FROM t")
                #expect(try open.step())
                statement = open
                #expect(openDescriptorCount(for: path) ?? 0 > 0)
            }
            #expect(openDescriptorCount(for: path) ?? 0 > 0, "the statement keeps the database open")
            #expect(try statement?.step() == true)
            #expect(statement?.row[0] == Int64(2))
            statement = nil
            #expect(openDescriptorCount(for: path) == 0)
        }
    }
}

@Suite struct EmbeddedNulSQLTests {
    @Test(oneMinuteLimit)
    func executeStopsAtAnEmbeddedNul() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        // SQLite reads SQL text up to a NUL character; what follows it is never run.
        try db.execute("INSERT INTO t VALUES (1);\u{0} INSERT INTO t VALUES (2)")
        try db.execute("INSERT INTO t VALUES (3)\u{0}")
        #expect(try db.scalar("SELECT group_concat(x) FROM t") as? String == "1,3")
        #expect(try db.scalar("SELECT 4\u{0}; SELECT 5") as? Int64 == 4)
    }
}

@Suite struct LargeScriptTests {
    /// How fast (linear, not quadratic in the script's size) is the `execute-script` benchmark's
    /// business; this test checks that every statement of a large script runs, once.
    @Test func executeRunsEveryStatementOfALargeScriptOnce() throws {
        let db = try Connection()
        let statements = 10_000
        // 10,000 statements in ~20 MB, each after a long comment.
        let padding = String(repeating: "x", count: 2000)
        var script = "CREATE TABLE t (x INTEGER, label TEXT);\nBEGIN;\n"
        for index in 0..<statements { script += "INSERT INTO t VALUES (\(index), 'row \(index)'); -- \(padding)\n" }
        script += "COMMIT;\n"
        let ran = Locked(0)
        db.trace { _ in ran.withLock { $0 += 1 } }
        try db.execute(script)
        db.trace(nil)
        // CREATE, BEGIN, the inserts and COMMIT.
        #expect(ran.value == statements + 3)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == Int64(statements))
        #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == Int64(statements * (statements - 1) / 2))
        #expect(try db.scalar("SELECT label FROM t WHERE x = ?", statements - 1) as? String == "row 9999")
        #expect(db.autocommit)
    }
}

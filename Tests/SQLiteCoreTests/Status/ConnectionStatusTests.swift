import SQLiteCore
import Testing

/// A connection's counters (`sqlite3_db_status`), moved by real work on a file database.
@Suite struct ConnectionStatusTests {
    @Test func cacheMissesHitsAndWritesMoveOnAFileDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("status.sqlite3")
            let writer = try Connection(path)
            let writesBefore = try writer.status(.cacheWrite).current
            try writer.execute(
                """
                CREATE TABLE t (x);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO t SELECT randomblob(100) FROM n;
                """)
            #expect(try writer.status(.cacheWrite).current > writesBefore)

            // A fresh connection reads every page from the file once, then from its cache.
            let db = try Connection(path)
            #expect(try db.status(.cacheMiss).current == 0)
            _ = try db.scalar("SELECT count(*) FROM t")
            let misses = try db.status(.cacheMiss).current
            #expect(misses > 0)
            let hits = try db.status(.cacheHit).current
            try db.execute("BEGIN")
            _ = try db.scalar("SELECT count(*) FROM t")
            _ = try db.scalar("SELECT count(*) FROM t")
            try db.execute("COMMIT")
            #expect(try db.status(.cacheHit).current > hits)
            #expect(try db.status(.cacheUsed).current > 0)
            #expect(try db.status(.schemaUsed).current > 0)

            // Reset sets the count-up counters back to zero.
            #expect(try db.status(.cacheHit, reset: true).current > 0)
            #expect(try db.status(.cacheHit).current == 0)
        }
    }

    @Test func statementMemoryFollowsPreparedStatements() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let before = try db.status(.statementUsed).current
        let statement = try db.prepare("SELECT x, x + 1, upper(x) FROM t WHERE x > ? ORDER BY x")
        #expect(try db.status(.statementUsed).current > before)
        _ = statement
    }

    @Test func deferredForeignKeysReportAnUnresolvedViolation() throws {
        let db = try Connection()
        try db.execute(
            """
            PRAGMA foreign_keys = ON;
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
            """)
        #expect(try db.status(.deferredForeignKeys).current == 0)
        try db.execute("BEGIN; INSERT INTO child VALUES (1)")
        #expect(try db.status(.deferredForeignKeys).current == 1)
        try db.execute("INSERT INTO parent VALUES (1)")
        #expect(try db.status(.deferredForeignKeys).current == 0)
        try db.execute("COMMIT")
    }

    @Test func lookasideCountersKeepAHighWaterMark() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        _ = try db.prepare("SELECT * FROM t").map { $0 }
        let used = try db.status(.lookasideUsed)
        #expect(used.highWater >= used.current)
        // High-water-only counters report 0 as their current value.
        #expect(try db.status(.lookasideHit).current == 0)
        #if !SystemSQLite
            // The package's SQLite has lookaside memory (a system build may turn it off).
            #expect(try db.status(.lookasideHit).highWater > 0)
        #endif
    }

    /// `SQLITE_DBSTATUS_TEMPBUF_SPILL` is newer than the vendored SQLite 3.50.4 and the system
    /// library: they do not know it, and reading it says so.
    @Test func aCounterTheLibraryDoesNotKnowThrows() throws {
        let db = try Connection()
        if SQLiteVersion.current <= SQLiteVersion(major: 3, minor: 50, point: 4) {
            let error = expectResult(code: SQLITE_ERROR) { _ = try db.status(.tempBufferSpill) }
            #expect(error?.message.contains("tempBufferSpill") == true)
        } else {
            #expect(try db.status(.tempBufferSpill).current >= 0)
        }
    }

    @Test func aClosedConnectionThrows() throws {
        let db = try Connection()
        try db.close()
        expectResult(code: SQLITE_MISUSE) { _ = try db.status(.cacheHit) }
    }
}

import SQLiteCore
import Testing

/// A prepared statement's counters (`sqlite3_stmt_status`), moved by real queries.
@Suite struct StatementStatusTests {
    /// Two tables of 100 rows: `t` indexed on `a`, nothing indexed on `b`.
    private func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (a INTEGER, b INTEGER);
            CREATE INDEX t_a ON t (a);
            CREATE TABLE u (b INTEGER, c TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
            INSERT INTO t SELECT i, i % 10 FROM n;
            INSERT INTO u SELECT b, 'x' || b FROM t;
            """)
        return db
    }

    /// Runs the statement to its end.
    private func drain(_ statement: Statement) throws {
        while try statement.step() {}
    }

    @Test func fullScanStepsCountATableScanNotAnIndexLookup() throws {
        let db = try database()
        let scan = try db.prepare("SELECT * FROM t WHERE b = 5")
        try drain(scan)
        #expect(scan.status(.fullScanSteps) >= 99)
        let lookup = try db.prepare("SELECT * FROM t WHERE a = 5")
        try drain(lookup)
        #expect(lookup.status(.fullScanSteps) == 0)
        #expect(lookup.status(.virtualMachineSteps) > 0)
    }

    @Test func sortsCountAnOrderByNoIndexServes() throws {
        let db = try database()
        let sorted = try db.prepare("SELECT * FROM t ORDER BY b")
        try drain(sorted)
        #expect(sorted.status(.sorts) == 1)
        let indexed = try db.prepare("SELECT a FROM t ORDER BY a")
        try drain(indexed)
        #expect(indexed.status(.sorts) == 0)
    }

    @Test func autoIndexRowsCountAnAutomaticIndex() throws {
        let db = try database()
        let join = try db.prepare("SELECT t.a, u.c FROM t JOIN u ON u.b = t.b")
        try drain(join)
        #expect(join.status(.autoIndexRows) > 0)
        let plain = try db.prepare("SELECT * FROM u")
        try drain(plain)
        #expect(plain.status(.autoIndexRows) == 0)
    }

    @Test func runsRepreparesAndMemory() throws {
        let db = try database()
        let select = try db.prepare("SELECT count(*) FROM t")
        try drain(select)
        try drain(select)
        #expect(select.status(.runs) == 2)
        #expect(select.status(.reprepares) == 0)
        try db.execute("CREATE TABLE another (x)")
        try drain(select)
        #expect(select.status(.reprepares) == 1)
        #expect(select.status(.memoryUsed) > 0)
    }

    @Test func resetSetsACounterBackToZero() throws {
        let db = try database()
        let scan = try db.prepare("SELECT * FROM t WHERE b = 5")
        try drain(scan)
        let steps = scan.status(.virtualMachineSteps, reset: true)
        #expect(steps > 0)
        #expect(scan.status(.virtualMachineSteps) == 0)
        #expect(scan.status(.fullScanSteps, reset: true) > 0)
        #expect(scan.status(.fullScanSteps) == 0)
        // Counting resumes from zero.
        try drain(scan)
        #expect(scan.status(.virtualMachineSteps) == steps)
        // The memory a statement uses is no counter: it stays.
        let memory = scan.status(.memoryUsed, reset: true)
        #expect(scan.status(.memoryUsed) == memory)
    }

    /// A statement whose connection closed under it (one that escaped a queue's closure: a
    /// `Connection` refuses to close while a statement is held) still reads its counters.
    @Test func countersStayReadableAfterTheConnectionCloses() throws {
        let queue = try DatabaseQueue()
        let scan = try queue.write { db in
            try db.execute(
                """
                CREATE TABLE t (a INTEGER, b INTEGER);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
                INSERT INTO t SELECT i, i % 10 FROM n;
                """)
            let scan = try db.prepare("SELECT * FROM t WHERE b = 5")
            try drain(scan)
            return scan
        }
        try queue.close()
        #expect(scan.status(.fullScanSteps) >= 99)
    }

    @Test func countersMatchSQLitesConstants() {
        let expected: [StatementStatus: Int32] = [
            .fullScanSteps: SQLITE_STMTSTATUS_FULLSCAN_STEP, .sorts: SQLITE_STMTSTATUS_SORT,
            .autoIndexRows: SQLITE_STMTSTATUS_AUTOINDEX, .virtualMachineSteps: SQLITE_STMTSTATUS_VM_STEP,
            .reprepares: SQLITE_STMTSTATUS_REPREPARE, .runs: SQLITE_STMTSTATUS_RUN,
            .filterMisses: SQLITE_STMTSTATUS_FILTER_MISS, .filterHits: SQLITE_STMTSTATUS_FILTER_HIT,
            .memoryUsed: SQLITE_STMTSTATUS_MEMUSED,
        ]
        for counter in StatementStatus.allCases { #expect(counter.rawValue == expected[counter]) }
    }
}

import SQLiteCore
import Testing

/// The process-wide counters (`sqlite3_status64`) and memory statistics, which this package's
/// SQLite compiles off (`SQLITE_DEFAULT_MEMSTATUS=0`).
@Suite struct ProcessStatusTests {
    /// Whether this build compiled SQLite with the package's flags (not the system library).
    private static let compiledHere: Bool = {
        #if SystemSQLite
            false
        #else
            true
        #endif
    }()

    @Test func pageCacheCountersMoveWithoutMemoryStatistics() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("pages.sqlite3"))
            // Pages beyond a cache's first block come from the heap: "overflow".
            try db.execute(
                """
                CREATE TABLE t (x);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
                INSERT INTO t SELECT randomblob(1000) FROM n;
                """)
            let overflow = try ProcessStatus.pageCacheOverflow.read()
            #expect(overflow.highWater > 0)
            #expect(try ProcessStatus.pageCacheSize.read().highWater > 0)
            // No SQLITE_CONFIG_PAGECACHE pool: nothing is served from one.
            #expect(try ProcessStatus.pageCacheUsed.read().highWater == 0)
        }
    }

    @Test(.enabled(if: compiledHere, "SystemSQLite: the system library's own build decides memory statistics"))
    func memoryCountersStayZeroWithoutMemoryStatistics() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(10000))")
        for counter in ProcessStatus.allCases where counter.needsMemoryStatistics {
            let value = try counter.read()
            #expect(value == StatusValue(current: 0, highWater: 0), "\(counter)")
        }
        #expect(try ProcessStatus.parserStack.read().highWater == 0)
    }

    @Test func enablingMemoryStatisticsAfterSQLiteInitializedThrows() throws {
        // Opening a connection initializes SQLite, whatever ran before in this process.
        _ = try Connection()
        let error = expectResult(code: SQLITE_MISUSE) { try ProcessStatus.enableMemoryStatistics() }
        #expect(error?.message.contains("already initialized") == true)
    }

    @Test func whichCountersNeedMemoryStatistics() {
        #expect(
            ProcessStatus.allCases.filter(\.needsMemoryStatistics) == [.memoryUsed, .mallocSize, .mallocCount])
        #expect(
            ProcessStatus.allCases.map(\.rawValue) == [
                SQLITE_STATUS_MEMORY_USED, SQLITE_STATUS_PAGECACHE_USED, SQLITE_STATUS_PAGECACHE_OVERFLOW,
                SQLITE_STATUS_MALLOC_SIZE, SQLITE_STATUS_PARSER_STACK, SQLITE_STATUS_PAGECACHE_SIZE,
                SQLITE_STATUS_MALLOC_COUNT,
            ])
    }
}

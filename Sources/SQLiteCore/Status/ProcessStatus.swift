/// A status counter of the whole SQLite library in this process, all connections together
/// (`SQLITE_STATUS_*`, read with `sqlite3_status64`).
///
/// ```swift
/// let pages = try ProcessStatus.pageCacheOverflow.read()
/// print(pages.current, pages.highWater)
/// ```
///
/// ## Memory statistics
///
/// This package compiles SQLite with `SQLITE_DEFAULT_MEMSTATUS=0` (`Documentation/Build.md`):
/// keeping memory statistics costs a global mutex on every allocation. ``memoryUsed``,
/// ``mallocSize`` and ``mallocCount`` then stay 0 unless ``enableMemoryStatistics()`` ran before
/// SQLite initialized. The page-cache counters (``pageCacheUsed``, ``pageCacheOverflow``,
/// ``pageCacheSize``) count without them. ``parserStack`` counts only in a SQLite built with
/// `YYTRACKMAXSTACKDEPTH`, which no source of this package is. A system SQLite
/// (`SystemSQLite` trait) keeps memory statistics unless its own build turned them off.
public enum ProcessStatus: Int32, CaseIterable, Sendable, Hashable {
    /// Heap memory SQLite has allocated and not freed, in bytes (`SQLITE_STATUS_MEMORY_USED`).
    /// Needs memory statistics.
    case memoryUsed = 0
    /// Page-cache slots in use from the pool configured with `SQLITE_CONFIG_PAGECACHE`
    /// (`SQLITE_STATUS_PAGECACHE_USED`). Without such a pool, which this package does not set
    /// up, it stays 0.
    case pageCacheUsed = 1
    /// Bytes of page cache that did not fit the `SQLITE_CONFIG_PAGECACHE` pool and came from
    /// the heap (`SQLITE_STATUS_PAGECACHE_OVERFLOW`): without a pool, the page cache beyond
    /// each cache's first block. Counts without memory statistics.
    case pageCacheOverflow = 2
    /// The largest allocation requested from `sqlite3_malloc`, in bytes (high-water only;
    /// `SQLITE_STATUS_MALLOC_SIZE`). Needs memory statistics.
    case mallocSize = 5
    /// The deepest parser stack (high-water only; `SQLITE_STATUS_PARSER_STACK`). Counts only in
    /// a SQLite compiled with `YYTRACKMAXSTACKDEPTH`.
    case parserStack = 6
    /// The largest page-cache allocation, in bytes (high-water only;
    /// `SQLITE_STATUS_PAGECACHE_SIZE`). Counts without memory statistics.
    case pageCacheSize = 7
    /// Allocations SQLite holds, in number (`SQLITE_STATUS_MALLOC_COUNT`). Needs memory
    /// statistics.
    case mallocCount = 9

    /// Whether the counter stays 0 unless memory statistics are on (see
    /// ``enableMemoryStatistics()``).
    public var needsMemoryStatistics: Bool {
        switch self {
        case .memoryUsed, .mallocSize, .mallocCount: true
        default: false
        }
    }

    /// Reads the counter (`sqlite3_status64`).
    ///
    /// - Parameter reset: whether to reset the high-water mark to the current value after
    ///   reading. The mark is shared by the whole process: resetting it changes what every
    ///   other reader sees.
    /// - Returns: the value before any reset.
    /// - Throws: ``Result`` (`SQLITE_MISUSE`) for a counter the SQLite library does not know.
    public func read(reset: Bool = false) throws -> StatusValue {
        var current: Int64 = 0
        var highWater: Int64 = 0
        let code = sqlite3_status64(rawValue, &current, &highWater, reset ? 1 : 0)
        guard code == SQLITE_OK else {
            throw Result.misuse("\(SQLiteVersion.current) has no process status counter \(self)", code: code)
        }
        return StatusValue(current: Int(current), highWater: Int(highWater))
    }

    /// Turns on SQLite's memory statistics (`sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 1)`), which
    /// ``memoryUsed``, ``mallocSize`` and ``mallocCount`` need.
    ///
    /// ```swift
    /// // First thing in main, before any connection opens:
    /// try ProcessStatus.enableMemoryStatistics()
    /// ```
    ///
    /// SQLite takes this setting only before it initializes, which the first connection opened
    /// in the process does, and only while no other thread uses SQLite. The statistics then
    /// cost a global mutex on every allocation, the reason this package builds with them off.
    ///
    /// - Throws: ``Result`` (`SQLITE_MISUSE`) when SQLite is already initialized: the setting
    ///   is then unchanged.
    public static func enableMemoryStatistics() throws {
        let code = swift_sqlite_config_memstatus(1)
        guard code == SQLITE_OK else {
            throw Result.misuse(
                "SQLite is already initialized (a connection was opened, or another call initialized it): memory statistics can only be enabled before that, first thing in the program",
                code: code)
        }
    }
}

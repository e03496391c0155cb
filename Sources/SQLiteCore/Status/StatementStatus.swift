/// A counter of one prepared statement (`SQLITE_STMTSTATUS_*`), read with
/// ``Statement/status(_:reset:)``.
///
/// ```swift
/// if statement.status(.fullScanSteps) > 0 { /* the query scanned a table: an index may help */ }
/// ```
public enum StatementStatus: Int32, CaseIterable, Sendable, Hashable {
    /// Steps forward through a table in a full scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`): more
    /// than 0 is a hint that an index could help.
    case fullScanSteps = 1
    /// Sort operations (`SQLITE_STMTSTATUS_SORT`): an ORDER BY or GROUP BY no index serves.
    case sorts = 2
    /// Rows inserted into automatic indexes, which SQLite builds for a join no index serves
    /// (`SQLITE_STMTSTATUS_AUTOINDEX`).
    case autoIndexRows = 3
    /// Virtual-machine operations run (`SQLITE_STMTSTATUS_VM_STEP`), a measure of the work done.
    case virtualMachineSteps = 4
    /// Times the statement was prepared again after a schema change
    /// (`SQLITE_STMTSTATUS_REPREPARE`).
    case reprepares = 5
    /// Times the statement ran: each run to its end or reset after a step counts once
    /// (`SQLITE_STMTSTATUS_RUN`).
    case runs = 6
    /// Joins skipped thanks to a Bloom filter (`SQLITE_STMTSTATUS_FILTER_MISS`).
    case filterMisses = 7
    /// Bloom-filter checks that let a join go ahead (`SQLITE_STMTSTATUS_FILTER_HIT`).
    case filterHits = 8
    /// Heap memory the statement uses, in bytes (`SQLITE_STMTSTATUS_MEMUSED`; cannot be reset).
    case memoryUsed = 99
}

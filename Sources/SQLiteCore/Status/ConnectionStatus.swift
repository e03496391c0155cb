/// A status counter of one connection (`SQLITE_DBSTATUS_*`), read with
/// ``Connection/status(_:reset:)``.
///
/// ```swift
/// let hits = try db.status(.cacheHit).current
/// ```
public enum ConnectionStatus: Int32, CaseIterable, Sendable, Hashable {
    /// Lookaside memory slots in use (current and high-water; `SQLITE_DBSTATUS_LOOKASIDE_USED`).
    case lookasideUsed = 0
    /// Heap memory used by the connection's page caches, in bytes (current only;
    /// `SQLITE_DBSTATUS_CACHE_USED`).
    case cacheUsed = 1
    /// Heap memory used by the schemas of the connection's databases, in bytes (current only;
    /// `SQLITE_DBSTATUS_SCHEMA_USED`).
    case schemaUsed = 2
    /// Heap and lookaside memory used by the connection's prepared statements, in bytes
    /// (current only; `SQLITE_DBSTATUS_STMT_USED`).
    case statementUsed = 3
    /// Allocations served from lookaside memory (high-water only;
    /// `SQLITE_DBSTATUS_LOOKASIDE_HIT`).
    case lookasideHit = 4
    /// Allocations too large for a lookaside slot (high-water only;
    /// `SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE`).
    case lookasideMissSize = 5
    /// Allocations made while every lookaside slot was taken (high-water only;
    /// `SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL`).
    case lookasideMissFull = 6
    /// Page-cache hits (current only; `SQLITE_DBSTATUS_CACHE_HIT`).
    case cacheHit = 7
    /// Page-cache misses: pages read from the file (current only; `SQLITE_DBSTATUS_CACHE_MISS`).
    case cacheMiss = 8
    /// Pages written to the file (current only; `SQLITE_DBSTATUS_CACHE_WRITE`).
    case cacheWrite = 9
    /// Whether deferred foreign-key constraints are unresolved: 1 if any is, else 0 (current
    /// only; `SQLITE_DBSTATUS_DEFERRED_FKS`).
    case deferredForeignKeys = 10
    /// Like ``cacheUsed``, with memory shared between connections divided among them (current
    /// only; `SQLITE_DBSTATUS_CACHE_USED_SHARED`).
    case cacheUsedShared = 11
    /// Dirty pages written to the file in the middle of a transaction because the cache was
    /// full (current only; `SQLITE_DBSTATUS_CACHE_SPILL`).
    case cacheSpill = 12
    /// Bytes written to temporary files because a temporary buffer grew too large (current
    /// only; `SQLITE_DBSTATUS_TEMPBUF_SPILL`). Newer than this package's vendored SQLite
    /// 3.50.4: reading it there, or from another library that lacks it, throws.
    case tempBufferSpill = 13
}

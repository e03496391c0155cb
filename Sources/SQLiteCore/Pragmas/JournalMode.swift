/// A journal mode (`PRAGMA journal_mode`).
public enum JournalMode: String, Sendable, Hashable, CaseIterable {
    /// The rollback journal is deleted at the end of each transaction (SQLite's default).
    case delete = "DELETE"
    /// The rollback journal is truncated to zero bytes instead of deleted.
    case truncate = "TRUNCATE"
    /// The rollback journal's header is zeroed instead.
    case persist = "PERSIST"
    /// The rollback journal is kept in memory.
    case memory = "MEMORY"
    /// Write-ahead logging: readers do not block the writer and the writer does not block
    /// readers. Not for network file systems.
    case wal = "WAL"
    /// No rollback journal: a crash can corrupt the database, and ROLLBACK is undefined.
    case off = "OFF"
}

/// How hard SQLite syncs to disk (`PRAGMA synchronous`).
public enum Synchronous: Int, Sendable, Hashable, CaseIterable {
    /// No syncing: fastest; a power loss can corrupt the database.
    case off = 0
    /// Sync at critical moments: safe in WAL mode (a power loss may lose the last commits).
    case normal = 1
    /// Sync at every commit (SQLite's default outside WAL).
    case full = 2
    /// Like `full`, also syncing the directory after unlinking a journal.
    case extra = 3
}

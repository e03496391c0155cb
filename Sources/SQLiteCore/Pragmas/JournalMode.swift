extension Connection {
    /// A journal mode (`PRAGMA journal_mode`), spelled as SQLite reports it.
    ///
    /// ```swift
    /// let db = try Connection(path, journalMode: .wal)
    /// db.journalMode = .truncate
    /// ```
    public enum JournalMode: String, Sendable, Hashable, CaseIterable {
        /// The rollback journal is deleted at the end of each transaction (SQLite's default).
        case delete
        /// The rollback journal is truncated to zero bytes instead of deleted.
        case truncate
        /// The rollback journal's header is zeroed instead.
        case persist
        /// The rollback journal is kept in memory.
        case memory
        /// Write-ahead logging: readers do not block the writer and the writer does not block
        /// readers. Not for network file systems.
        case wal
        /// No rollback journal: a crash can corrupt the database, and ROLLBACK is undefined.
        case off
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

    /// How ``walCheckpoint(mode:schema:)`` copies the write-ahead log into the database,
    /// spelled as `PRAGMA wal_checkpoint` takes it.
    public enum WALCheckpointMode: String, Sendable, Hashable, CaseIterable {
        /// Copies as much as it can without waiting for readers or writers.
        case passive = "PASSIVE"
        /// Waits for the writer and for readers of older snapshots, then copies the whole log.
        case full = "FULL"
        /// Like `full`, then waits for readers so that the next writer starts the log over.
        case restart = "RESTART"
        /// Like `restart`, also truncating the log file to zero bytes.
        case truncate = "TRUNCATE"

        /// The `SQLITE_CHECKPOINT_*` constant.
        var code: Int32 {
            switch self {
            case .passive: SQLITE_CHECKPOINT_PASSIVE
            case .full: SQLITE_CHECKPOINT_FULL
            case .restart: SQLITE_CHECKPOINT_RESTART
            case .truncate: SQLITE_CHECKPOINT_TRUNCATE
            }
        }
    }
}

/// ``Connection/JournalMode``, by its earlier top-level name.
public typealias JournalMode = Connection.JournalMode

/// ``Connection/Synchronous``, by its earlier top-level name.
public typealias Synchronous = Connection.Synchronous

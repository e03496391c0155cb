extension Connection {
    /// Switches the database to write-ahead logging, with `synchronous = NORMAL` (the
    /// recommended pairing), and returns the journal mode in effect afterwards. Calling it
    /// again is harmless.
    ///
    /// ```swift
    /// try db.enableWAL()                       // .wal for a file database
    /// ```
    ///
    /// A database that cannot use WAL keeps its mode, which is returned (an in-memory database
    /// stays `.memory`), and its `synchronous` setting is left alone.
    ///
    /// - Throws: ``Result`` when SQLite fails to run the pragmas (a locked database, ...).
    @discardableResult
    public func enableWAL() throws -> JournalMode {
        try withLock { () throws -> JournalMode in
            let mode = try setJournalMode(.wal)
            if mode == .wal { try execute("PRAGMA synchronous = NORMAL") }
            return mode
        }
    }

    /// The number of pages after which a commit copies the write-ahead log back into the
    /// database (`PRAGMA wal_autocheckpoint`; SQLite's default is 1000, and 0 or less turns
    /// automatic checkpoints off). Reads 0 once the connection is closed; setting it ignores
    /// failure.
    ///
    /// ```swift
    /// db.walAutoCheckpoint = 10_000
    /// ```
    public var walAutoCheckpoint: Int {
        get { (try? scalar("PRAGMA wal_autocheckpoint") as? Int64).map { Int($0) } ?? 0 }
        set { try? execute("PRAGMA wal_autocheckpoint = \(newValue)") }
    }

    /// Copies the write-ahead log into the database (`sqlite3_wal_checkpoint_v2`).
    ///
    /// ```swift
    /// let result = try db.walCheckpoint(mode: .truncate)
    /// if result.busy { /* a reader or writer kept part of the log */ }
    /// ```
    ///
    /// - Parameters:
    ///   - mode: how hard to try. Default: `.passive`.
    ///   - schema: the attached database to checkpoint (`"main"`, ...); `nil` for all of them.
    /// - Returns: whether another connection kept the checkpoint from completing (`busy`,
    ///   which is not an error), the number of frames in the log, and the number copied into
    ///   the database; both -1 when the database is not in WAL mode.
    /// - Throws: ``Result`` for an unknown schema or another failure.
    public func walCheckpoint(
        mode: WALCheckpointMode = .passive, schema: String? = nil
    ) throws -> (busy: Bool, log: Int, checkpointed: Int) {
        try withOpenLock { () throws(Result) -> (busy: Bool, log: Int, checkpointed: Int) in
            var log: Int32 = -1
            var checkpointed: Int32 = -1
            let code = sqlite3_wal_checkpoint_v2(handle, schema, mode.code, &log, &checkpointed)
            if code != SQLITE_OK, code & 0xFF != SQLITE_BUSY { throw connection.error(code: code, statement: nil) }
            return (code & 0xFF == SQLITE_BUSY, Int(log), Int(checkpointed))
        }
    }
}

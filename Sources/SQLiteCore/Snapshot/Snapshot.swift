#if Snapshot
    /// A point in the history of a WAL database (`sqlite3_snapshot`): a read transaction on
    /// another connection can be opened on it, and see the database as it was then.
    ///
    /// ```swift
    /// let snapshot = try db.read { try db.snapshot() }     // inside a read transaction
    /// try writer.run("INSERT INTO t VALUES (2)")
    /// let count = try reader.read(from: snapshot) { try reader.scalar("SELECT count(*) FROM t") }
    /// ```
    ///
    /// Snapshots compare by age: an older one is less. Needs SQLite built with
    /// SQLITE_ENABLE_SNAPSHOT (trait `Snapshot`; under `SystemSQLite`, the system library's
    /// build decides, see `SQLiteFeature.snapshot`).
    public final class Snapshot: @unchecked Sendable, Comparable {
        // Unchecked: the pointer is never written after init; SQLite only reads the snapshot.
        let pointer: UnsafeMutablePointer<sqlite3_snapshot>
        private let free: SnapshotFunctions.Free

        init(pointer: UnsafeMutablePointer<sqlite3_snapshot>, free: @escaping SnapshotFunctions.Free) {
            self.pointer = pointer
            self.free = free
        }

        deinit { free(pointer) }

        /// Whether `lhs` is older than `rhs` (`sqlite3_snapshot_cmp`). Only snapshots of the same
        /// database file, taken since its WAL file was last deleted, compare meaningfully.
        public static func < (lhs: Snapshot, rhs: Snapshot) -> Bool {
            guard let functions = SnapshotFunctions.table else { return false }
            return functions.compare(lhs.pointer, rhs.pointer) < 0
        }

        /// Whether both stand for the same point in the history.
        public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
            guard let functions = SnapshotFunctions.table else { return lhs === rhs }
            return functions.compare(lhs.pointer, rhs.pointer) == 0
        }
    }

    extension Connection {
        /// The snapshot of database `schema` that the connection's open read transaction sees
        /// (`sqlite3_snapshot_get`).
        ///
        /// - Throws: ``Result`` `SQLITE_ERROR` when the database is not in WAL mode, when no read
        ///   transaction is open (start one and read something first), when a write transaction
        ///   is open, or when the SQLite library has no snapshots.
        public func snapshot(schema: String = "main") throws -> Snapshot {
            try withOpenLock { () throws(Result) -> Snapshot in
                let functions = try SnapshotFunctions.required()
                var pointer: UnsafeMutablePointer<sqlite3_snapshot>?
                let code = functions.get(handle, schema, &pointer)
                guard code == SQLITE_OK, let pointer else {
                    throw Result.error(
                        message:
                            "cannot take a snapshot of \(schema): it needs a WAL database and an open read transaction that has read it, and no write transaction (\(String(cString: sqlite3_errstr(code))))",
                        code: (code == SQLITE_OK ? SQLITE_NOMEM : code) & 0xFF, statement: nil)
                }
                return Snapshot(pointer: pointer, free: functions.free)
            }
        }

        /// Starts a read transaction on `snapshot` (`BEGIN`, then `sqlite3_snapshot_open`), runs
        /// `body`, and ends the transaction. Everything `body` reads of database `schema` is as it
        /// was when the snapshot was taken.
        ///
        /// ```swift
        /// let old = try reader.read(from: snapshot) { try reader.scalar("SELECT count(*) FROM t") }
        /// ```
        ///
        /// - Throws: ``Result`` `SQLITE_ERROR_SNAPSHOT` when the snapshot is no longer available
        ///   (a checkpoint overwrote it), `SQLITE_ERROR` when a transaction is already open, and
        ///   whatever `body` throws.
        public func read<T>(from snapshot: Snapshot, schema: String = "main", _ body: () throws -> T) throws -> T {
            try connection.lock.withLock { () throws -> T in
                try connection.checkOpen()
                let functions = try SnapshotFunctions.required()
                if sqlite3_get_autocommit(handle) == 0 {
                    throw Result.misuse(
                        "a snapshot opens in a new read transaction: end the open one first", code: SQLITE_ERROR)
                }
                try connection.check(sqlite3_exec(handle, "BEGIN", nil, nil, nil))
                defer { sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
                let code = functions.open(handle, schema, snapshot.pointer)
                if code != SQLITE_OK {
                    let extended = sqlite3_extended_errcode(handle)
                    throw Result(
                        message: "cannot open the snapshot: \(String(cString: sqlite3_errmsg(handle)))",
                        primaryCode: code & 0xFF, extendedCode: (extended & 0xFF) == (code & 0xFF) ? extended : code,
                        statement: nil, extended: connection.usesExtendedErrorCodes)
                }
                return try body()
            }
        }

        /// Makes the snapshots of database `schema` taken by other connections, before the
        /// database was last closed, available again if the WAL file still holds them
        /// (`sqlite3_snapshot_recover`).
        public func recoverSnapshots(schema: String = "main") throws {
            try withOpenLock { () throws(Result) in
                let functions = try SnapshotFunctions.required()
                try connection.check(functions.recover(handle, schema))
            }
        }
    }
#endif

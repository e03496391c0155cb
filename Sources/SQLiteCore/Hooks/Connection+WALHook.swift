extension Connection {
    /// Calls `hook` after each commit that added frames to a write-ahead log
    /// (`sqlite3_wal_hook`), with the schema name (`main`, or an attached database's) and the
    /// number of pages the log now holds. `nil` removes it.
    ///
    /// ```swift
    /// db.walHook { database, pages in
    ///     if pages > 10_000 { needsCheckpoint.set() }   // checkpoint later, elsewhere
    /// }
    /// ```
    ///
    /// The hook runs after the transaction committed, inside the statement that committed it,
    /// with the connection's lock held: it must not use the connection (run a checkpoint from
    /// elsewhere, or later). Throwing from it does not undo the commit, but that statement
    /// then throws `SQLITE_ERROR` (SQLite's step reports any failure of the hook so) with the
    /// message "the WAL hook failed after the commit: " and the thrown error's message.
    ///
    /// SQLite's automatic checkpoints (``walAutoCheckpoint``, `PRAGMA wal_autocheckpoint`) are
    /// made by a WAL hook of SQLite's own, in the same slot: setting a hook turns them off
    /// (``walAutoCheckpoint`` reads 0), and setting ``walAutoCheckpoint`` afterwards replaces
    /// the hook. Removing the hook turns automatic checkpoints back on at SQLite's default of
    /// 1000 pages, as a new connection has them; set ``walAutoCheckpoint`` afterwards for
    /// another value.
    @preconcurrency
    public func walHook(_ hook: (@Sendable (_ database: String, _ pages: Int) throws -> Void)?) {
        withOpenHandle { $0.setWALHook(hook) }
    }
}

extension ConnectionHandle {
    /// SQLite's default automatic checkpoint, in pages (`SQLITE_DEFAULT_WAL_AUTOCHECKPOINT`).
    static let defaultAutoCheckpointPages: Int32 = 1000

    /// Registers the user's WAL hook, or, when `hook` is nil and one was set, restores
    /// SQLite's default automatic checkpoints. Call with `lock` held and the database open.
    func setWALHook(_ hook: (@Sendable (String, Int) throws -> Void)?) {
        let had = hooks.wal != nil
        hooks.wal = hook
        guard hook != nil else {
            if had { sqlite3_wal_autocheckpoint(pointer, Self.defaultAutoCheckpointPages) }
            return
        }
        sqlite3_wal_hook(
            pointer,
            { context, _, database, pages in
                guard let context else { return SQLITE_OK }
                let hooks = ConnectionHandle.from(context).hooks
                guard let wal = hooks.wal else { return SQLITE_OK }
                do {
                    try wal(database.map { String(cString: $0) } ?? "", Int(pages))
                    return SQLITE_OK
                } catch {
                    hooks.walFailure = "the WAL hook failed after the commit: \(FunctionValues.message(for: error))"
                    // What `sqlite3_reset` returns; the step itself reports SQLITE_ERROR.
                    if let error = error as? Result, error.code != SQLITE_OK { return error.extendedCode }
                    return SQLITE_ERROR
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// What ``DatabaseQueue`` and ``DatabasePool`` do to the connections they own around each
/// access: lend and park them, open and end read snapshots, and learn which tables a fetch
/// reads.
extension Connection {
    /// Makes the connection usable by the closure it is about to be passed to, on the calling
    /// thread, which runs the access (see `ConnectionHandle.lend()`).
    func lend() {
        connection.lock.withLock { connection.lend() }
    }

    /// Makes every use of the connection throw until it is lent again.
    func park() {
        connection.lock.withLock { connection.park() }
    }

    /// Runs `sql` (one statement without parameters or rows) through the statement cache.
    func runCached(_ sql: String) throws {
        try withLockedCachedStatement(sql) { statement in
            sqlite3_reset(statement.handle)
            try statement.runLocked()
        }
    }

    /// The integer a pragma without arguments returns (`schema_version`, `data_version`),
    /// through the statement cache.
    func cachedPragma(_ name: String) throws -> Int64 {
        try withLockedCachedStatement("PRAGMA \(name)") { statement in
            sqlite3_reset(statement.handle)
            let code = sqlite3_step(statement.handle)
            guard code == SQLITE_ROW else {
                throw connection.error(code: code == SQLITE_DONE ? SQLITE_MISUSE : code, statement: statement)
            }
            return sqlite3_column_int64(statement.handle, 0)
        }
    }

    /// Resets every statement of the connection that is part way through its rows, so that
    /// none keeps a read transaction (an old snapshot) or an interruption alive into the next
    /// access. Statements held by the caller start again from their first row.
    func resetBusyStatements() {
        connection.lock.withLock {
            guard !connection.isClosed else { return }
            var statement = sqlite3_next_stmt(handle, nil)
            while let current = statement {
                if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
                statement = sqlite3_next_stmt(handle, current)
            }
        }
    }

    /// Whether the connection has a transaction open, read or write, including the read
    /// transaction a statement left part way through its rows keeps open in autocommit mode.
    var hasOpenTransaction: Bool {
        connection.lock.withLock {
            !connection.isClosed && GatedCalls.transactionState(handle, schema: nil) != SQLITE_TXN_NONE
        }
    }

    /// The tables (lowercased names) that `sql` reads, learned from the authorizer while the
    /// SQL is prepared once more, on the side; empty when it cannot be prepared. The user's
    /// authorizer is not asked then, and is in place again afterwards (see `HookSet`).
    func tablesRead(by sql: String) -> Set<String> {
        connection.lock.withLock {
            guard !connection.isClosed else { return [] }
            return connection.collectingTablesRead {
                var statement: OpaquePointer?
                sql.withCString { text in _ = sqlite3_prepare_v3(handle, text, -1, 0, &statement, nil) }
                sqlite3_finalize(statement)
            }
        }
    }
}

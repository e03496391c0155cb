/// What the SQLite functions newer than 3.28 (the SQLite of the Apple floor: iOS 13, macOS
/// 10.15) answer, computed with functions 3.28 has. A `SystemSQLite` build runs them when the
/// loaded library lacks the newer function (``GatedCalls``); every build compiles them, so the
/// tests compare them with the direct calls.
package enum FloorFallbacks {
    /// `sqlite3_changes64` before 3.37: `sqlite3_changes`. A library without the 64-bit call
    /// keeps the count in a C `int`, so the 32-bit value is all it has (the same number).
    package static func changes(_ db: OpaquePointer) -> Int64 { Int64(sqlite3_changes(db)) }

    /// `sqlite3_total_changes64` before 3.37: `sqlite3_total_changes`, for the same reason.
    package static func totalChanges(_ db: OpaquePointer) -> Int64 { Int64(sqlite3_total_changes(db)) }

    /// `sqlite3_txn_state` before 3.34 (`SQLITE_TXN_NONE`, `_READ`, `_WRITE`, or -1 for a
    /// schema the connection does not have), from what 3.28 shows: `sqlite3_get_autocommit`
    /// and the statements in progress. In autocommit mode the answer is exact: a statement
    /// part way through its rows holds a read transaction, a writing one a write transaction.
    /// Inside `BEGIN` ... `COMMIT` the library shows no lock state, so the answer is
    /// `SQLITE_TXN_WRITE` (the most a transaction may hold): callers that ask "is a transaction
    /// open" or "may a write be pending" get the safe answer; a deferred transaction that has
    /// not read or written yet reads as write where 3.34 says none.
    package static func transactionState(_ db: OpaquePointer, schema: String?) -> Int32 {
        if let schema, !schemaNames(db).contains(where: { sqlite3_stricmp($0, schema) == 0 }) { return -1 }
        if sqlite3_get_autocommit(db) == 0 { return SQLITE_TXN_WRITE }
        var state = SQLITE_TXN_NONE
        var statement = sqlite3_next_stmt(db, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 {
                state = max(state, sqlite3_stmt_readonly(current) != 0 ? SQLITE_TXN_READ : SQLITE_TXN_WRITE)
            }
            statement = sqlite3_next_stmt(db, current)
        }
        return state
    }

    /// The names `sqlite3_db_name` (3.39) gives for indexes 0, 1, 2...: `PRAGMA database_list`,
    /// which leaves `temp` out until it is used, where `sqlite3_db_name` always has it second.
    /// Empty when the pragma cannot run (the connection is busy in an unusual way).
    package static func schemaNames(_ db: OpaquePointer) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "PRAGMA database_list", -1, &statement, nil) == SQLITE_OK, let statement else {
            return []
        }
        defer { sqlite3_finalize(statement) }
        var names: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            if let name = sqlite3_column_text(statement, 1) { names.append(String(cString: name)) }
        }
        if names.count >= 1, !names.contains(where: { sqlite3_stricmp($0, "temp") == 0 }) {
            names.insert("temp", at: 1)
        }
        return names
    }
}

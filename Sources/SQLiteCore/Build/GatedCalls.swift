/// The one place every tier calls the SQLite functions newer than 3.28, the SQLite of the
/// Apple floor (iOS 13, macOS 10.15, tvOS 13, watchOS 6), that have a fallback.
///
/// The vendored and SQLCipher builds call the functions directly (their SQLite is 3.50 or
/// later). A `SystemSQLite` build never names them in a call: the SDK's `sqlite3.h` marks them
/// with the OS versions that have them, which an app at the floor may not call. It looks each
/// one up in the loaded library once (``NewerCFunctions``) and runs ``FloorFallbacks`` when the
/// library is older. `scripts/check-availability` fails on a direct call anywhere else.
package enum GatedCalls {
    /// The rows changed by the connection's last INSERT, UPDATE or DELETE
    /// (`sqlite3_changes64`, 3.37).
    package static func changes(_ db: OpaquePointer) -> Int64 {
        #if SystemSQLite
            if let changes64 = NewerCFunctions.changes64 { return changes64(db) }
            return FloorFallbacks.changes(db)
        #else
            return sqlite3_changes64(db)
        #endif
    }

    /// The rows changed since the connection opened (`sqlite3_total_changes64`, 3.37).
    package static func totalChanges(_ db: OpaquePointer) -> Int64 {
        #if SystemSQLite
            if let totalChanges64 = NewerCFunctions.totalChanges64 { return totalChanges64(db) }
            return FloorFallbacks.totalChanges(db)
        #else
            return sqlite3_total_changes64(db)
        #endif
    }

    /// `SQLITE_TXN_NONE`, `_READ` or `_WRITE` for database `schema` (`nil`: the most advanced
    /// over all of them), or -1 for a schema the connection does not have (`sqlite3_txn_state`,
    /// 3.34; the fallback's limits are ``FloorFallbacks/transactionState(_:schema:)``'s).
    package static func transactionState(_ db: OpaquePointer, schema: String?) -> Int32 {
        #if SystemSQLite
            if let txnState = NewerCFunctions.txnState { return txnState(db, schema) }
            return FloorFallbacks.transactionState(db, schema: schema)
        #else
            return sqlite3_txn_state(db, schema)
        #endif
    }

    /// The names of the connection's databases: `main`, `temp`, then the attached ones
    /// (`sqlite3_db_name`, 3.39).
    package static func schemaNames(_ db: OpaquePointer) -> [String] {
        #if SystemSQLite
            guard let dbName = NewerCFunctions.dbName else { return FloorFallbacks.schemaNames(db) }
        #else
            let dbName = sqlite3_db_name
        #endif
        var names: [String] = []
        while let name = dbName(db, Int32(names.count)) { names.append(String(cString: name)) }
        return names
    }
}

extension Connection {
    /// The transaction open on one database of the connection, or the most advanced one over
    /// all of them (`sqlite3_txn_state`).
    ///
    /// ```swift
    /// try db.execute("BEGIN")
    /// try db.transactionState()                 // .none: BEGIN is deferred
    /// _ = try db.scalar("SELECT count(*) FROM users")
    /// try db.transactionState()                 // .read
    /// try db.execute("DELETE FROM users WHERE 0")
    /// try db.transactionState(schema: "main")   // .write
    /// ```
    ///
    /// A statement stepped part way through its rows keeps a read transaction open even in
    /// autocommit mode, which ``autocommit`` does not show and this does.
    ///
    /// - Parameter schema: `"main"`, `"temp"` or an attached database's name; `nil` for the
    ///   most advanced state over every database.
    /// - Throws: ``Result`` (`SQLITE_ERROR`) for an unknown schema, or once the connection is
    ///   closed.
    public func transactionState(schema: String? = nil) throws -> TransactionState {
        try withOpenLock { () throws(Result) -> TransactionState in
            guard let state = TransactionState(rawValue: GatedCalls.transactionState(handle, schema: schema)) else {
                throw Result.misuse("no such database: \(schema ?? "")", code: SQLITE_ERROR)
            }
            return state
        }
    }
}

import SQLiteCore

extension Connection {
    /// Runs `body` in a transaction of its own, or in the savepoint `savepoint` when the
    /// connection is in a transaction already (`body` is told which: `true` for a savepoint),
    /// committing when it returns and rolling back when it or the commit throws.
    ///
    /// For a transaction of its own, foreign key enforcement is turned off first when it was on
    /// (SQLite cannot change it inside a transaction), and back on afterwards.
    func schemaTransaction(savepoint: String, _ body: (_ nested: Bool) throws -> Void) throws {
        let nested = isInTransaction
        let suspend = foreignKeys && !nested
        if suspend { try execute("PRAGMA foreign_keys = OFF") }
        do {
            try execute(nested ? "SAVEPOINT \(savepoint)" : "BEGIN IMMEDIATE TRANSACTION")
            do {
                try body(nested)
                try execute(nested ? "RELEASE SAVEPOINT \(savepoint)" : "COMMIT TRANSACTION")
            } catch {
                if nested {
                    try? execute("ROLLBACK TO SAVEPOINT \(savepoint)")
                    try? execute("RELEASE SAVEPOINT \(savepoint)")
                } else if isInTransaction {
                    try? execute("ROLLBACK TRANSACTION")
                }
                throw error
            }
        } catch {
            if suspend { try? execute("PRAGMA foreign_keys = ON") }
            throw error
        }
        if suspend { try execute("PRAGMA foreign_keys = ON") }
    }
}

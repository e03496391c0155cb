extension Connection {
    /// The kind of change reported to an ``updateHook(_:)``.
    public enum Operation: Sendable, Hashable {
        /// A row was inserted.
        case insert
        /// A row was updated.
        case update
        /// A row was deleted.
        case delete

        init?(code: Int32) {
            switch code {
            case SQLITE_INSERT: self = .insert
            case SQLITE_UPDATE: self = .update
            case SQLITE_DELETE: self = .delete
            default: return nil
            }
        }
    }

    /// Calls `callback` for every row inserted, updated or deleted in a rowid table through
    /// this connection, with the operation, the database name, the table name and the rowid.
    /// `nil` removes the hook.
    ///
    /// ```swift
    /// db.updateHook { operation, database, table, rowid in
    ///     print(operation, table, rowid)   // insert users 1
    /// }
    /// ```
    ///
    /// The callback runs inside the statement: it must not use the connection.
    @preconcurrency
    public func updateHook(
        _ callback: (@Sendable (_ operation: Operation, _ db: String, _ table: String, _ rowid: Int64) -> Void)?
    ) {
        setHook { $0.update = callback }
    }

    /// Calls `callback` before each commit; throwing from it turns the commit into a rollback
    /// (the COMMIT fails with `SQLITE_CONSTRAINT_COMMITHOOK`). `nil` removes the hook.
    ///
    /// ```swift
    /// db.commitHook { if isFrozen { throw FrozenError() } }
    /// ```
    @preconcurrency
    public func commitHook(_ callback: (@Sendable () throws -> Void)?) {
        setHook { $0.commit = callback }
    }

    /// Calls `callback` after each rollback, explicit or implicit (an error, or a throwing
    /// ``commitHook(_:)``), but not when closing the connection rolls back. `nil` removes the hook.
    @preconcurrency
    public func rollbackHook(_ callback: (@Sendable () -> Void)?) {
        setHook { $0.rollback = callback }
    }

    /// Changes one of the user's hooks and registers the C hooks accordingly.
    func setHook(_ change: (HookSet) -> Void) {
        withOpenHandle { handle in
            change(handle.hooks)
            handle.refreshHooks()
        }
    }
}

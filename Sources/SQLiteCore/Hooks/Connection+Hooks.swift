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
        typealias Function = @Sendable (Operation, String, String, Int64) -> Void
        connection.lock.withLock {
            // A closed connection has no hooks to change: every later use throws anyway.
            if connection.isClosed { return }
            guard let callback else {
                sqlite3_update_hook(handle, nil, nil)
                callbacks.set("update", nil)
                return
            }
            let box = CallbackBox<Function>(callback)
            sqlite3_update_hook(
                handle,
                { context, code, database, table, rowid in
                    guard let context, let operation = Operation(code: code) else { return }
                    CallbackBox<Function>.from(context).function(
                        operation, database.map { String(cString: $0) } ?? "",
                        table.map { String(cString: $0) } ?? "", rowid)
                }, box.unretainedPointer)
            callbacks.set("update", box)
        }
    }

    /// Calls `callback` before each commit; throwing from it turns the commit into a rollback
    /// (the COMMIT fails with `SQLITE_CONSTRAINT_COMMITHOOK`). `nil` removes the hook.
    ///
    /// ```swift
    /// db.commitHook { if isFrozen { throw FrozenError() } }
    /// ```
    @preconcurrency
    public func commitHook(_ callback: (@Sendable () throws -> Void)?) {
        typealias Function = @Sendable () throws -> Void
        connection.lock.withLock {
            // A closed connection has no hooks to change: every later use throws anyway.
            if connection.isClosed { return }
            guard let callback else {
                sqlite3_commit_hook(handle, nil, nil)
                callbacks.set("commit", nil)
                return
            }
            let box = CallbackBox<Function>(callback)
            sqlite3_commit_hook(
                handle,
                { context in
                    guard let context else { return 0 }
                    do {
                        try CallbackBox<Function>.from(context).function()
                        return 0
                    } catch {
                        return 1
                    }
                }, box.unretainedPointer)
            callbacks.set("commit", box)
        }
    }

    /// Calls `callback` after each rollback, explicit or implicit (an error, or a throwing
    /// ``commitHook(_:)``), but not when closing the connection rolls back. `nil` removes the hook.
    @preconcurrency
    public func rollbackHook(_ callback: (@Sendable () -> Void)?) {
        typealias Function = @Sendable () -> Void
        connection.lock.withLock {
            // A closed connection has no hooks to change: every later use throws anyway.
            if connection.isClosed { return }
            guard let callback else {
                sqlite3_rollback_hook(handle, nil, nil)
                callbacks.set("rollback", nil)
                return
            }
            let box = CallbackBox<Function>(callback)
            sqlite3_rollback_hook(
                handle,
                { context in
                    guard let context else { return }
                    CallbackBox<Function>.from(context).function()
                }, box.unretainedPointer)
            callbacks.set("rollback", box)
        }
    }
}

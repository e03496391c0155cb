/// The closures behind a connection's update, commit and rollback hooks and its trace, with
/// the package's own ``ConnectionObserver``: SQLite has one slot for each hook, and both the
/// user's closure and the concurrency tier's change tracking must be called from it. The trace
/// slot also serves the connection's logging (``LogConfiguration``), which times statements
/// through `SQLITE_TRACE_PROFILE` while it logs warnings or more.
///
/// Each C hook is registered with the ``ConnectionHandle`` as context while either side wants
/// it, and unregistered when neither does. Read and written with the connection's lock held:
/// SQLite calls the hooks from inside calls made under that lock.
final class HookSet {
    typealias UpdateHook = @Sendable (Connection.Operation, String, String, Int64) -> Void
    typealias CommitHook = @Sendable () throws -> Void
    typealias RollbackHook = @Sendable () -> Void
    typealias TraceHook = @Sendable (String) -> Void

    var update: UpdateHook?
    var commit: CommitHook?
    var rollback: RollbackHook?
    var trace: TraceHook?
    var observer: (any ConnectionObserver)?
}

/// What the concurrency tier watches on a connection beside the user's own hooks: row changes
/// and transaction ends on a writer, statements run by an observed fetch on a reader. Called
/// from inside SQLite, with the connection's lock held: it must not use the connection.
package protocol ConnectionObserver: AnyObject {
    /// A row of `table` (a rowid table) was inserted, updated or deleted.
    func rowChanged(table: UnsafePointer<CChar>)
    /// A transaction is about to commit (the user's commit hook did not veto it).
    func willCommit()
    /// A transaction rolled back.
    func didRollback()
    /// `statement` started running.
    func statementStarted(_ statement: OpaquePointer)
}

extension ConnectionHandle {
    /// Registers or unregisters each C hook according to who wants it: the user, the observer,
    /// and, for the trace, logging. Call with `lock` held and the database open.
    func refreshHooks() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let watching = hooks.observer != nil
        if hooks.update != nil || watching {
            sqlite3_update_hook(
                pointer,
                { context, code, database, table, rowid in
                    guard let context else { return }
                    let hooks = ConnectionHandle.from(context).hooks
                    if let table { hooks.observer?.rowChanged(table: table) }
                    guard let update = hooks.update, let operation = Connection.Operation(code: code) else { return }
                    update(
                        operation, database.map { String(cString: $0) } ?? "", table.map { String(cString: $0) } ?? "",
                        rowid)
                }, context)
        } else {
            sqlite3_update_hook(pointer, nil, nil)
        }
        if hooks.commit != nil || watching {
            sqlite3_commit_hook(
                pointer,
                { context in
                    guard let context else { return 0 }
                    let hooks = ConnectionHandle.from(context).hooks
                    if let commit = hooks.commit {
                        do { try commit() } catch { return 1 }
                    }
                    hooks.observer?.willCommit()
                    return 0
                }, context)
        } else {
            sqlite3_commit_hook(pointer, nil, nil)
        }
        if hooks.rollback != nil || watching {
            sqlite3_rollback_hook(
                pointer,
                { context in
                    guard let context else { return }
                    let hooks = ConnectionHandle.from(context).hooks
                    hooks.rollback?()
                    hooks.observer?.didRollback()
                }, context)
        } else {
            sqlite3_rollback_hook(pointer, nil, nil)
        }
        // One trace callback for two events: the start of each statement, for the user's trace
        // and the observer, and its end with its duration, for logging.
        var mask: UInt32 = 0
        if hooks.trace != nil || watching { mask |= UInt32(SQLITE_TRACE_STMT) }
        if profilesStatements { mask |= UInt32(SQLITE_TRACE_PROFILE) }
        if mask != 0 {
            sqlite3_trace_v2(
                pointer, mask,
                { event, context, statement, detail in
                    guard let context, let statement else { return 0 }
                    let handle = ConnectionHandle.from(context)
                    if event == UInt32(SQLITE_TRACE_PROFILE) {
                        let nanoseconds = detail?.load(as: Int64.self) ?? 0
                        handle.statementProfiled(OpaquePointer(statement), nanoseconds: nanoseconds)
                        return 0
                    }
                    let hooks = handle.hooks
                    hooks.observer?.statementStarted(OpaquePointer(statement))
                    guard let trace = hooks.trace else { return 0 }
                    if let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                        trace(String(cString: expanded))
                        sqlite3_free(expanded)
                    } else if let detail {
                        trace(String(cString: detail.assumingMemoryBound(to: CChar.self)))
                    }
                    return 0
                }, context)
        } else {
            sqlite3_trace_v2(pointer, 0, nil, nil)
        }
    }

    /// Unregisters every hook, for closing: SQLite may still run parts of the connection
    /// after this object is gone.
    func removeHooks() {
        sqlite3_update_hook(pointer, nil, nil)
        sqlite3_commit_hook(pointer, nil, nil)
        sqlite3_rollback_hook(pointer, nil, nil)
        sqlite3_trace_v2(pointer, 0, nil, nil)
        hooks = HookSet()
    }

    /// Sets the package observer (nil removes it). Call with `lock` held.
    package func setObserver(_ observer: (any ConnectionObserver)?) {
        if isClosed { return }
        hooks.observer = observer
        refreshHooks()
    }

    /// The handle behind a context pointer made by ``refreshHooks()``.
    static func from(_ pointer: UnsafeMutableRawPointer) -> ConnectionHandle {
        Unmanaged<ConnectionHandle>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// The closures behind a connection's hooks, the user's and the package's own: SQLite has one
/// slot for each hook, and every party that needs it must be called from that one slot.
///
/// - Update, commit and rollback hooks: the user's closures and the concurrency tier's change
///   tracking (``ConnectionObserver``).
/// - Trace: the user's SQLite.swift-style ``Connection/trace(_:)``, the user's
///   ``Connection/trace(_:_:)`` events, the observer's statement recording, and the
///   connection's logging (``LogConfiguration``), which times statements through
///   `SQLITE_TRACE_PROFILE` while it logs warnings or more.
/// - Progress handler: the user's ``Connection/progressHandler(every:_:)`` and the check a
///   ``DatabaseQueue`` or ``DatabasePool`` makes that the running access was not cancelled.
/// - Authorizer: the user's ``Connection/authorizer(_:)`` and the concurrency tier's learning
///   of the tables an observed fetch reads (``Connection/tablesRead(by:)``).
/// - WAL hook: the user's ``Connection/walHook(_:)`` alone, but SQLite's automatic checkpoints
///   use the same slot.
///
/// Each C hook is registered with the ``ConnectionHandle`` as context while any side wants it,
/// and unregistered when none does. Read and written with the connection's lock held: SQLite
/// calls the hooks from inside calls made under that lock.
final class HookSet {
    var update: (@Sendable (Connection.Operation, String, String, Int64) -> Void)?
    var commit: (@Sendable () throws -> Void)?
    var rollback: (@Sendable () -> Void)?
    var trace: (@Sendable (String) -> Void)?
    var observer: (any ConnectionObserver)?

    /// The user's trace events and the closure receiving them.
    var traceEvents: TraceEvents = []
    var traceEventHook: (@Sendable (TraceEvent) -> Void)?

    /// The user's progress handler and the number of VM instructions it asked for.
    var progress: (@Sendable () -> Bool)?
    var progressInterval = 0
    /// The package's check that the running access of a queue or pool was not cancelled.
    var interruptCheck: (@Sendable () -> Bool)?
    /// How often SQLite calls the one C progress handler, in callbacks, and how many callbacks
    /// stand for the user's interval and for the interruption check's (see
    /// ``ConnectionHandle/refreshProgressHandler()``).
    var progressCalls: UInt = 0
    var progressStride: UInt = 1
    var interruptCheckStride: UInt = 1

    /// The user's authorizer.
    var authorizer: (@Sendable (AuthorizerRequest) throws -> AuthorizerResult)?
    /// Set while the package prepares an observed fetch's SQL on the side: the tables the
    /// authorizer sees read (lowercased), instead of asking the user's authorizer.
    var collectedReads: Set<String>?
    /// Whether the C authorizer is registered.
    var authorizerIsRegistered = false
    /// Why the user's authorizer last denied an action, for the preparation error's message.
    var denial: String?

    /// The user's WAL hook.
    var wal: (@Sendable (String, Int) throws -> Void)?
    /// The message of the error the WAL hook last threw, for the committing statement's error.
    var walFailure: String?

    /// How often the package checks a queue's or pool's connection for cancellation, in VM
    /// instructions: `sqlite3_interrupt` only stops the statements running when it is called.
    static let interruptCheckInterval = 500

    /// Hands `event` to the user's trace events when they include `kind`.
    func report(_ kind: TraceEvents, _ event: @autoclosure () -> TraceEvent) {
        if let traceEventHook, traceEvents.contains(kind) { traceEventHook(event()) }
    }
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
    /// Registers or unregisters the update, commit, rollback and trace hooks according to who
    /// wants them: the user, the observer, and, for the trace, logging. Call with `lock` held
    /// and the database open. (The progress handler, authorizer and WAL hook have their own
    /// refresh: registering them has effects beyond the callback.)
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
        refreshTrace(context: context, watching: watching)
    }

    /// One trace callback for every event anyone wants: the start of each statement, for the
    /// user's trace and events and the observer; its end with its duration, for logging and
    /// the user's events; each row, for the user's events. (`.close` is reported by
    /// ``removeHooks()``: by the time SQLite would, the package has unregistered its hooks.)
    private func refreshTrace(context: UnsafeMutableRawPointer, watching: Bool) {
        let events = hooks.traceEventHook == nil ? [] : hooks.traceEvents
        var mask: UInt32 = 0
        if hooks.trace != nil || watching || events.contains(.statement) { mask |= UInt32(SQLITE_TRACE_STMT) }
        if logsWarnings || events.contains(.profile) { mask |= UInt32(SQLITE_TRACE_PROFILE) }
        if events.contains(.row) { mask |= UInt32(SQLITE_TRACE_ROW) }
        guard mask != 0 else {
            sqlite3_trace_v2(pointer, 0, nil, nil)
            return
        }
        sqlite3_trace_v2(
            pointer, mask,
            { event, context, statement, detail in
                guard let context, let statement = statement.map(OpaquePointer.init) else { return 0 }
                let handle = ConnectionHandle.from(context)
                let hooks = handle.hooks
                switch Int32(bitPattern: event) {
                case SQLITE_TRACE_STMT:
                    hooks.observer?.statementStarted(statement)
                    if let trace = hooks.trace,
                        let text = TraceEvent.expandedSQL(of: statement)
                            ?? detail.map({ String(cString: $0.assumingMemoryBound(to: CChar.self)) })
                    {
                        trace(text)
                    }
                    hooks.report(.statement, TraceEvent.started(statement, detail: detail))
                case SQLITE_TRACE_PROFILE:
                    let nanoseconds = detail?.load(as: Int64.self) ?? 0
                    handle.statementProfiled(statement, nanoseconds: nanoseconds)
                    let duration = Double(nanoseconds) / 1e9
                    hooks.report(.profile, .profile(sql: TraceEvent.sql(of: statement), duration: duration))
                case SQLITE_TRACE_ROW:
                    hooks.report(.row, .row(sql: TraceEvent.sql(of: statement)))
                default:
                    break
                }
                return 0
            }, context)
    }

    /// Unregisters every hook and the busy handler (the package's has this object as context
    /// too), for closing: SQLite may still run parts of the connection after this object is
    /// gone. Reports `.close` to the user's trace events first, and deletes the sessions last
    /// (a session must not outlive its connection).
    func removeHooks() {
        hooks.report(.close, .close)
        sqlite3_busy_handler(pointer, nil, nil)
        sqlite3_update_hook(pointer, nil, nil)
        sqlite3_commit_hook(pointer, nil, nil)
        sqlite3_rollback_hook(pointer, nil, nil)
        sqlite3_trace_v2(pointer, 0, nil, nil)
        sqlite3_progress_handler(pointer, 0, nil, nil)
        if hooks.authorizerIsRegistered { sqlite3_set_authorizer(pointer, nil, nil) }
        if hooks.wal != nil { sqlite3_wal_hook(pointer, nil, nil) }
        hooks = HookSet()
        #if Session && !(SystemSQLite && canImport(Darwin))
            sessions.closeAll(pointer)
        #endif
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

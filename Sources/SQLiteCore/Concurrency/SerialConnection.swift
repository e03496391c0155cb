import Dispatch

/// One connection of a ``DatabaseQueue`` or ``DatabasePool`` and the serial dispatch queue that
/// runs every access to it, off Swift's cooperative thread pool.
///
/// The connection opens on the queue at the first access. Each access lends it to the thread
/// running the access, and parks it again at the end: used anywhere else, before, during or
/// after another access (a connection or statement that escaped its closure, or one handed to
/// another thread), it throws `SQLITE_MISUSE` instead of running inside another caller's
/// access. Cancelling an awaiting task interrupts the connection only while that task's own
/// access runs.
final class SerialConnection: @unchecked Sendable {
    /// Runs the accesses, one at a time.
    let queue: DispatchQueue

    /// Opens and prepares the connection (`Configuration.prepareDatabase` included).
    private let open: @Sendable () throws -> Connection

    /// Watches the connection for the observations of its database (see ``ConnectionWatcher``).
    let watcher = ConnectionWatcher()

    /// Guards ``connection``'s assignment, ``current`` and ``isClosed``.
    private let lock = PlainLock()

    /// The connection, once opened. Assigned on ``queue`` with ``lock`` held.
    private var connection: Connection?

    /// The ticket of the access running now, for cancellation.
    private var current: AccessTicket?

    /// Whether ``close()`` ran: accesses after it throw.
    private var isClosed = false

    /// The suspension of the queue or pool this connection belongs to.
    private let suspension: Suspension

    /// Marks the queues of one database, so that a synchronous access from inside another
    /// access of the same database (which would deadlock) throws instead.
    static let databaseKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Marks each queue with its own ``SerialConnection``, for ``connectionOfCurrentAccess``.
    private static let serialKey = DispatchSpecificKey<ObjectIdentifier>()

    init(label: String, suspension: Suspension, open: @escaping @Sendable () throws -> Connection) {
        queue = DispatchQueue(label: label)
        self.suspension = suspension
        self.open = open
        queue.setSpecific(key: Self.serialKey, value: ObjectIdentifier(self))
    }

    /// The connection lent to the access the calling thread is running on this queue, or nil
    /// when the calling thread is not inside one of this queue's accesses.
    var connectionOfCurrentAccess: Connection? {
        guard DispatchQueue.getSpecific(key: Self.serialKey) == ObjectIdentifier(self) else { return nil }
        return lock.withLock { current == nil ? nil : connection }
    }

    /// Marks the queue as one of `database`'s, for ``DatabaseKey/checkNotInAccess(_:)``.
    func belong(to database: AnyObject) {
        queue.setSpecific(key: Self.databaseKey, value: ObjectIdentifier(database))
    }

    /// Runs `body` on the queue and awaits its value. Cancelling the awaiting task before the
    /// access starts skips `body` (throwing `CancellationError`); during the access it
    /// interrupts the connection, and `body` sees the ticket cancelled.
    func perform<T: Sendable>(_ body: @escaping @Sendable (Connection, AccessTicket) throws -> T) async throws -> T {
        let ticket = AccessTicket()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                queue.async { continuation.resume(with: self.run(ticket, body)) }
            }
        } onCancel: {
            self.cancel(ticket)
        }
    }

    /// Runs `body` on the queue, blocking the calling thread until it is done.
    func performSync<T>(_ body: (Connection, AccessTicket) throws -> T) throws -> T {
        try queue.sync { try run(AccessTicket(), body).get() }
    }

    /// Runs `body` as one access, the connection lent to the calling thread. Call on ``queue``.
    func run<T>(_ ticket: AccessTicket, _ body: (Connection, AccessTicket) throws -> T) -> Swift.Result<T, any Error> {
        let refusal: (any Error)? = lock.withLock {
            if isClosed { return Result.accessAfterClose }
            if ticket.isCancelled { return CancellationError() }
            if suspension.isSuspended { return Result.suspended }
            current = ticket
            return nil
        }
        if let refusal { return .failure(refusal) }
        let db: Connection
        do {
            db = try openedConnection()
            // Cancelled while the connection opened: there was nothing to interrupt yet.
            if ticket.isCancelled { throw CancellationError() }
        } catch {
            endAccess()
            return .failure(error)
        }
        db.lend()
        defer {
            // No statement part way through its rows (an old snapshot, a pending interruption)
            // and no transaction outlives an access: the next one starts clean.
            if ticket.isCancelled || suspension.isSuspended || db.hasOpenTransaction {
                db.resetBusyStatements()
                if !db.autocommit { try? db.execute("ROLLBACK TRANSACTION") }
            }
            db.park()
            endAccess()
        }
        do {
            return .success(try body(db, ticket))
        } catch {
            return .failure(ticket.isCancelled ? CancellationError() : error)
        }
    }

    /// The connection, opened on first use. Call on ``queue``.
    private func openedConnection() throws -> Connection {
        if let connection { return connection }
        let opened = try open()
        // `sqlite3_interrupt` stops the statements running when it is called; one called
        // between two statements of an access is forgotten when the next starts. SQLite's
        // progress handler asks again every few hundred instructions whether this access was
        // cancelled, so that no long statement of a cancelled access runs to its end, or the
        // queue or pool suspended (a statement started after `suspend()` is stopped too). It
        // shares the slot with the user's progress handler (see `HookSet`).
        opened.withLock {
            opened.connection.setInterruptCheck { [weak self] in
                guard let self else { return false }
                return self.isCancelled || self.suspension.isSuspended
            }
        }
        lock.withLock { connection = opened }
        return opened
    }

    /// Whether the access running now was cancelled: asked by the progress handler.
    private var isCancelled: Bool { lock.withLock { current?.isCancelled ?? false } }

    deinit {
        // The connection may outlive this object: stop asking about its accesses.
        connection.map { db in db.withLock { db.connection.setInterruptCheck(nil) } }
    }

    private func endAccess() {
        lock.withLock { current = nil }
    }

    /// Interrupts the connection if an access is running (``Suspension``).
    func interruptRunningAccess() {
        lock.withLock {
            if current != nil { connection?.interrupt() }
        }
    }

    /// Marks `ticket` cancelled and interrupts the connection if its access is running.
    func cancel(_ ticket: AccessTicket) {
        lock.withLock {
            ticket.cancel()
            if current === ticket { connection?.interrupt() }
        }
    }

    /// Waits for the accesses queued so far, then closes the connection; later accesses
    /// throw ``Result/accessAfterClose``. Closing again does nothing.
    func close() throws {
        let connection = queue.sync {
            lock.withLock { () -> Connection? in
                if isClosed { return nil }
                isClosed = true
                return self.connection
            }
        }
        try connection?.withLock { () throws(Result) in try connection?.closeLocked() }
    }
}

/// The identity of one ``DatabaseQueue`` or ``DatabasePool``, set on its connections' queues.
final class DatabaseKey: Sendable {
    /// Throws when the calling thread runs an access of this database (any of its
    /// connections): a synchronous `call` from there would wait for itself.
    func checkNotInAccess(_ call: String) throws {
        if DispatchQueue.getSpecific(key: SerialConnection.databaseKey) == ObjectIdentifier(self) {
            throw Result.reentrantAccess(call)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open `sqlite3*` of a connection, its lock, and its error settings.
///
/// `Connection` and every `Statement` it prepared share one handle object. Statements keep the
/// handle (not the `Connection`) alive, so the connection's statement cache can hold statements
/// without a reference cycle, and the database closes when the last of them is gone:
/// `sqlite3_close_v2` waits for outstanding statements instead of failing with `SQLITE_BUSY`.
///
/// `Connection.close()` closes the database earlier, once no statement of the caller's is
/// left; a ``DatabaseQueue`` or ``DatabasePool`` closes its connections even when a statement
/// escaped an access. The `sqlite3*` then stays allocated (a "zombie" to SQLite) until the last
/// statement is finalized, so the statements' handles stay valid memory, but it must not be
/// used for anything else: every path that would use it checks ``isClosed`` first and throws
/// ``closedError()``.
@usableFromInline
final class ConnectionHandle: @unchecked Sendable {
    /// The raw connection. Valid for the whole life of this object.
    let pointer: OpaquePointer

    /// Serializes every call into SQLite made through this connection.
    @usableFromInline
    let lock = RecursiveLock()

    /// Whether thrown errors carry extended result codes (`Result.extendedError`).
    /// Read and written under `lock`.
    var usesExtendedErrorCodes = false

    /// The update, commit, rollback and trace closures, the user's and the package observer's.
    /// Under `lock`.
    var hooks = HookSet()

    /// The busy timeout last set, in seconds (SQLite has no getter for it). Under `lock`.
    var busyTimeout: Double = 0

    /// The user's busy handler, nil when there is none. Under `lock`.
    var busyCallback: (@Sendable (Int) -> Bool)?

    /// The VFS of the main database, whose clock the busy timeout sleeps on when it is
    /// reproduced for logging (see ``refreshBusyHandler()``). Under `lock`.
    var busyVFS: UnsafeMutablePointer<sqlite3_vfs>?

    /// What the connection logs, and where. Under `lock`.
    var logging = LogConfiguration.off

    /// The connection's name in log entries. Under `lock`.
    var label: String?

    /// Set while a statement binding a secret (an encryption key) runs: log entries then carry
    /// no bound values, whatever ``logging`` says. Under `lock`.
    var redactsSecrets = false

    /// The path of the main database file, read once at opening (empty in memory).
    let path: String

    /// The SQL functions registered from Swift, and the registrations that failed. Under `lock`.
    let functions = FunctionRegistry()

    #if Session && !(SystemSQLite && canImport(Darwin))
        /// The live sessions and the user's pre-update hook, released before closing. Under `lock`.
        let sessions = SessionRegistry()
    #endif

    /// Whether `Connection.close()` closed the database. Written with both `lock` and
    /// `closeLock` held, read with either (``interrupt()`` must not wait for `lock`).
    var isClosed = false

    /// The thread running the access of a ``DatabaseQueue`` or ``DatabasePool`` that the
    /// connection is lent to; nil between its accesses (parked) and once closed. A pooled
    /// connection, and every statement prepared from it, works only on this thread, so that
    /// one that escaped its closure, or was handed to another thread, throws instead of
    /// running inside another caller's access. Under `lock`.
    private var lentThread: pthread_t?

    /// ``isClosed`` or ``isPooled``: the one flag the hot paths check. When it is set, a use
    /// goes on only from the thread the connection is lent to (see ``accessError(statement:)``),
    /// so a plain connection pays nothing for the rule, and a pooled one one comparison.
    /// Under `lock`.
    var isUnusable = false

    /// Guards ``isClosed`` for the calls that do not take `lock`.
    private let closeLock = PlainLock()

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        path = sqlite3_db_filename(pointer, "main").map { String(cString: $0) } ?? ""
    }

    deinit {
        // Finalizes nothing itself: statements hold this object, so none is left by now.
        // close_v2 also runs the destructors of functions, collations and hooks' boxes. The
        // hooks have this object as their context: unregister them first.
        if !isClosed {
            removeHooks()
            sqlite3_close_v2(pointer)
            logClosed()
        }
    }

    /// The number of unfinished ``Backup``s from or to this connection: while there is one,
    /// `Connection.close()` refuses to close, as SQLite's `sqlite3_close` does. Under `lock`.
    var openBackups = 0

    /// Closes the database now, once: later uses throw ``closedError()``. Call with `lock`
    /// held. SQLite frees the connection when the last statement prepared from it is finalized.
    func close() -> Int32 {
        closeLock.lock()
        defer { closeLock.unlock() }
        if isClosed { return SQLITE_OK }
        isClosed = true
        isUnusable = true
        lentThread = nil
        // Hooks hold their closures unretained: unregister them before releasing the closures,
        // since SQLite's final close (deferred while statements remain) may still call some.
        removeHooks()
        // SQLite holds its own references to the functions, dropped at the final close.
        functions.removeAll()
        let code = sqlite3_close_v2(pointer)
        logClosed()
        return code
    }

    /// Runs `body` with the raw connection unless the database is closed, without taking
    /// `lock`: for `sqlite3_interrupt`, which is made to be called from another thread.
    func ifOpen<T>(_ body: (OpaquePointer) -> T) -> T? {
        closeLock.lock()
        defer { closeLock.unlock() }
        return isClosed ? nil : body(pointer)
    }

    /// Whether a ``DatabaseQueue`` or ``DatabasePool`` owns the connection: only it may close
    /// it, and it works only inside the accesses it is lent to. Under `lock`.
    private(set) var isPooled = false

    /// Lends the connection to the access the calling thread runs: until ``park()``, it
    /// works on this thread only. Call with `lock` held.
    func lend() {
        isPooled = true
        isUnusable = true
        lentThread = isClosed ? nil : pthread_self()
    }

    /// Parks the connection between two accesses of its queue or pool: every use throws until
    /// it is lent again. Call with `lock` held.
    func park() {
        isPooled = true
        isUnusable = true
        lentThread = nil
    }

    /// Whether the calling thread runs the access the connection is lent to. Under `lock`.
    var isLentToCallingThread: Bool {
        guard let lentThread else { return false }
        return pthread_equal(lentThread, pthread_self()) != 0
    }

    /// The error for using the connection from the calling thread once ``isUnusable`` is set,
    /// nil when the use may go on: the connection is lent to the access this thread runs.
    /// Call with `lock` held.
    func accessError(statement: Statement?) -> Result? {
        isLentToCallingThread ? nil : closedError(statement: statement)
    }

    /// The error for using the connection, or a statement prepared from it, after it closed,
    /// or, for a pooled one, outside the access it is lent to.
    func closedError(statement: Statement? = nil) -> Result {
        let message =
            isClosed
            ? "the database connection is closed"
            : "this connection belongs to a DatabaseQueue or DatabasePool: use it only inside the read or write closure it was passed to, on the thread running that closure"
        return Result.misuse(message, code: SQLITE_MISUSE, statement: statement)
    }

    /// Throws when the database is closed, or when the connection is pooled and not lent to
    /// the access the calling thread runs. Call with `lock` held.
    func checkOpen(statement: Statement? = nil) throws(Result) {
        if isUnusable, let error = accessError(statement: statement) { throw error }
    }

    /// Builds the error for a failed result code from the connection's last error message.
    /// Call with the lock held, straight after the failing call.
    @usableFromInline
    func error(code: Int32, statement: Statement?) -> Result {
        // A statement standing for SQL that failed to prepare fails whenever it is stepped:
        // report why it never prepared.
        if let statement, let failure = preparationError(of: statement) { return failure }
        var message = Result.explainingEncryption(String(cString: sqlite3_errmsg(pointer)), code: code)
        // A statement whose commit the user's WAL hook failed: say so (SQLite says nothing).
        if code == SQLITE_ERROR, let failure = hooks.walFailure.take() { message = failure }
        let extended = sqlite3_extended_errcode(pointer)
        // The connection's error state can lag behind (e.g. a code returned by the Swift layer
        // itself): trust the code we were given for the primary part.
        let extendedCode = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let error = Result(
            message: message, primaryCode: code & 0xFF, extendedCode: extendedCode,
            statement: statement, extended: usesExtendedErrorCodes)
        // Every failed statement of every tier passes here (or through `preparationError`).
        if logging.level != nil {
            logFailure(
                message, code: code & 0xFF, extendedCode: extendedCode, sql: statement?.sql,
                statement: statement?.handle)
        }
        return error
    }

    /// The error for `sql` failing to prepare with `code`: SQLite's message and codes, naming
    /// a statement that stands for the SQL (see `Statement.unprepared`). Call with the lock
    /// held, straight after the failing call.
    func preparationError(code: Int32, sql: String) -> Result {
        var message = Result.explainingEncryption(String(cString: sqlite3_errmsg(pointer)), code: code)
        let extended = sqlite3_extended_errcode(pointer)
        var primaryCode = code & 0xFF
        var extendedCode = (extended & 0xFF) == primaryCode ? extended : code
        // SQL calling a function whose registration failed: that failure is the cause.
        if let registration = functions.failure(explaining: message) {
            message = registration.message
            primaryCode = registration.code
            extendedCode = registration.extendedCode
        }
        // Denied by the user's authorizer: say what it denied.
        if primaryCode == SQLITE_AUTH, let denial = hooks.denial.take() { message += " (\(denial))" }
        let statement = Statement.unprepared(
            sql, failure: (message, primaryCode, extendedCode), connection: self)
        let error = Result(
            message: message, primaryCode: primaryCode, extendedCode: extendedCode, statement: statement,
            extended: usesExtendedErrorCodes)
        if logging.level != nil {
            logFailure(message, code: primaryCode, extendedCode: extendedCode, sql: sql, statement: nil)
        }
        return error
    }

    /// The preparation error of a statement standing for SQL that failed to prepare, nil for
    /// any other statement.
    func preparationError(of statement: Statement) -> Result? {
        guard let failure = statement.preparationFailure else { return nil }
        return Result(
            message: failure.message, primaryCode: failure.code, extendedCode: failure.extendedCode,
            statement: statement, extended: usesExtendedErrorCodes)
    }

    /// Throws unless `code` is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
    func check(_ code: Int32, statement: Statement? = nil) throws(Result) {
        if code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE { return }
        throw error(code: code, statement: statement)
    }
}

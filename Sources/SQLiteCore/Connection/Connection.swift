#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A connection to an SQLite database.
///
/// ```swift
/// let db = try Connection("path/to/db.sqlite3")     // created if missing
/// let memory = try Connection()                      // in-memory
/// try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL)")
/// try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
/// let count = try db.scalar("SELECT count(*) FROM users") as? Int64
/// ```
///
/// A connection may be shared between threads: every call holds the connection's re-entrant
/// lock, and a `transaction(_:block:)` holds it for the whole block, so other threads wait
/// for the transaction to end. The database closes when the connection and all statements
/// prepared from it are gone.
public final class Connection: @unchecked Sendable {
    @usableFromInline
    let connection: ConnectionHandle

    /// Prepared statements kept for reuse by ``cachedStatement(_:)``.
    let statementCache: StatementCache

    // Measured: dynamic exclusivity checks on tierStore cost 1.9 % on point-lookup typed, 1.2 % on insert-named typed (callgrind).
    /// What the higher tiers keep with the connection for as long as it lives, such as
    /// prepared statements they reuse under keys of their own (see ``TierStore``). Touch it
    /// only with the connection's lock held.
    @usableFromInline
    @exclusivity(unchecked)
    package var tierStore = TierStore()

    /// Opens a connection to the database at `location`.
    ///
    /// - Parameters:
    ///   - location: where the database is; created if missing unless `readonly`.
    ///     Default: `.inMemory`.
    ///   - readonly: open without write access. Default: `false`.
    ///   - journalMode: a journal mode to set straight after opening; `.wal` also sets
    ///     `synchronous = NORMAL`, the recommended pairing. Ignored, as in SQLite.swift, for
    ///     read-only, in-memory and temporary databases, which keep their own mode.
    /// - Throws: ``Result`` when the database cannot be opened (a missing directory, no
    ///   permission, ...).
    public convenience init(_ location: Location = .inMemory, readonly: Bool = false, journalMode: JournalMode? = nil)
        throws
    {
        try self.init(opening: location, readonly: readonly, journalMode: journalMode, key: nil)
    }

    /// Opens the database at `location`, keyed with `key` (a passphrase or a raw key), for the
    /// `Connection(_:key:)` initializers: the key is set and checked (`Documentation/Encryption.md`)
    /// before anything else reads the file, the journal mode included.
    init(opening location: Location, readonly: Bool, journalMode: JournalMode?, key: EncryptionKey?) throws {
        #if !SQLCipher
            // Before the file is created: plain SQLite would write it unencrypted.
            if key != nil { throw Result.noEncryption("Connection(_:key:)") }
        #endif
        // SQLite initializes itself, and seeds its random numbers, on the first open, checking
        // flags outside its own mutex: two first opens on two threads race on them. Swift runs
        // this once, synchronized, before any open.
        _ = Connection.sqliteInitialized
        var pointer: OpaquePointer?
        let flags =
            (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let code = sqlite3_open_v2(location.description, &pointer, flags, nil)
        guard let pointer else {
            throw Result(
                message: "out of memory opening \(location)", primaryCode: SQLITE_NOMEM, extendedCode: SQLITE_NOMEM,
                statement: nil, extended: false)
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(pointer)) + ": \(location)"
            let extendedCode = sqlite3_extended_errcode(pointer)
            sqlite3_close_v2(pointer)
            Self.logOpeningFailure(message, code: code & 0xFF, extendedCode: extendedCode, location: location)
            throw Result(
                message: message, primaryCode: code & 0xFF, extendedCode: extendedCode, statement: nil, extended: false)
        }
        #if SystemSQLite
            // As the vendored build (SQLITE_DQS=0): "name" is an identifier, never a string.
            _ = swift_sqlite_disable_double_quoted_strings(pointer)
            // As the vendored build: the C API's extension loader stays off until the app turns it
            // on (Debian's library turns it on for every new connection).
            _ = swift_sqlite_db_config_switch(pointer, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nil)
        #endif
        connection = ConnectionHandle(pointer: pointer)
        statementCache = StatementCache(lock: connection.lock)
        startLogging()
        if let key { try applyKey(key, db: "main", migrate: false) }
        // A read-only database (also one opened `?mode=ro`) cannot change its journal mode, and
        // an in-memory or temporary one (no file name) keeps its own.
        let hasFile = sqlite3_db_filename(pointer, "main").map { $0.pointee != 0 } ?? false
        if let journalMode, hasFile, sqlite3_db_readonly(pointer, "main") == 0 {
            // WAL's pairing with synchronous = NORMAL only where WAL took effect.
            if try setJournalMode(journalMode) == .wal, journalMode == .wal {
                try execute("PRAGMA synchronous = NORMAL")
            }
        }
    }

    /// `sqlite3_initialize()` and the seeding of SQLite's random number generator (which
    /// records the process it seeded for), run once per process before the first open.
    static let sqliteInitialized: Bool = {
        let code = sqlite3_initialize()
        var byte: UInt8 = 0
        sqlite3_randomness(1, &byte)
        return code == SQLITE_OK
    }()

    /// Opens a connection to the database file at `filename` (a path or a `file:` URI).
    public convenience init(_ filename: String, readonly: Bool = false, journalMode: JournalMode? = nil) throws {
        try self.init(.uri(filename), readonly: readonly, journalMode: journalMode)
    }

    deinit {
        // Cached statements hold the handle; drop them so the database can close now.
        statementCache.removeAll()
    }

    /// Closes the database now rather than when the connection is released.
    ///
    /// ```swift
    /// try db.close()
    /// try FileManager.default.removeItem(atPath: path)
    /// ```
    ///
    /// As SQLite.swift's, it refuses to close while something of the caller's still uses the
    /// connection: a ``Statement`` still held (by a variable, a `RowIterator`, or a caught
    /// ``Result`` that names it), an open blob, or an unfinished ``Backup``. It then throws
    /// `SQLITE_BUSY` ("unable to close due to unfinalized statements or unfinished backups",
    /// with the SQL of the statements still open) and changes nothing: the connection stays
    /// open and usable, its transaction too. Release them and close again. What the package
    /// keeps itself (its statement cache, the typed and Codable tiers' prepared statements)
    /// does not count: it is finalized first.
    ///
    /// Once closed, an open transaction is rolled back, and every use of the connection throws
    /// ``Result`` (`SQLITE_MISUSE`, "the database connection is closed"); properties that cannot
    /// throw return their empty values. Closing again does nothing.
    ///
    /// - Throws: ``Result``: `SQLITE_BUSY` while statements, blobs or backups are open; for a
    ///   connection lent by a ``DatabaseQueue`` or ``DatabasePool``, which closes its
    ///   connections itself; should SQLite fail to close the connection.
    public func close() throws {
        try connection.lock.withLock { () throws(Result) in
            if connection.isClosed { return }
            if connection.isPooled {
                throw Result.misuse(
                    "this connection belongs to a DatabaseQueue or DatabasePool: close the queue or pool instead")
            }
            try closeLocked(refusingOpenStatements: true)
        }
    }

    /// Closes the connection, a pooled one included. Call with the lock held.
    ///
    /// With `refusingOpenStatements`, throws `SQLITE_BUSY` and changes nothing while a statement,
    /// a blob or a backup is still open once the package's own statements are finalized.
    /// Without it (a ``DatabaseQueue`` or ``DatabasePool`` closing the connections it owns),
    /// closes anyway: statements that escaped an access then throw "the database connection is
    /// closed", and keep SQLite's side of the connection (and the file) open until they are
    /// released, as `sqlite3_close_v2` does.
    func closeLocked(refusingOpenStatements: Bool = false) throws(Result) {
        if connection.isClosed { return }
        // Finalize what the connection holds itself: its statement cache, and what the tiers
        // keep with it (their prepared statements among it), all rebuilt on demand should the
        // connection stay open. Statements checked out now are the callers'.
        dropCaches()
        if refusingOpenStatements, let refusal = openStatementsError() { throw refusal }
        statementCache.close()
        // Release the locks of an open transaction now: statements held elsewhere (a pool's
        // escaped ones) would otherwise keep it open.
        if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
        let code = connection.close()
        if code != SQLITE_OK {
            throw Result(
                message: String(cString: sqlite3_errstr(code)), primaryCode: code & 0xFF, extendedCode: code,
                statement: nil, extended: connection.usesExtendedErrorCodes)
        }
    }

    /// The `SQLITE_BUSY` error for closing while statements, blobs or backups of the caller's
    /// are open, naming them; nil when there are none. Call with the lock held.
    private func openStatementsError() -> Result? {
        var open: [String] = []
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            open.append(sqlite3_sql(current).map { String(cString: $0) } ?? "an open blob")
            statement = sqlite3_next_stmt(handle, current)
        }
        let backups = connection.openBackups
        if open.isEmpty, backups == 0 { return nil }
        var held: [String] = []
        if !open.isEmpty {
            let shown = open.prefix(3).joined(separator: "; ") + (open.count > 3 ? "; ..." : "")
            held.append("\(open.count) statement(s) still open (\(shown))")
        }
        if backups > 0 { held.append("\(backups) unfinished backup(s)") }
        let message =
            "unable to close due to unfinalized statements or unfinished backups: "
            + held.joined(separator: " and ")
            + "; release them (or finish the backups), then close again"
        return Result(
            message: message, primaryCode: SQLITE_BUSY, extendedCode: SQLITE_BUSY, statement: nil,
            extended: connection.usesExtendedErrorCodes)
    }

    // MARK: - State

    /// The raw `sqlite3*` handle, for calls the Swift layer does not wrap. Valid while the
    /// connection lives and until ``close()``; do not close it.
    public var handle: OpaquePointer { connection.pointer }

    /// Runs `body` with the raw handle under the lock, or returns `closed` once the connection
    /// is closed (or, for a pooled one, outside its access): for the properties that read
    /// SQLite's state and cannot throw.
    private func whenOpen<T>(_ closed: T, _ body: (OpaquePointer) -> T) -> T {
        connection.lock.withLock {
            connection.isUnusable && !connection.isLentToCallingThread ? closed : body(handle)
        }
    }

    /// Whether the main database is read-only (`true` once closed).
    public var readonly: Bool { whenOpen(true) { sqlite3_db_readonly($0, "main") == 1 } }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertRowid: Int64 { whenOpen(0) { sqlite3_last_insert_rowid($0) } }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { whenOpen(0) { Int(GatedCalls.changes($0)) } }

    /// The number of rows changed since the connection opened.
    public var totalChanges: Int { whenOpen(0) { Int(GatedCalls.totalChanges($0)) } }

    /// Whether the connection is in autocommit mode, i.e. not inside a transaction.
    public var autocommit: Bool { whenOpen(true) { sqlite3_get_autocommit($0) != 0 } }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { !autocommit }

    /// Whether thrown errors are ``Result/extendedError(message:extendedCode:statement:)``
    /// with extended result codes (`SQLITE_CONSTRAINT_UNIQUE`) instead of
    /// ``Result/error(message:code:statement:)`` with primary ones. Default: `false`.
    public var usesExtendedErrorCodes: Bool {
        get { connection.lock.withLock { connection.usesExtendedErrorCodes } }
        set { connection.lock.withLock { connection.usesExtendedErrorCodes = newValue } }
    }

    /// Runs `body` with the connection's lock held, so that a sequence of calls is not
    /// interleaved with other threads' (calls on the same thread inside `body` are fine).
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try connection.lock.withLock(body)
    }

    // MARK: - Execute

    /// Runs zero or more semicolon-separated SQL statements, discarding any rows.
    ///
    /// ```swift
    /// try db.execute("""
    ///     CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL);
    ///     CREATE INDEX users_email ON users (email);
    ///     """)
    /// ```
    ///
    /// - Throws: ``Result`` naming the statement that failed; the statements before it stay run.
    public func execute(_ SQL: String) throws {
        try connection.lock.withLock { () throws(Result) in
            try connection.checkOpen()
            // Walk one NUL-terminated buffer by offset, and tell SQLite about the terminator: given
            // a length without one, sqlite3_prepare copies all the text it is handed, and so, as
            // copying the rest of the script for each statement did, made a script cost O(n²).
            var failure: Result?
            let length = SQL.utf8.count
            SQL.withCString { text in
                var offset = 0
                while offset < length, text[offset] != 0 {
                    var pointer: OpaquePointer?
                    var tail: UnsafePointer<CChar>?
                    let code = sqlite3_prepare_v3(
                        handle, text + offset, Int32(clamping: length - offset + 1), 0, &pointer, &tail)
                    if code != SQLITE_OK {
                        // The failing statement and the rest of the script, without the white
                        // space that separated it from the statement before.
                        let rest = String(cString: text + offset)
                        failure = connection.preparationError(
                            code: code, sql: String(rest.drop(while: \.isWhitespace)))
                        return
                    }
                    if let pointer {
                        do throws(Result) {
                            try Statement(handle: pointer, connection: connection).runLocked()
                        } catch {
                            failure = error
                            return
                        }
                    }
                    // SQLite stops at a NUL character too: the loop condition ends there.
                    let next = tail.map { $0 - text } ?? length
                    guard next > offset else { return }
                    offset = next
                }
            }
            if let failure { throw failure }
        }
    }

    // MARK: - Prepare

    /// Prepares one SQL statement, binding `bindings` by position when given.
    ///
    /// ```swift
    /// let statement = try db.prepare("INSERT INTO users (email) VALUES (?)")
    /// let adults = try db.prepare("SELECT * FROM users WHERE age >= ?", 18)
    /// ```
    ///
    /// - Throws: ``Result`` for invalid SQL, for SQL holding more than one statement or none,
    ///   and, when values are given, for a number of values other than the statement's
    ///   parameter count or a value SQLite cannot store.
    public func prepare(_ statement: String, _ bindings: Binding?...) throws -> Statement {
        try prepare(statement, bindings)
    }

    /// Prepares one SQL statement and binds `bindings` by position (none bound when empty).
    ///
    /// - Throws: ``Result`` as `prepare(_:_:)` with positional values does.
    public func prepare(_ statement: String, _ bindings: [Binding?]) throws -> Statement {
        let prepared = try prepareStatement(statement)
        if !bindings.isEmpty { try prepared.bindNow(bindings) }
        return prepared
    }

    /// Prepares one SQL statement and binds `bindings` by name (none bound when empty).
    ///
    /// ```swift
    /// let statement = try db.prepare("SELECT * FROM users WHERE email = :email", [":email": "alice@mac.com"])
    /// ```
    ///
    /// - Throws: ``Result`` as `prepare(_:_:)` with positional values does, and for a name that is
    ///   none of the statement's parameters or a parameter left without a value.
    public func prepare(_ statement: String, _ bindings: [String: Binding?]) throws -> Statement {
        let prepared = try prepareStatement(statement)
        if !bindings.isEmpty { try prepared.bindNow(bindings) }
        return prepared
    }

    // MARK: - Run

    /// Prepares, binds and runs one SQL statement; returns the statement.
    ///
    /// ```swift
    /// try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
    /// ```
    @discardableResult
    public func run(_ statement: String, _ bindings: Binding?...) throws -> Statement {
        try prepareStatement(statement).run(bindings)
    }

    /// Prepares, binds by position and runs one SQL statement.
    @discardableResult
    public func run(_ statement: String, _ bindings: [Binding?]) throws -> Statement {
        try prepareStatement(statement).run(bindings)
    }

    /// Prepares, binds by name and runs one SQL statement.
    @discardableResult
    public func run(_ statement: String, _ bindings: [String: Binding?]) throws -> Statement {
        try prepareStatement(statement).run(bindings)
    }

    // MARK: - Scalar

    /// Runs one SQL statement and returns the first column of its first row.
    ///
    /// ```swift
    /// let count = try db.scalar("SELECT count(*) FROM users") as? Int64
    /// ```
    public func scalar(_ statement: String, _ bindings: Binding?...) throws -> Binding? {
        try prepareStatement(statement).scalar(bindings)
    }

    /// Runs one SQL statement, binding by position, and returns the first column of its first row.
    public func scalar(_ statement: String, _ bindings: [Binding?]) throws -> Binding? {
        try prepareStatement(statement).scalar(bindings)
    }

    /// Runs one SQL statement, binding by name, and returns the first column of its first row.
    public func scalar(_ statement: String, _ bindings: [String: Binding?]) throws -> Binding? {
        try prepareStatement(statement).scalar(bindings)
    }

    // MARK: - Interrupting

    /// Makes any query running on this connection stop with `SQLITE_INTERRUPT` as soon as it
    /// can. Safe to call from any thread while another thread runs a query: it does not wait
    /// for the connection's lock.
    public func interrupt() {
        _ = connection.ifOpen { sqlite3_interrupt($0) }
    }

    /// Whether an ``interrupt()`` is in effect for running statements.
    ///
    /// Under the `SystemSQLite` trait with a system SQLite older than 3.41, which lacks
    /// `sqlite3_is_interrupted`, this is always false.
    public var isInterrupted: Bool {
        #if SystemSQLite
            guard let isInterrupted = NewerCFunctions.isInterrupted else { return false }
            return connection.ifOpen { isInterrupted($0) != 0 } ?? false
        #else
            return connection.ifOpen { sqlite3_is_interrupted($0) != 0 } ?? false
        #endif
    }

    // MARK: - Preparing, under the lock

    /// Prepares exactly one statement from `sql`.
    func prepareStatement(_ sql: String, persistent: Bool = false) throws(Result) -> Statement {
        try connection.lock.withLock { () throws(Result) -> Statement in
            try connection.checkOpen()
            let (statement, tail) = try prepareFirst(sql, persistent: persistent)
            guard let statement else {
                let message = "no SQL statement to prepare"
                let placeholder = Statement.unprepared(
                    sql, failure: (message, SQLITE_MISUSE, SQLITE_MISUSE), connection: connection)
                throw Result.misuse(message, code: SQLITE_MISUSE, statement: placeholder)
            }
            if let tail, try prepareFirst(tail).0 != nil {
                throw Result.misuse(
                    "prepare takes one SQL statement; use execute(_:) for several", code: SQLITE_MISUSE,
                    statement: statement)
            }
            return statement
        }
    }

    /// Prepares the first statement of `sql`: `nil` when there is none (only white space or
    /// comments), and the text after it, `nil` when nothing follows.
    private func prepareFirst(_ sql: String, persistent: Bool = false) throws(Result) -> (Statement?, String?) {
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let length = sql.utf8.count
        // A NUL-terminated buffer, with the terminator counted in the length: SQLite then reads
        // the text in place instead of copying it first.
        let (code, pointer, rest) = sql.withCString { text -> (Int32, OpaquePointer?, String?) in
            guard length > 0 else { return (SQLITE_OK, nil, nil) }
            var pointer: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, text, Int32(clamping: length + 1), flags, &pointer, &tail)
            let consumed = tail.map { $0 - text } ?? length
            let rest = consumed < length ? String(cString: text + consumed) : nil
            return (code, pointer, rest)
        }
        if code != SQLITE_OK { throw connection.preparationError(code: code, sql: sql) }
        let remaining = rest.flatMap { $0.allSatisfy { $0.isWhitespace || $0 == ";" } ? nil : $0 }
        return (pointer.map { Statement(handle: $0, connection: connection) }, remaining)
    }
}

extension Connection: CustomStringConvertible {
    /// The path of the main database file (`""` for in-memory and temporary databases, and
    /// once closed).
    public var description: String {
        whenOpen("") { sqlite3_db_filename($0, "main").map { String(cString: $0) } ?? "" }
    }
}

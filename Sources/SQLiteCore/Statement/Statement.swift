/// A prepared SQL statement: bind values, run it, and read its rows.
///
/// ```swift
/// let insert = try db.prepare("INSERT INTO users (email) VALUES (?)")
/// try insert.run("alice@mac.com")
/// try insert.run("betty@mac.com")          // reused: prepared once
///
/// let select = try db.prepare("SELECT id, email FROM users")
/// for row in select {                      // rows as [Binding?]
///     print(row[0] as? Int64, row[1] as? String)
/// }
/// ```
///
/// For hot loops, ``step()`` and ``row`` read the current row by index without building an
/// array: `while try select.step() { let id: Int64 = select.row[0] }`.
///
/// Every call that executes SQL holds the connection's lock, so a statement may be handed to
/// another thread; the rows it yields are read on the thread that stepped to them.
public final class Statement: @unchecked Sendable {
    /// The raw `sqlite3_stmt*`, for calls the Swift layer does not wrap. Valid while the
    /// statement lives; do not finalize it. A run leaves it at its end, not reset: call
    /// `sqlite3_reset` before binding it yourself (every method here resets it first).
    public let handle: OpaquePointer

    @usableFromInline
    let connection: ConnectionHandle

    /// The number of columns in each row of the result. Read from SQLite each time: a statement
    /// re-prepared after a schema change (`SELECT *` after `ALTER TABLE`) can have a new count.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`) to bind.
    public let parameterCount: Int

    /// An error found while binding, thrown by the next `run`, `scalar` or `step`: `bind`
    /// cannot throw (its signature is SQLite.swift's), but a binding mistake is never ignored.
    /// Kept without its statement (this one), which would make a reference cycle.
    @usableFromInline
    var pendingError: Result? {
        get { storedPendingError.map { $0.attached(to: self) } }
        set {
            if let newValue {
                storedPendingError = newValue.detached
                ready.pointee = false
            } else {
                storedPendingError = nil
                ready.pointee = storedBindingsComplete
            }
        }
    }

    /// Whether every parameter has a value: stepping a statement with parameters that were
    /// never bound is an error here, not a silent NULL.
    @usableFromInline
    var bindingsComplete: Bool {
        get { storedBindingsComplete }
        set {
            storedBindingsComplete = newValue
            ready.pointee = newValue && storedPendingError == nil
        }
    }

    /// Sets the outcome of a binding: no pending error, and whether every parameter has a value.
    @usableFromInline
    func bindingsDone(complete: Bool) {
        storedPendingError = nil
        storedBindingsComplete = complete
        ready.pointee = complete
    }

    // Measured: not inlinable, 0.64 % on insert-positional core, which is then outside its 1.15 budget (callgrind).
    /// ``bindingsDone(complete:)`` with `true`, not called when the statement is ready already.
    @inlinable
    @inline(__always)
    func bindingsSucceeded() {
        if !ready.pointee { bindingsDone(complete: true) }
    }

    private var storedPendingError: Result?
    private var storedBindingsComplete: Bool

    /// `pendingError == nil && bindingsComplete`, kept outside the object so that the check on
    /// every step costs one load (a stored class property would add exclusivity checks).
    @usableFromInline let ready: UnsafeMutablePointer<Bool>

    /// SQLite's re-prepare count (`SQLITE_STMTSTATUS_REPREPARE`) when the columns were last
    /// compared with ``generationNames``.
    var checkedReprepares: Int32 = 0

    /// See ``columnsGeneration``.
    var storedColumnsGeneration = 0

    /// The columns of the current generation, once read (see ``columnLayout``).
    private var layout: ColumnLayout?

    // Measured: dynamic exclusivity checks on tierStore cost 1.9 % on point-lookup typed, 1.2 % on insert-named typed (callgrind).
    /// What the higher tiers keep with the statement for as long as it lives, such as the
    /// typed tier's column map: computed once per prepared statement, reused while it is
    /// cached. Only the code that checked the statement out may touch it (see ``TierStore``).
    @usableFromInline
    @exclusivity(unchecked)
    package var tierStore = TierStore()

    /// The text the connection's statement cache finds the statement by: the SQL it was asked
    /// for. Guarded by the connection's lock.
    var cacheKey = ""

    /// Whether the statement is in the connection's statement cache (free) rather than in use.
    /// Guarded by the connection's lock.
    var isCached = false

    /// Parameters bound one at a time so far, until all are.
    var partialBindings: Set<Int>?

    /// The names the parameters answer to, read when first bound by name. Only touched with
    /// the connection's lock held.
    var parameterNameTable: ParameterNameTable?

    /// For a statement standing for SQL that failed to prepare (see ``unprepared(_:failure:connection:)``):
    /// the SQL, and SQLite's error for it.
    let preparationFailure: (sql: String, message: String, code: Int32, extendedCode: Int32)?

    init(
        handle: OpaquePointer, connection: ConnectionHandle,
        failure: (sql: String, message: String, code: Int32, extendedCode: Int32)? = nil
    ) {
        self.handle = handle
        self.connection = connection
        // A placeholder (see unprepared) has no parameters of its own.
        parameterCount = failure == nil ? Int(sqlite3_bind_parameter_count(handle)) : 0
        storedBindingsComplete = parameterCount == 0
        ready = .allocate(capacity: 1)
        ready.initialize(to: storedBindingsComplete)
        preparationFailure = failure
    }

    /// The statement an error raised while preparing `sql` names, so that the error carries
    /// the SQL (``Result/sql``, ``Result/statement``) and SQLite's extended code as every other
    /// error does, while its message stays SQLite's own. Nil when even the placeholder cannot
    /// be prepared (out of memory).
    ///
    /// No statement exists for SQL that failed to prepare, so the object wraps a placeholder:
    /// a statement with no parameters and no side effects that fails whenever it is stepped,
    /// even through the raw ``handle``. Every run of it therefore fails, and the Swift API
    /// reports the preparation error for it. The placeholder is prepared in a private in-memory
    /// database (`placeholderDatabase`), never on the connection: a second prepare there
    /// would need the schema again, and so, after `SQLITE_BUSY`, run the busy handler (or wait
    /// the busy timeout) a second time, or fail again where the file cannot be read at all.
    static func unprepared(
        _ sql: String, failure: (message: String, code: Int32, extendedCode: Int32), connection: ConnectionHandle
    ) -> Statement? {
        guard let database = placeholderDatabase else { return nil }
        var pointer: OpaquePointer?
        // abs() of the smallest integer overflows when the statement runs, not when it is
        // prepared, and only reads a constant.
        guard sqlite3_prepare_v3(database, "SELECT abs(-9223372036854775808)", -1, 0, &pointer, nil) == SQLITE_OK,
            let pointer
        else { return nil }
        return Statement(
            handle: pointer, connection: connection, failure: (sql, failure.message, failure.code, failure.extendedCode)
        )
    }

    /// The in-memory database the placeholders of every connection are prepared in, opened
    /// once, nil should it fail to open. Opened in SQLite's serialized mode
    /// (`SQLITE_OPEN_FULLMUTEX`), so that SQLite's own mutex guards its uses from any thread:
    /// hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private static let placeholderDatabase: OpaquePointer? = {
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(":memory:", &database, flags, nil) == SQLITE_OK else {
            sqlite3_close(database)
            return nil
        }
        return database
    }()

    deinit {
        connection.lock.withLock { _ = sqlite3_finalize(handle) }
        ready.deallocate()
    }

    /// The error that keeps the statement from running: a binding mistake, or parameters
    /// never bound.
    func notReadyError() -> Result {
        connection.lock.withLock { connection.preparationError(of: self) } ?? pendingError ?? unboundParametersError()
    }

    /// The SQL text of the statement, as prepared (for a statement named by a preparation
    /// error, the SQL that failed to prepare).
    public var sql: String {
        if let preparationFailure { return preparationFailure.sql }
        return sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    }

    /// The SQL text with the current bindings substituted, e.g.
    /// `INSERT INTO users (email) VALUES ('alice@mac.com')`, for logging.
    public var expandedSQL: String? {
        connection.lock.withLock {
            guard let text = sqlite3_expanded_sql(handle) else { return nil }
            defer { sqlite3_free(text) }
            return String(cString: text)
        }
    }

    /// The names of the result columns, in order.
    ///
    /// SQLite re-prepares a statement whose schema changed (`ALTER TABLE`, a table rebuilt, a
    /// view redefined, by this connection or another) inside its next ``step()``, and its columns
    /// may change with it: read the names after the first step of a run.
    public var columnNames: [String] { columnLayout.names }

    /// The result columns of the current generation (``columnsGeneration``), built once per
    /// generation: Core's column names and indexes, which every tier reads. As with
    /// ``columnNames``, read it after the first step of a run.
    package var columnLayout: ColumnLayout {
        connection.lock.withLock { currentLayoutLocked() }
    }

    /// The object of type `T` that a tier derives from exactly the current generation's columns
    /// (``columnLayout``), made by `make` once per generation and kept by Core with the layout:
    /// a statement re-prepared with other columns has a new layout, so the next call makes a
    /// new one. Read it after the first step of a run, as ``columnLayout``.
    package func columnsDerived<T: AnyObject>(_ make: (ColumnLayout) -> T) -> T {
        connection.lock.withLock {
            let layout = currentLayoutLocked()
            return layout.derived { make(layout) }
        }
    }

    /// ``columnLayout`` for a caller that holds the connection's lock.
    private func currentLayoutLocked() -> ColumnLayout {
        let generation = currentColumnsGeneration()
        if let layout { return layout }
        let layout = ColumnLayout(names: readColumnNames(), generation: generation)
        self.layout = layout
        return layout
    }

    /// A number that changes whenever SQLite re-prepares the statement with other result
    /// columns (another count, other names or another order), for code that keeps what it
    /// built from the columns, such as a map from names to indexes: keep the
    /// generation with it, and rebuild when the statement's differs.
    ///
    /// ```swift
    /// while try statement.step() {
    ///     if map.generation != statement.columnsGeneration { map = Map(statement) }
    ///     ...
    /// }
    /// ```
    ///
    /// SQLite re-prepares a statement inside ``step()``, so read it after the first step of each
    /// run (once per run is enough: the columns cannot change before the statement is reset).
    /// It costs one call into SQLite while the statement was not re-prepared. A re-prepare that
    /// keeps the columns (SQLite also re-prepares a statement when a new value is bound to a
    /// `LIKE` pattern, or after any schema change) keeps the generation.
    public var columnsGeneration: Int {
        if sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0) == checkedReprepares {
            return storedColumnsGeneration
        }
        return recheckedColumnsGeneration()
    }

    /// ``columnsGeneration`` after a re-prepare.
    @inline(never)
    func recheckedColumnsGeneration() -> Int {
        connection.lock.withLock { currentColumnsGeneration() }
    }

    /// ``columnsGeneration``, comparing the columns with the generation's after a re-prepare.
    /// Called with the lock held.
    private func currentColumnsGeneration() -> Int {
        let reprepares = sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
        if reprepares != checkedReprepares {
            checkedReprepares = reprepares
            let names = readColumnNames()
            if names != layout?.names {
                storedColumnsGeneration &+= 1
                layout = ColumnLayout(names: names, generation: storedColumnsGeneration)
            }
        }
        return storedColumnsGeneration
    }

    private func readColumnNames() -> [String] {
        (0..<Int32(columnCount)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The declared types of the result columns (`"INTEGER"`, `"TEXT"`, ...), `nil` for an
    /// expression or a column declared without a type.
    public var columnDeclaredTypes: [String?] {
        connection.lock.withLock {
            (0..<Int32(columnCount)).map { index in
                sqlite3_column_decltype(handle, index).map { String(cString: $0) }
            }
        }
    }

    /// The storage class of each column of the current row (valid after ``step()`` returned
    /// `true`).
    public var columnTypes: [ColumnType] {
        (0..<Int32(columnCount)).map { ColumnType(sqlite3_column_type(handle, $0)) }
    }

    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    // Measured: with Cursor's getters out of line, fetch-positional core costs 5.7 % more (callgrind).
    /// A cursor over the current row, reading columns by index without copying the row:
    /// `let id: Int64 = statement.row[0]`.
    @inlinable
    public var row: Cursor { Cursor(statement: self) }

    // MARK: - Executing

    /// Advances to the next row; `true` while there is a row to read through ``row``.
    ///
    /// Throws SQLite's error, or an earlier binding mistake (see ``bind(_:)-9qt29``).
    public func step() throws -> Bool {
        if !ready.pointee { throw notReadyError() }
        connection.lock.lock()
        if connection.isUnusable, let error = connection.accessError(statement: self) {
            connection.lock.unlock()
            throw error
        }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW {
            connection.lock.unlock()
            return true
        }
        if code == SQLITE_DONE {
            endedLocked()
            connection.lock.unlock()
            return false
        }
        let error = connection.error(code: code, statement: self)
        sqlite3_reset(handle)
        connection.lock.unlock()
        throw error
    }

    /// Runs the statement to completion with its current bindings.
    @discardableResult
    public func run() throws -> Statement {
        if !ready.pointee { throw notReadyError() }
        connection.lock.lock()
        defer { connection.lock.unlock() }
        sqlite3_reset(handle)
        try runLocked()
        return self
    }

    /// Binds `bindings` (when given) and runs the statement to completion.
    ///
    /// ```swift
    /// try insert.run("alice@mac.com")
    /// ```
    @discardableResult
    public func run(_ bindings: Binding?...) throws -> Statement {
        if bindings.isEmpty { return try run() }
        return try run(bindings)
    }

    // Measured: unspecialized, the generic bind entry points cost about 11 % on insert-positional core, 40 % on insert-named core (callgrind).
    /// Binds non-optional values by position and runs the statement to completion.
    ///
    /// The fast path of `run("alice@mac.com", 42)`: each value is bound through its concrete
    /// type, with no array and no existential boxing (`nil` arguments use the `Binding?...`
    /// overload).
    @inlinable
    @discardableResult
    public func run<each V: Binding>(_ values: repeat each V) throws -> Statement {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        sqlite3_reset(handle)
        // `bindLocked(_:)`'s loop, written out: handing the pack on to it would copy every value
        // (a retain and a release for each string), as in `run(named:)`.
        // Measured: calling bindLocked(repeat each values) instead costs 1.6 % on insert-positional core (callgrind).
        var count = 0
        for _ in repeat each values { count += 1 }
        guard count == parameterCount else { throw bindingCountMismatch(given: count) }
        var index: Int32 = 0
        var code = SQLITE_OK
        do throws(Result) {
            for value in repeat each values {
                index += 1
                code = try Self.bindValue(value, handle, index)
                if code != SQLITE_OK { break }
            }
        } catch {
            bindingsDone(complete: false)
            throw Result.misuse(error.message, code: error.code, statement: self)
        }
        if code != SQLITE_OK {
            bindingsDone(complete: false)
            throw connection.error(code: code, statement: self)
        }
        bindingsSucceeded()
        try runLocked()
        return self
    }

    // Measured: unspecialized, this costs about 40 % on insert-named core (callgrind).
    /// Binds values by parameter name and runs the statement to completion: the fast path of
    /// named binding, with no dictionary to build or hash and no existential boxing.
    ///
    /// ```swift
    /// let insert = try db.prepare("INSERT INTO users (email, age) VALUES (:email, :age)")
    /// try insert.run(named: .init(":email", "alice@mac.com"), .init(":age", 42))
    /// ```
    @inlinable
    @discardableResult
    public func run<each V: Binding>(named values: repeat NamedBinding<each V>) throws -> Statement {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        sqlite3_reset(handle)
        let names = nameTable()
        // Which parameters got a value: a bit each for the first 64, a set past them.
        var bound: UInt64 = 0
        var boundPast64 = Set<Int32>()
        var ordinal = 0
        do throws(Result) {
            // The values are gone over here, once: each pass over a pack of generic values, and
            // each hand-over of the pack to another function, copies every value through its
            // value witnesses, at a cost near that of the bind itself.
            for named in repeat each values {
                guard let index = names.index(of: named.name, expected: ordinal) else {
                    throw unknownParameterError(named: named.name)
                }
                ordinal += 1
                let code = try named.value.bind(to: handle, at: index)
                if code != SQLITE_OK { throw connection.error(code: code, statement: self) }
                if index <= 64 {
                    bound |= UInt64(1) << UInt64(index - 1)
                } else {
                    boundPast64.insert(index)
                }
            }
        } catch {
            bindingsDone(complete: false)
            throw error.statement == nil ? Result.misuse(error.message, code: error.code, statement: self) : error
        }
        let count = bound.nonzeroBitCount + boundPast64.count
        guard count == parameterCount else { throw bindingCountMismatch(given: count) }
        bindingsSucceeded()
        try runLocked()
        return self
    }

    /// Binds non-optional values by position, with the lock held: `bind(_:)`'s loop, written
    /// out again in `run(_:)` (keep the two in step).
    @inlinable
    func bindLocked<each V: Binding>(_ values: repeat each V) throws(Result) {
        var count = 0
        for _ in repeat each values { count += 1 }
        guard count == parameterCount else { throw bindingCountMismatch(given: count) }
        var index: Int32 = 0
        var code = SQLITE_OK
        do throws(Result) {
            for value in repeat each values {
                index += 1
                code = try Self.bindValue(value, handle, index)
                if code != SQLITE_OK { break }
            }
        } catch {
            bindingsDone(complete: false)
            throw Result.misuse(error.message, code: error.code, statement: self)
        }
        if code != SQLITE_OK {
            bindingsDone(complete: false)
            throw connection.error(code: code, statement: self)
        }
        bindingsSucceeded()
    }

    // Measured: without the Int64 case, about 4 % on insert-positional core (callgrind).
    /// Binds one value of a pack: an `Int64` straight to SQLite, others through their witness.
    @inlinable
    @inline(__always)
    static func bindValue<B: Binding>(_ value: B, _ handle: OpaquePointer, _ index: Int32) throws(Result) -> Int32 {
        if B.self == Int64.self { return sqlite3_bind_int64(handle, index, unsafeBitCast(value, to: Int64.self)) }
        return try value.bind(to: handle, at: index)
    }

    /// The error for binding `given` values to a statement with a different parameter count.
    @usableFromInline
    func bindingCountMismatch(given: Int) -> Result {
        bindingsDone(complete: false)
        // A statement that never prepared reports why, not its placeholder's count.
        if let failure = connection.preparationError(of: self) { return failure }
        return .misuse("\(parameterCount) value(s) expected, \(given) given", code: SQLITE_RANGE, statement: self)
    }

    /// Binds the values by position and runs the statement to completion.
    @discardableResult
    public func run(_ bindings: [Binding?]) throws -> Statement {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        sqlite3_reset(handle)
        try bindLocked(bindings)
        try runLocked()
        return self
    }

    /// Binds the parameters through `bind` and runs the statement to completion: for a higher
    /// tier that holds its values in its own form and binds them straight to the raw handle,
    /// with no `[Binding?]` array.
    ///
    /// `count` is the number of values `bind` binds (parameters 1 to `count`); a count other
    /// than ``parameterCount`` throws before anything is bound. `bind` returns `SQLITE_OK`, or
    /// the first failing code of an `sqlite3_bind_*` call; errors are reported as
    /// ``run(_:)-8fttl`` reports them.
    public func run(binding count: Int, with bind: (OpaquePointer) throws(Result) -> Int32) throws(Result) {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        try runLocked(binding: count, with: bind)
    }

    /// ``run(binding:with:)`` for a caller that holds the connection's lock.
    package func runLocked(binding count: Int, with bind: (OpaquePointer) throws(Result) -> Int32) throws(Result) {
        sqlite3_reset(handle)
        guard count == parameterCount else { throw bindingCountMismatch(given: count) }
        let code: Int32
        do throws(Result) {
            code = try bind(handle)
        } catch {
            bindingsDone(complete: false)
            throw Result.misuse(error.message, code: error.code, statement: self)
        }
        if code != SQLITE_OK {
            bindingsDone(complete: false)
            throw connection.error(code: code, statement: self)
        }
        bindingsSucceeded()
        try runLocked()
    }

    /// Binds the values by parameter name (`":email"`, or `"email"`) and runs the statement.
    @discardableResult
    public func run(_ bindings: [String: Binding?]) throws -> Statement {
        try connection.lock.withLock { () throws(Result) in
            sqlite3_reset(handle)
            try bindLocked(bindings)
            try runLocked()
        }
        return self
    }

    /// Steps until done, discarding rows. Call with the lock held and bindings applied.
    @usableFromInline
    func runLocked() throws(Result) {
        try connection.checkOpen(statement: self)
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        // A statement that ran to its end holds no lock or transaction (SQLite ended them when
        // it halted) and is reset by its next use; one that failed is reset now, to end them.
        if code != SQLITE_DONE {
            let error = connection.error(code: code, statement: self)
            sqlite3_reset(handle)
            throw error
        }
        endedLocked()
    }

    /// Leaves a statement whose step returned `SQLITE_DONE` ready for its next use, with the lock
    /// held. An ordinary statement stays at its end: SQLite ended its transaction there, and its
    /// next step or binding resets it. An EXPLAIN is reset now, since SQLite's automatic reset
    /// at its next step gives it no rows.
    private func endedLocked() {
        if sqlite3_stmt_isexplain(handle) != 0 { sqlite3_reset(handle) }
    }

    /// Binds `bindings` (when given), runs the statement, and returns the first column of the
    /// first row (`nil` when there is no row or the value is NULL).
    ///
    /// ```swift
    /// let count = try db.prepare("SELECT count(*) FROM users").scalar() as? Int64
    /// ```
    public func scalar(_ bindings: Binding?...) throws -> Binding? {
        try scalar(bindings)
    }

    /// Binds the values by position, runs the statement and returns the first column of the
    /// first row.
    public func scalar(_ bindings: [Binding?]) throws -> Binding? {
        try connection.lock.withLock { () throws(Result) -> Binding? in
            sqlite3_reset(handle)
            if !bindings.isEmpty { try bindLocked(bindings) }
            return try scalarLocked()
        }
    }

    /// Binds the values by name, runs the statement and returns the first column of the first row.
    public func scalar(_ bindings: [String: Binding?]) throws -> Binding? {
        try connection.lock.withLock { () throws(Result) -> Binding? in
            sqlite3_reset(handle)
            try bindLocked(bindings)
            return try scalarLocked()
        }
    }

    private func scalarLocked() throws(Result) -> Binding? {
        if !ready.pointee { throw notReadyError() }
        try connection.checkOpen(statement: self)
        let code = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        switch code {
        case SQLITE_ROW: return columnCount > 0 ? row.binding(at: 0) : nil
        case SQLITE_DONE: return nil
        default: throw connection.error(code: code, statement: self)
        }
    }

    /// Resets the statement to run again; by default also sets every parameter back to NULL
    /// (after which it must be bound again before it runs).
    public func reset(clearBindings shouldClear: Bool = true) {
        connection.lock.withLock {
            sqlite3_reset(handle)
            if shouldClear { clearBindingsLocked() }
        }
    }

    /// Sets every parameter back to NULL, leaving the statement to be bound again.
    public func clearBindings() {
        connection.lock.withLock { clearBindingsLocked() }
    }

    private func clearBindingsLocked() {
        sqlite3_clear_bindings(handle)
        bindingsComplete = parameterCount == 0
        partialBindings = nil
        pendingError = nil
    }

    func unboundParametersError() -> Result {
        .misuse(
            "\(parameterCount) parameter(s) were never bound: bind values before running the statement",
            code: SQLITE_RANGE, statement: self)
    }
}

extension Statement: Sequence, IteratorProtocol {
    /// The next row as an array of values, or `nil` at the end.
    ///
    /// An error stops the program, as in SQLite.swift, with SQLite's error, its code and the
    /// SQL: it must not look like the end of the rows. Use ``failableNext()`` to have it thrown.
    public func next() -> [Binding?]? {
        do {
            return try failableNext()
        } catch {
            failedIteration(error)
        }
    }

    /// The next row as an array of values, `nil` at the end; throws SQLite's error.
    public func failableNext() throws -> [Binding?]? {
        // One taking of the lock for the step and the copy: another thread's statement on the
        // connection cannot run between them.
        try connection.lock.withLock { try step() ? row.values : nil }
    }
}

extension Statement: CustomStringConvertible {
    /// The SQL text of the statement.
    public var description: String { sql }
}

/// The storage class of a value, as `sqlite3_column_type` reports it.
public enum ColumnType: Sendable, Hashable {
    /// A 64-bit signed integer.
    case integer
    /// A 64-bit IEEE floating point number.
    case real
    /// Text.
    case text
    /// Bytes.
    case blob
    /// NULL.
    case null

    /// The storage class for one of SQLite's `SQLITE_INTEGER`... codes.
    public init(_ code: Int32) {
        switch code {
        case SQLITE_INTEGER: self = .integer
        case SQLITE_FLOAT: self = .real
        case SQLITE_TEXT: self = .text
        case SQLITE_BLOB: self = .blob
        default: self = .null
        }
    }
}

/// A value for the parameter called `name`, for ``Statement/run(named:)``.
public struct NamedBinding<V: Binding> {
    /// The parameter name, with its prefix (`":email"`) or without (`"email"`).
    public let name: String
    /// The value.
    public let value: V

    /// A value for the parameter called `name`.
    @inlinable
    public init(_ name: String, _ value: V) {
        self.name = name
        self.value = value
    }
}

// Caching: what the package keeps between calls, and who owns it. Everything kept is listed
// here with its owner.
//
// Core's:
// - `StatementCache` (this file), owned by each `Connection`: prepared statements by the SQL
//   text they were asked for, at most 64, least recently used evicted. A statement is taken out
//   while in use and put back afterwards, so two uses of one text at once get two statements.
// - `ColumnLayout` (`Statement/ColumnLayout.swift`), owned by each `Statement`: its result
//   columns' names and a name-to-index map, for one generation of its columns.
// - `ParameterNameTable`, owned by each `Statement`: the names its parameters answer to.
// - `RegionCache`, owned by each observation: the tables each SQL text it ran reads, for one
//   schema version.
// - `FunctionRegistry`, `HookSet`, `SessionRegistry`, owned by each connection's handle: the
//   Swift closures SQLite calls back, kept alive while registered (registrations, not caches).
// - `NewerCFunctions` (`Build/NewerCFunctions.swift`, `SystemSQLite` builds only), process-wide:
//   each C function newer than the Apple floor's SQLite (3.28), looked up once in the loaded
//   libsqlite3 (`GatedCalls` calls it). Written once, at first use; the reason it is process-wide
//   is that the library it describes is too: it does not change while the process runs.
// - Virtual-table modules (`ModuleRegistration`, `VirtualTables/VirtualTableBridge.swift`),
//   owned by SQLite for each connection: one reference each, released by the destructor SQLite
//   calls when the module is replaced or dropped or the connection closes; their tables and
//   cursors are owned by the C structures SQLite holds (released at disconnect and close). A
//   bound `SQLArray` is owned by its statement's binding.
// - Swift VFSes (`VFS/`), owned by their registration with SQLite (process-wide, as SQLite's VFS
//   list is) and by each file open through them; their method tables (`VFSCallbacks`) are
//   immutable, allocated once per process and never freed because SQLite keeps pointers to them.
//
// The tiers' (each in the `TierStore` of a connection or a statement, `TierStore.swift`):
// - typed, with the connection: `TypedConnectionState`, the text of the last simple select
//   (`LastSelectShape`) and of the last insert built from setters (`LastInsertShape`), each
//   compared with the next query by value. Measured: rendering on every call instead costs
//   point-lookup typed 39.9M -> 101.8M instructions (5.59x raw C, budget 2.3) and insert-named
//   typed 79.3M -> 374.9M (5.24x, budget 1.6). With each statement, for one column generation:
//   its `ColumnMap` (the key of each column and the names it answers to, the spare row copy of
//   `pluck`, the Codable tier's `Row.runAttachment`); a joined `SELECT *`'s map is made per run and not kept. Measured: a map made per
//   run instead costs point-lookup typed 56.4M -> 283.1M instructions (15.5x raw C); a new row
//   copy for every `pluck` instead of the spare one, 39.8M -> 42.9M (2.36x).
// - Codable, with the connection: `CodableStore` (a `RecordPlan` per record type: its SQL and
//   an encoder kept between records; and the pool read the connection runs, if any); with each statement: `StatementState` (its column maps and the
//   decoders of its next run, in short lists searched in order); with each run of a typed query
//   (`Row.runAttachment`, kept by the run's `ColumnMap`): the decoder `row.decode()` made for
//   the run's first row. A record's primary-key lookup is a statement of the connection's cache
//   like any other.
//   Within the tier's objects, kept because removing them breaks the speed budget (callgrind
//   --quick, x raw C): each encoder's `EncodingMemo`, the SQL made for its last column list
//   (without it, Encodable inserts 2.63 -> 11.0; record inserts, which share it, 2.27 -> 2.83);
//   each decoder's `KeyLookup` slots, the previous row's key lookups by position, keyed by the
//   key's type and bits (`KeyBits`; compared by string instead, record point lookup 2.13 ->
//   2.32, over 2.3, fetch-record 2.20 -> 2.58); the encoder's kept keyed container
//   (`KeptContainer`; a new one per row, Encodable inserts 2.75 -> 3.04); and `EncodedRow`'s
//   memo of the previous row's keys and columns by position, recognized by their string words
//   (`StringWords`, Core's) and key bits (without them, one full run's wall time took
//   insert-record codable 2.9 -> 3.45x raw C, over 3.0, though instructions rose only to 2.75).
//   Not measured alone: the decoder's kept container.
// Process-wide, in the Codable tier, each for want of an owner when it is used:
// `EncodingPlan`'s plans, for `table.insert(encodable)`, which SQLite.swift's signature builds
// before any connection is known (a plan's encoder holds the memo above: without the plans
// every insert starts a new encoder); the decoders' row-ticket pool (`RowTicket`), whose
// tickets outlive any one decoder so that a kept container can tell it is stale without
// reference counting per field (not measured alone; removed with the other memos at once it was
// decode-row 4.1); the queues and pools whose record tables were made (`SyncedRecordTypes`),
// as the queue and pool are Core's and keep nothing for this tier; and `RecordDatabase`'s
// default and named databases, a public convention of the seeds.
//
// Staleness, one rule, decided by Core. SQLite re-prepares a statement whose schema changed
// inside its next step; `Statement.columnsGeneration` changes when that gave it other columns,
// and then the column layout is rebuilt and the statement's tier store found empty.
// `Connection.clearStatementCache()`, `close()` and `deserialize` finalize every cached
// statement and empty the connection's tier store; a statement leaving the cache loses its own.
//
// Process-wide in Core: SQLite's own initialization (`Connection.sqliteInitialized`), the
// placeholder database of statements that failed to prepare (`Statement.unprepared`), and the
// global log configuration (`LogConfiguration.global`, as SQLite's own log is per process).

/// A bounded least-recently-used cache of prepared statements keyed by SQL text, so that a
/// query run in a loop is prepared once (rusqlite's `prepare_cached`).
///
/// Checking a statement out removes it from the cache and checking it in puts it back as the
/// most recently used, so a statement in use is never handed out twice: a query nested in its
/// own loop prepares a second statement. The free statements are kept in use order; a lookup
/// searches from the most recent, which finds the statement of a loop at once.
///
/// Its state is guarded by its connection's lock (recursive), so the tiers that hold that lock
/// around a whole statement use (check out, bind, step, check in) take no second lock.
final class StatementCache: @unchecked Sendable {
    /// The free statements, least recently used first, each found by its ``Statement/cacheKey``.
    private var free: [Statement] = []
    /// Set when the connection closes: statements checked in afterwards are dropped.
    private var isClosed = false
    private let lock: RecursiveLock
    /// The most statements kept.
    let capacity = 64

    /// A cache guarded by `lock`, the connection's.
    init(lock: RecursiveLock) {
        self.lock = lock
    }

    /// Takes the cached statement for `sql` out of the cache, nil when there is none free.
    /// Called with the connection's lock held.
    func checkOutLocked(_ sql: String) -> Statement? {
        let length = sql.utf8.count
        guard let index = free.lastIndex(where: { $0.cacheKey.utf8.count == length && $0.cacheKey == sql }) else {
            return nil
        }
        let statement = free.remove(at: index)
        statement.isCached = false
        return statement
    }

    /// Puts `statement` back as the most recently used one, evicting the least recently used
    /// statement when the cache is full; one already in the cache stays as it is. Called with
    /// the lock held.
    func checkInLocked(_ statement: Statement) {
        guard !statement.isCached else { return }
        guard !isClosed else {
            // Not kept: what a tier attached may refer back to the statement.
            statement.tierStore = TierStore()
            return
        }
        // A statement the connection prepared directly is found by its own text.
        if statement.cacheKey.isEmpty { statement.cacheKey = statement.sql }
        statement.isCached = true
        free.append(statement)
        // Released when this returns, once the cache's state is consistent again: finalizing
        // it takes the (recursive) connection lock.
        let evicted = free.count > capacity ? free.removeFirst() : nil
        evicted?.isCached = false
        evicted?.tierStore = TierStore()
    }

    var count: Int { lock.withLock { free.count } }

    /// Finalizes every cached statement and keeps none from now on (the connection closed).
    /// Called with the lock held.
    func close() {
        isClosed = true
        removeAll()
    }

    /// Drops every cached statement (finalized unless someone else holds it).
    func removeAll() {
        var dropped: [Statement] = []
        lock.withLock {
            swap(&dropped, &free)
            for statement in dropped {
                statement.isCached = false
                statement.tierStore = TierStore()
            }
        }
        dropped.removeAll()
    }
}

extension Connection {
    /// A prepared statement for `sql` from the connection's cache, prepared on a miss.
    ///
    /// Give it back with ``returnToCache(_:)`` when done so the next call reuses it; a
    /// statement never given back is simply finalized when released. Prefer
    /// ``withCachedStatement(_:_:)``, which does both.
    public func cachedStatement(_ sql: String) throws -> Statement {
        try connection.lock.withLock { () throws(Result) in try lockedCachedStatement(sql) }
    }

    /// Puts a statement obtained from ``cachedStatement(_:)`` back in the cache, reset.
    public func returnToCache(_ statement: Statement) {
        connection.lock.withLock { returnLockedToCache(statement) }
    }

    /// Runs `body` with a cached prepared statement for `sql` and the connection's lock held
    /// throughout, then returns the statement to the cache: ``withCachedStatement(_:_:)`` with
    /// the lock taken once for the lookup, the work and the return, for the higher tiers.
    @inlinable
    package func withLockedCachedStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        let statement = try lockedCachedStatement(sql)
        defer { returnLockedToCache(statement) }
        return try body(statement)
    }

    /// A statement for `sql` from the cache, prepared on a miss. Called with the lock held
    /// (a higher tier that keeps state with the connection takes the lock once for that state
    /// and the statement).
    @usableFromInline
    package func lockedCachedStatement(_ sql: String) throws(Result) -> Statement {
        try connection.checkOpen()
        if let statement = statementCache.checkOutLocked(sql) { return statement }
        let statement = try prepareStatement(sql, persistent: true)
        statement.cacheKey = sql
        return statement
    }

    /// ``returnToCache(_:)`` with the lock held. Most statements come back at their end (a run
    /// steps to it), holding nothing, and every use resets a statement before binding it; one
    /// left part way through its rows is reset, so that it holds no read transaction in the
    /// cache.
    @usableFromInline
    package func returnLockedToCache(_ statement: Statement) {
        if sqlite3_stmt_busy(statement.handle) != 0 { sqlite3_reset(statement.handle) }
        statementCache.checkInLocked(statement)
    }

    /// Runs the cached statement for `sql` to completion, its parameters bound by `bind` as
    /// ``Statement/run(binding:with:)`` binds them, and returns the connection's last inserted
    /// rowid: a higher tier's insert, with the connection's lock taken once for the lookup,
    /// the run and the statement's return to the cache.
    package func runCached(
        _ sql: String, binding count: Int, with bind: (OpaquePointer) throws(Result) -> Int32
    ) throws(Result) -> Int64 {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        return try runCachedLocked(sql, binding: count, with: bind)
    }

    /// ``runCached(_:binding:with:)`` for a caller that holds the connection's lock (to look up
    /// the SQL in state it keeps with the connection first).
    package func runCachedLocked(
        _ sql: String, binding count: Int, with bind: (OpaquePointer) throws(Result) -> Int32
    ) throws(Result) -> Int64 {
        let statement = try lockedCachedStatement(sql)
        // A run leaves the statement at its end or reset, and a failed bind leaves it
        // unstarted: it goes back as it is.
        defer { statementCache.checkInLocked(statement) }
        try statement.runLocked(binding: count, with: bind)
        return sqlite3_last_insert_rowid(handle)
    }

    /// Runs `body` with a cached prepared statement for `sql`, then returns it to the cache.
    ///
    /// ```swift
    /// for email in emails {
    ///     try db.withCachedStatement("INSERT INTO users (email) VALUES (?)") { try $0.run(email) }
    /// }
    /// ```
    public func withCachedStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement = try cachedStatement(sql)
        defer { returnToCache(statement) }
        return try body(statement)
    }

    /// The most statements the cache keeps (64); the least recently used one goes first.
    public var statementCacheCapacity: Int { statementCache.capacity }

    /// Finalizes every cached statement, including those the higher tiers keep with the
    /// connection (such as the record tier's lookups by key).
    public func clearStatementCache() {
        dropCaches()
    }

    /// Drops what the tiers keep with the connection and finalizes every statement of the
    /// cache (those checked out stay with their users): the one way the connection's caches are
    /// emptied. The store goes first, as what it holds may hold cached statements.
    package func dropCaches() {
        withLock { tierStore = TierStore() }
        statementCache.removeAll()
    }
}

// Caching: one design for every tier.
//
// Owners. Each `Connection` owns everything cached for it: its `StatementCache` (prepared
// statements by SQL text, checked out while in use) and its `TierStore`; each `Statement` owns a
// `TierStore` of its own. One cache is process-wide, for want of a connection: the Codable
// tier's encoding plans for `table.insert(encodable)`, which SQLite.swift's signature builds
// before any connection is known (`EncodingPlan`, under one lock).
//
// Plugging in. A tier keeps what it derives in its one place of those stores
// (`TierStore.Tier`): with the connection what depends on the SQL only (the typed tier's
// statement text by query shape, the record tier's plans), with the statement what depends on
// its result columns (the typed tier's column map, the Codable tier's decoders). Stores are
// touched with the connection's lock held, or by the code that has the statement checked out.
//
// Invalidation, one rule. A statement's store holds what was derived from one generation of its
// columns (`Statement.columnsGeneration`): `Statement.tierObject(_:)` finds it empty once SQLite
// re-prepared the statement with other columns (a schema change), so no tier checks that
// itself. A statement evicted from the cache loses its store; `Connection.dropCaches()` finalizes
// every cached statement and empties the connection's store, and runs on
// `clearStatementCache()`, `close()` and `deserialize`.

/// A bounded least-recently-used cache of prepared statements keyed by SQL text, so that a
/// query run in a loop is prepared once (rusqlite's `prepare_cached`).
///
/// A statement is checked out while in use and checked back in afterwards: two uses of the
/// same SQL at once (a query nested in its own loop) get two statements, never one shared.
///
/// A use costs no hashing in the common case: the cache remembers the SQL string it was last
/// asked for in each slot and first compares the two words of the caller's string with it
/// (the same storage object, as when a query builder hands out one string per query shape),
/// then falls back to a dictionary of every text that found the statement. Checking in goes
/// straight to the statement's slot.
///
/// Its state is guarded by its connection's lock (recursive), so the tiers that hold that lock
/// around a whole statement use (check out, bind, step, check in) take no second lock, and no
/// order between two locks can deadlock. Swift's run-time exclusivity checks are turned off for
/// the state: they would cost more than the rest of a lookup.
final class StatementCache: @unchecked Sendable {
    private struct Slot {
        /// The statement; held while checked out too, until the slot is evicted.
        var statement: Statement
        /// Whether the statement is in the cache rather than checked out.
        var available: Bool
        /// The text of the latest lookup that found the statement, compared by its words.
        var recentKey: String
        /// Every text registered in ``StatementCache/lookup`` for this slot.
        var keys: [String]
        /// The use clock at the latest check-in, for eviction.
        var lastUse: UInt64
    }

    @exclusivity(unchecked)
    private var slots: [Slot] = []
    /// SQL text → slot, for lookups whose string is not the one a slot remembers.
    @exclusivity(unchecked)
    private var lookup: [String: Int] = [:]
    /// The slot of the latest checkout, tried first.
    @exclusivity(unchecked)
    private var recentSlot = 0
    @exclusivity(unchecked)
    private var clock: UInt64 = 0
    private let lock: RecursiveLock
    let capacity: Int

    /// A cache of `capacity` statements guarded by `lock`, the connection's.
    init(capacity: Int, lock: RecursiveLock) {
        self.capacity = capacity
        self.lock = lock
    }

    /// Takes the cached statement for `sql` out of the cache, nil when there is none free.
    /// Called with the connection's lock held.
    @inline(__always)
    func checkOutLocked(_ sql: String) -> Statement? {
        if let slot = identicalSlot(sql) ?? lookup[sql], slots[slot].available {
            return take(slot, sql)
        }
        // Another statement for the same text may be free when the registered one is out.
        if let slot = slots.indices.first(where: { slots[$0].available && slots[$0].keys.contains(sql) }) {
            return take(slot, sql)
        }
        return nil
    }

    /// Puts `statement` back: straight into its slot when it came out of the cache, else filed
    /// under the text it was looked up by (its ``Statement/cacheKey``) and its own text, which
    /// lacks what followed the statement ("; "). Only a statement new to the cache has its
    /// texts read. Called with the connection's lock held.
    @inline(__always)
    func checkInLocked(_ statement: Statement) {
        let slot = statement.cacheSlot
        if capacity > 0, slot >= 0, slot < slots.count, slots[slot].statement === statement {
            clock &+= 1
            slots[slot].available = true
            slots[slot].lastUse = clock
            return
        }
        register(statement)
    }

    /// Checks in a statement that has no slot of its own: a new one takes a free slot or the
    /// least recently used one. Called with the lock held.
    @inline(never)
    private func register(_ statement: Statement) {
        guard capacity > 0, !isClosed else {
            statement.tierStore = TierStore()
            statement.cacheKey = nil
            return
        }
        clock &+= 1
        let sql = statement.cacheKey
        statement.cacheKey = nil
        var keys = [statement.sql]
        if let sql, sql != keys[0] { keys.append(sql) }
        let entry = Slot(
            statement: statement, available: true, recentKey: sql ?? keys[0], keys: keys, lastUse: clock)
        let index: Int
        // A statement displaced from the cache is released when this returns, once the cache's
        // state is consistent again: finalizing it takes the (recursive) connection lock and
        // may run the deinitializers of what the tiers kept with it.
        var displaced: Statement?
        if slots.count < capacity {
            index = slots.count
            slots.append(entry)
        } else {
            index = leastRecentlyUsedSlot()
            displaced = slots[index].statement
            // What a higher tier attached may refer back to the statement: drop it, so
            // that the statement is freed (and finalized) with the cache's reference.
            if slots[index].available { slots[index].statement.tierStore = TierStore() }
            slots[index].statement.cacheSlot = -1
            for key in slots[index].keys where lookup[key] == index { lookup[key] = nil }
            slots[index] = entry
        }
        statement.cacheSlot = index
        for key in keys { lookup[key] = index }
        _ = displaced
    }

    var count: Int { lock.withLock { slots.count(where: \.available) } }

    /// Set when the connection closes: statements checked in afterwards are dropped.
    @exclusivity(unchecked)
    private var isClosed = false

    /// Finalizes every cached statement and keeps none from now on (the connection closed).
    /// Called with the lock held.
    func close() {
        isClosed = true
        removeAll()
    }

    func removeAll() {
        // Released once the state is consistent, as in `checkIn`.
        var displaced: [Slot] = []
        lock.withLock {
            swap(&displaced, &slots)
            for slot in displaced {
                slot.statement.cacheSlot = -1
                if slot.available { slot.statement.tierStore = TierStore() }
            }
            lookup.removeAll()
            recentSlot = 0
        }
        displaced.removeAll()
    }

    // MARK: - Internals (called with the lock held)

    /// The slot whose remembered text is `sql`'s very string, compared word for word.
    private func identicalSlot(_ sql: String) -> Int? {
        guard StringWords.isSupported else { return nil }
        let words = StringWords(sql)
        func matches(_ slot: Int) -> Bool { StringWords(slots[slot].recentKey) == words }
        if recentSlot < slots.count, matches(recentSlot) { return recentSlot }
        return slots.indices.first(where: matches)
    }

    /// Checks out the statement of `slot`, found by `sql` (one of the slot's registered texts),
    /// and remembers that string so that its next lookup needs no hashing.
    private func take(_ slot: Int, _ sql: String) -> Statement {
        slots[slot].available = false
        // Most lookups come with the very string remembered: assigning it again would only
        // retain one and release the other.
        if StringWords(slots[slot].recentKey) != StringWords(sql) { slots[slot].recentKey = sql }
        recentSlot = slot
        return slots[slot].statement
    }

    /// The slot to replace: the least recently checked-in free one, or the oldest of all when
    /// every statement is out (the caller still holds it; the cache just forgets it).
    private func leastRecentlyUsedSlot() -> Int {
        var best = 0
        var bestKey = (available: false, lastUse: UInt64.max)
        for (index, slot) in slots.enumerated() {
            let better =
                slot.available != bestKey.available ? slot.available : slot.lastUse < bestKey.lastUse
            if index == 0 || better {
                best = index
                bestKey = (slot.available, slot.lastUse)
            }
        }
        return best
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

    /// The number of statements the cache keeps (64 by default); 0 disables caching.
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

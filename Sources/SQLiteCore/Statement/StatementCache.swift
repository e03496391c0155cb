/// A bounded least-recently-used cache of prepared statements keyed by SQL text, so that a
/// query run in a loop is prepared once (rusqlite's `prepare_cached`).
///
/// A statement is checked out while in use and checked back in afterwards: two uses of the
/// same SQL at once (a query nested in its own loop) get two statements, never one shared.
final class StatementCache: @unchecked Sendable {
    private var entries: [String: Statement] = [:]
    private var order: [String] = []
    /// The statement text SQLite keeps (`sqlite3_sql`) for SQL that differs from it, e.g.
    /// `"SELECT 1;"` for `"SELECT 1; "`: statements are checked in under that text.
    private var canonicalSQL: [String: String] = [:]
    private let lock = RecursiveLock()
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func checkOut(_ sql: String) -> Statement? {
        lock.withLock { entries.removeValue(forKey: canonicalSQL[sql] ?? sql) }
    }

    /// Records that `sql` prepares to a statement whose text is `canonical`.
    func noteCanonical(_ canonical: String, for sql: String) {
        guard canonical != sql else { return }
        lock.withLock {
            if canonicalSQL.count >= Swift.max(capacity, 1) * 4 { canonicalSQL.removeAll() }
            canonicalSQL[sql] = canonical
        }
    }

    func checkIn(_ statement: Statement, sql: String) {
        // Statements displaced from the cache are released after the cache lock is: finalizing
        // takes the connection lock, and a thread holding that one (in a transaction, say) may
        // be waiting for the cache lock.
        var displaced: [Statement] = []
        lock.withLock {
            guard capacity > 0 else { return }
            // Move the key to the most recently used end. It is usually still in `order` from
            // before its checkout (which removes the entry, not the key): appending it again
            // without removing it would grow `order` by one on every use.
            if let position = order.lastIndex(of: sql) { order.remove(at: position) }
            order.append(sql)
            if let replaced = entries.updateValue(statement, forKey: sql) { displaced.append(replaced) }
            while entries.count > capacity, !order.isEmpty {
                if let evicted = entries.removeValue(forKey: order.removeFirst()) { displaced.append(evicted) }
            }
            if order.count > capacity * 4 { order = order.filter { entries[$0] != nil } }
        }
        displaced.removeAll()
    }

    var count: Int { lock.withLock { entries.count } }

    func removeAll() {
        // Released after the lock, as in `checkIn`.
        var displaced: [String: Statement] = [:]
        lock.withLock {
            swap(&displaced, &entries)
            order.removeAll()
            canonicalSQL.removeAll()
        }
        displaced.removeAll()
    }
}

extension Connection {
    /// A prepared statement for `sql` from the connection's cache, prepared on a miss.
    ///
    /// Give it back with ``returnToCache(_:)`` when done so the next call reuses it; a
    /// statement never given back is simply finalized when released. Prefer
    /// ``withCachedStatement(_:_:)``, which does both.
    public func cachedStatement(_ sql: String) throws(Result) -> Statement {
        if let statement = statementCache.checkOut(sql) { return statement }
        let statement = try prepareStatement(sql, persistent: true)
        // It comes back under its own text, which lacks what followed the statement ("; ").
        statementCache.noteCanonical(statement.sql, for: sql)
        return statement
    }

    /// Puts a statement obtained from ``cachedStatement(_:)`` back in the cache, reset.
    public func returnToCache(_ statement: Statement) {
        statement.reset(clearBindings: false)
        statementCache.checkIn(statement, sql: statement.sql)
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

    /// Finalizes every cached statement.
    public func clearStatementCache() {
        statementCache.removeAll()
    }
}

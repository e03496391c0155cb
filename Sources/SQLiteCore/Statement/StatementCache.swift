/// A bounded least-recently-used cache of prepared statements keyed by SQL text, so that a
/// query run in a loop is prepared once (rusqlite's `prepare_cached`).
///
/// A statement is checked out while in use and checked back in afterwards: two uses of the
/// same SQL at once (a query nested in its own loop) get two statements, never one shared.
final class StatementCache: @unchecked Sendable {
    private var entries: [String: Statement] = [:]
    private var order: [String] = []
    private let lock = RecursiveLock()
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func checkOut(_ sql: String) -> Statement? {
        lock.withLock { entries.removeValue(forKey: sql) }
    }

    func checkIn(_ statement: Statement, sql: String) {
        lock.withLock {
            guard capacity > 0 else { return }
            // A checked-out statement's SQL stays in `order`: move it to the end rather than
            // appending it again, or `order` grows by one entry per use.
            if let position = order.lastIndex(of: sql) { order.remove(at: position) }
            entries[sql] = statement
            order.append(sql)
            while entries.count > capacity, !order.isEmpty {
                entries.removeValue(forKey: order.removeFirst())
            }
            if order.count > capacity * 4 { order = order.filter { entries[$0] != nil } }
        }
    }

    var count: Int { lock.withLock { entries.count } }

    func removeAll() {
        lock.withLock {
            entries.removeAll()
            order.removeAll()
        }
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
        return try prepareStatement(sql, persistent: true)
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

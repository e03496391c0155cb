import Foundation
import SQLiteCore
import Testing

@Suite struct StatementCacheTests {
    @Test func withCachedStatementReusesThePreparedStatement() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        #expect(db.statementCacheCapacity == 64)
        let sql = "INSERT INTO t VALUES (?)"
        let first = try db.withCachedStatement(sql) { statement in
            try statement.run(1)
            return ObjectIdentifier(statement)
        }
        let second = try db.withCachedStatement(sql) { statement in
            try statement.run(2)
            return ObjectIdentifier(statement)
        }
        #expect(first == second)
        #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == 3)
    }

    @Test func nestedUseOfTheSameSQLGetsTwoStatements() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
        let sql = "SELECT x FROM t WHERE x >= ? ORDER BY x"
        var pairs: [[Int64]] = []
        try db.withCachedStatement(sql) { outer in
            outer.bind(2)
            while try outer.step() {
                let x: Int64 = outer.row[0]
                try db.withCachedStatement(sql) { inner in
                    #expect(inner !== outer)
                    inner.bind(x)
                    while try inner.step() { pairs.append([x, inner.row[0]]) }
                }
            }
        }
        #expect(pairs == [[2, 2], [2, 3], [3, 3]])
    }

    @Test func cachedStatementsAreResetWhenReturned() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let sql = "SELECT x FROM t ORDER BY x"
        try db.withCachedStatement(sql) { (statement: Statement) throws -> Void in
            #expect(try statement.step())  // left mid-iteration
        }
        let first = try db.withCachedStatement(sql) { statement -> Int64? in
            try statement.step() ? statement.row[0] : nil
        }
        #expect(first == 1)
        // A reset statement holds no read lock: a write from another connection is not blocked.
        #expect(db.autocommit)
    }

    @Test func errorsPropagateAndTheStatementStaysUsable() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x UNIQUE)")
        let sql = "INSERT INTO t VALUES (?)"
        try db.withCachedStatement(sql) { _ = try $0.run(1) }
        expectResult(code: SQLITE_CONSTRAINT) { try db.withCachedStatement(sql) { _ = try $0.run(1) } }
        #expect(throws: TestError.self) { try db.withCachedStatement(sql) { _ in throw TestError() } }
        try db.withCachedStatement(sql) { _ = try $0.run(2) }
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        expectResult(code: SQLITE_ERROR) { try db.withCachedStatement("SELECT * FROM nowhere") { _ in } }
    }

    @Test func cachedStatementAndReturnToCache() throws {
        let db = try Connection()
        let statement = try db.cachedStatement("SELECT 1")
        let other = try db.cachedStatement("SELECT 1")  // not returned yet: a second statement
        #expect(statement !== other)
        db.returnToCache(statement)
        #expect(try db.cachedStatement("SELECT 1") === statement)
        db.returnToCache(statement)
        db.clearStatementCache()
        let fresh = try db.cachedStatement("SELECT 1")
        #expect(fresh !== statement)
        #expect(try fresh.scalar() as? Int64 == 1)
    }

    @Test func schemaChangesDoNotBreakCachedStatements() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let sql = "SELECT * FROM t"
        #expect(try db.withCachedStatement(sql) { try $0.scalar() } as? Int64 == 1)
        #expect(try db.withCachedStatement(sql) { $0.columnNames } == ["x"])
        try db.execute("ALTER TABLE t ADD COLUMN y DEFAULT 5")
        let columns = try db.withCachedStatement(sql) { statement -> Int in
            _ = try statement.step()
            return statement.row.values.count
        }
        #expect(columns == 2)
        try db.execute("ALTER TABLE t RENAME COLUMN x TO renamed")
        let names = try db.withCachedStatement(sql) { statement -> [String] in
            _ = try statement.step()
            return statement.columnNames
        }
        #expect(names == ["renamed", "y"])
    }
}

@Suite struct StatementCacheKeyTests {
    @Test(arguments: ["SELECT 1; ", "  SELECT 1", "SELECT 1 -- one", "SELECT 1;\n"])
    func sqlWithSurroundingTextIsStillReused(sql: String) throws {
        let db = try Connection()
        let first = try db.withCachedStatement(sql) { ObjectIdentifier($0) }
        let second = try db.withCachedStatement(sql) { ObjectIdentifier($0) }
        #expect(first == second)
    }

    /// Many uses reuse the one statement prepared at first (how fast the cache's bookkeeping is
    /// belongs to the benchmarks).
    @Test func manyUsesOfOneStatementReuseIt() throws {
        let db = try Connection()
        let first = try db.withCachedStatement("SELECT 1") { ObjectIdentifier($0) }
        var reused = 0
        var sum: Int64 = 0
        for _ in 0..<20_000 {
            try db.withCachedStatement("SELECT 1") { statement in
                if ObjectIdentifier(statement) == first { reused += 1 }
                sum += try statement.scalar() as? Int64 ?? 0
            }
        }
        #expect(reused == 20_000)
        #expect(sum == 20_000)
    }

    @Test func leastRecentlyUsedStatementIsEvicted() throws {
        let db = try Connection()
        let capacity = db.statementCacheCapacity
        let keep = try db.withCachedStatement("SELECT 0") { ObjectIdentifier($0) }
        for index in 1..<capacity {
            _ = try db.withCachedStatement("SELECT \(index)") { try $0.scalar() }
            // Keep "SELECT 0" the most recently used one.
            #expect(try db.withCachedStatement("SELECT 0") { ObjectIdentifier($0) } == keep)
        }
        for index in capacity..<(capacity + 10) {
            _ = try db.withCachedStatement("SELECT \(index)") { try $0.scalar() }
            #expect(try db.withCachedStatement("SELECT 0") { ObjectIdentifier($0) } == keep)
        }
    }

    @Test func aStatementEvictedWhileHeldIsCachedAgainWhenReturned() throws {
        let db = try Connection()
        let held = try db.cachedStatement("SELECT 'held'")
        db.returnToCache(held)
        for index in 0..<db.statementCacheCapacity {
            _ = try db.withCachedStatement("SELECT \(index)") { try $0.scalar() }
        }
        // Evicted by now, and still held here: returning it caches it again.
        #expect(try db.cachedStatement("SELECT 'held'") !== held)
        db.returnToCache(held)
        #expect(try db.cachedStatement("SELECT 'held'") === held)
        db.returnToCache(held)
    }

    @Test func equalTextInAnotherStringFindsTheSameStatement() throws {
        let db = try Connection()
        let base = "SELECT 'a fairly long statement text, stored out of line' AS value"
        let first = try db.withCachedStatement(base) { ObjectIdentifier($0) }
        // Built anew: equal text, different storage.
        let rebuilt = String(base.dropLast(5)) + "value"
        #expect(try db.withCachedStatement(rebuilt) { ObjectIdentifier($0) } == first)
        #expect(try db.withCachedStatement(base) { ObjectIdentifier($0) } == first)
    }

    @Test func statementsOutWhenTheCacheFillsComeBackUsable() throws {
        let db = try Connection()
        let capacity = db.statementCacheCapacity
        var out: [Statement] = []
        for index in 0..<(capacity + 5) { out.append(try db.cachedStatement("SELECT \(index)")) }
        for statement in out { db.returnToCache(statement) }
        for index in 0..<(capacity + 5) {
            #expect(try db.withCachedStatement("SELECT \(index)") { try $0.scalar() } as? Int64 == Int64(index))
        }
        // A statement returned after the cache was cleared is cached again.
        let held = try db.cachedStatement("SELECT 'held'")
        db.clearStatementCache()
        db.returnToCache(held)
        #expect(try db.cachedStatement("SELECT 'held'") === held)
        db.returnToCache(held)
    }
}

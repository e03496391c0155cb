import SQLiteCore
import Testing

/// The fallbacks a `SystemSQLite` build runs on a library older than the function it needs
/// (`FloorFallbacks`) give what the function itself gives (`GatedCalls`, the direct call here).
@Suite struct FloorFallbacksTests {
    @Test(arguments: [0, 1, 3, 250])
    func changesMatchTheSixtyFourBitCounts(rows: Int) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        for row in 0..<rows { try db.run("INSERT INTO t VALUES (?)", row) }
        try db.run("UPDATE t SET x = x + 1")
        #expect(FloorFallbacks.changes(db.handle) == GatedCalls.changes(db.handle))
        #expect(FloorFallbacks.changes(db.handle) == Int64(rows))
        #expect(FloorFallbacks.totalChanges(db.handle) == GatedCalls.totalChanges(db.handle))
        #expect(FloorFallbacks.totalChanges(db.handle) == Int64(2 * rows))
    }

    @Test func schemaNamesMatchSQLiteDbName() throws {
        let db = try Connection()
        #expect(FloorFallbacks.schemaNames(db.handle) == ["main", "temp"])
        #expect(FloorFallbacks.schemaNames(db.handle) == GatedCalls.schemaNames(db.handle))
        try db.attach(.inMemory, as: "archive")
        #expect(FloorFallbacks.schemaNames(db.handle) == GatedCalls.schemaNames(db.handle))
        try db.execute("CREATE TEMP TABLE scratch (x)")
        try db.attach(.inMemory, as: "other")
        #expect(FloorFallbacks.schemaNames(db.handle) == ["main", "temp", "archive", "other"])
        #expect(FloorFallbacks.schemaNames(db.handle) == GatedCalls.schemaNames(db.handle))
    }

    /// Each step's state, per schema and over all, where the fallback is exact.
    @Test func transactionStateMatchesWhereTheLibraryShowsIt() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        try db.attach(.inMemory, as: "other")
        func expectSame(_ step: String) {
            for schema in [nil, "main", "temp", "other", "nowhere"] as [String?] {
                let fallback = FloorFallbacks.transactionState(db.handle, schema: schema)
                let direct = GatedCalls.transactionState(db.handle, schema: schema)
                // The fallback cannot tell one schema from another: it answers for all of them.
                if schema == nil || schema == "main" || direct == -1 {
                    #expect(fallback == direct, "\(step), schema \(schema ?? "nil")")
                }
            }
        }
        expectSame("idle")
        let select = try db.prepare("SELECT x FROM t")
        #expect(try select.step())
        expectSame("a select part way through its rows")
        #expect(GatedCalls.transactionState(db.handle, schema: nil) == SQLITE_TXN_READ)
        while try select.step() {}
        expectSame("the select done")
        try db.execute("BEGIN IMMEDIATE")
        expectSame("BEGIN IMMEDIATE")
        try db.execute("COMMIT")
        try db.execute("BEGIN")
        try db.run("INSERT INTO t VALUES (3)")
        expectSame("a write in a transaction")
        #expect(GatedCalls.transactionState(db.handle, schema: nil) == SQLITE_TXN_WRITE)
        try db.execute("COMMIT")
        expectSame("committed")
    }

    /// Where 3.28 shows no lock state (inside `BEGIN`), the fallback answers write, the most a
    /// transaction may hold: a deferred transaction that has only read, or not even that.
    @Test func insideATransactionTheFallbackAnswersWrite() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        try db.execute("BEGIN")
        #expect(GatedCalls.transactionState(db.handle, schema: nil) == SQLITE_TXN_NONE)
        #expect(FloorFallbacks.transactionState(db.handle, schema: nil) == SQLITE_TXN_WRITE)
        _ = try db.scalar("SELECT count(*) FROM t")
        #expect(GatedCalls.transactionState(db.handle, schema: nil) == SQLITE_TXN_READ)
        #expect(FloorFallbacks.transactionState(db.handle, schema: nil) == SQLITE_TXN_WRITE)
        try db.execute("ROLLBACK")
    }
}

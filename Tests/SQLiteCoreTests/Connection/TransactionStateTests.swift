import SQLiteCore
import Testing

/// `sqlite3_txn_state` per schema and over all of them.
@Suite struct TransactionStateTests {
    @Test func stateFollowsReadsAndWritesPerSchema() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        try db.attach(.inMemory, as: "other")
        #expect(try db.transactionState() == .none)
        try db.execute("BEGIN")
        #expect(try db.transactionState() == .none)
        _ = try db.scalar("SELECT count(*) FROM t")
        #expect(try db.transactionState() == .read)
        #expect(try db.transactionState(schema: "main") == .read)
        #expect(try db.transactionState(schema: "other") == .none)
        try db.run("INSERT INTO t VALUES (2)")
        #expect(try db.transactionState(schema: "main") == .write)
        #expect(try db.transactionState() == .write)
        #expect(try db.transactionState(schema: "temp") == .none)
        try db.execute("COMMIT")
        #expect(try db.transactionState() == .none)
        #expect(Connection.TransactionState.none < .read && Connection.TransactionState.read < .write)
    }

    @Test func aStatementPartWayThroughItsRowsKeepsAReadTransaction() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let select = try db.prepare("SELECT x FROM t")
        #expect(try select.step())
        #expect(db.autocommit)
        #expect(try db.transactionState() == .read)
        while try select.step() {}
        #expect(try db.transactionState() == .none)
    }

    @Test func anUnknownSchemaOrAClosedConnectionThrows() throws {
        let db = try Connection()
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.transactionState(schema: "nowhere") }
        #expect(error?.message.contains("nowhere") == true)
        try db.close()
        expectResult(code: SQLITE_MISUSE) { _ = try db.transactionState() }
    }
}

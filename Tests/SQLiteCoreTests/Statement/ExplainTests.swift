import SQLiteCore
import Testing

/// `sqlite3_stmt_isexplain` and `sqlite3_stmt_explain` through a prepared statement.
@Suite struct ExplainTests {
    private static let hasStatementExplain = SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 43)

    private func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (a INTEGER, b TEXT); CREATE INDEX t_a ON t (a);
            INSERT INTO t VALUES (1, 'one'), (2, 'two');
            """)
        return db
    }

    @Test func explainModeReportsHowTheSQLWasWritten() throws {
        let db = try database()
        #expect(try db.prepare("SELECT * FROM t").explainMode == .ordinary)
        #expect(try db.prepare("EXPLAIN SELECT * FROM t").explainMode == .explain)
        #expect(try db.prepare("EXPLAIN QUERY PLAN SELECT * FROM t").explainMode == .queryPlan)
    }

    /// A run leaves an ordinary statement at its end (its next use resets it), but SQLite's
    /// automatic reset gives an EXPLAIN no rows: iterating either after running it reads every row.
    @Test(arguments: ["SELECT b FROM t WHERE a = ?", "EXPLAIN QUERY PLAN SELECT b FROM t WHERE a = ?"])
    func rowsIteratedAfterARunStartFromTheFirst(sql: String) throws {
        let db = try database()
        let statement = try db.prepare(sql)
        let rows = try statement.run(2).map { $0 }
        #expect(rows.count == 1)
        #expect(try statement.run(2).map { $0 }.count == rows.count)
        #expect(try db.prepare(sql).run(2).failableNext() != nil)
    }

    /// Iterating a statement to its end and then again, with no run or reset in between, reads
    /// every row both times, an EXPLAIN's too (SQLite's automatic reset would give it none).
    @Test(arguments: ["SELECT b FROM t", "EXPLAIN QUERY PLAN SELECT b FROM t WHERE a = 1", "EXPLAIN SELECT b FROM t"])
    func rowsIteratedAgainStartFromTheFirst(sql: String) throws {
        let db = try database()
        let statement = try db.prepare(sql)
        let first = statement.map { $0.count }
        #expect(!first.isEmpty)
        #expect(statement.map { $0.count } == first)
        var stepped = 0
        while try statement.step() { stepped += 1 }
        #expect(stepped == first.count)
        #expect(try statement.failableNext() != nil)
    }

    @Test(.enabled(if: hasStatementExplain, "sqlite3_stmt_explain needs SQLite 3.43"))
    func switchingToTheQueryPlanAndBack() throws {
        let db = try database()
        let select = try db.prepare("SELECT b FROM t WHERE a = ?")
        #expect(try select.run(2).map { $0[0] as? String } == ["two"])
        let generation = select.columnsGeneration

        try select.setExplainMode(.queryPlan)
        #expect(select.explainMode == .queryPlan)
        #expect(select.columnNames == ["id", "parent", "notused", "detail"])
        #expect(select.columnsGeneration != generation)
        let plan = try select.run(2).compactMap { $0[3] as? String }
        #expect(plan.count == 1)
        #expect(plan.first?.contains("USING INDEX t_a") == true)

        try select.setExplainMode(.explain)
        #expect(select.columnNames.first == "addr")
        #expect(try select.run(2).map { $0[1] as? String }.contains("ResultRow"))

        try select.setExplainMode(.ordinary)
        #expect(select.explainMode == .ordinary)
        #expect(select.columnNames == ["b"])
        #expect(try select.run(1).map { $0[0] as? String } == ["one"])
    }

    @Test(.enabled(if: hasStatementExplain, "sqlite3_stmt_explain needs SQLite 3.43"))
    func switchingAStatementPartWayThroughItsRowsResetsIt() throws {
        let db = try database()
        let select = try db.prepare("SELECT b FROM t ORDER BY a")
        #expect(try select.step())
        try select.setExplainMode(.queryPlan)
        try select.setExplainMode(.ordinary)
        #expect(select.map { $0[0] as? String } == ["one", "two"])
    }

    @Test(.disabled(if: hasStatementExplain, "the library has sqlite3_stmt_explain"))
    func anOlderLibraryThrowsAClearError() throws {
        let db = try database()
        let select = try db.prepare("SELECT b FROM t")
        let error = expectResult(code: SQLITE_ERROR) { try select.setExplainMode(.queryPlan) }
        #expect(error?.message.contains("3.43") == true)
        #expect(select.explainMode == .ordinary)
    }

    /// A statement whose connection closed under it (one that escaped a queue's closure: a
    /// `Connection` refuses to close while a statement is held).
    @Test func aClosedConnectionThrows() throws {
        let queue = try DatabaseQueue()
        let select = try queue.write { db in
            try db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
            return try db.prepare("SELECT b FROM t")
        }
        try queue.close()
        let error = expectResult(code: SQLITE_MISUSE) { try select.setExplainMode(.queryPlan) }
        #expect(error?.message == "the database connection is closed")
    }
}

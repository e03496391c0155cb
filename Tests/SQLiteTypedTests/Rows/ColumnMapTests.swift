import SQLiteTyped
import Testing

/// Each run of a typed query finds its columns from the statement's columns as Core reports
/// them for that run: a statement cached by an earlier run and re-prepared by SQLite after a
/// schema change reads its new columns, and nothing kept from the earlier run gets in the way.
@Suite struct ColumnMapTests {
    static let t = Table("t")
    static let u = Table("u")
    static let id = Expression<Int64>("id")
    static let a = Expression<Int64>("a")
    static let b = Expression<Int64?>("b")
    static let c = Expression<Int64?>("c")
    static let tID = Expression<Int64>("t_id")
    static let w = Expression<Int64>("w")

    /// A connection with `t (id, a, b)` holding one row (1, 10, 20) and `u (t_id, w)` holding
    /// (1, 40).
    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER);
            INSERT INTO t VALUES (1, 10, 20);
            CREATE TABLE u (t_id INTEGER, w INTEGER NOT NULL);
            INSERT INTO u VALUES (1, 40);
            """)
        return db
    }

    /// The changes made to `t` between two runs of a cached query, and the columns `SELECT *`
    /// then reports.
    enum Change: String, CaseIterable, CustomStringConvertible {
        case addColumn, dropColumn, reorderColumns, dropAndRecreate

        var description: String { rawValue }

        var sql: String {
            switch self {
            case .addColumn: "ALTER TABLE t ADD COLUMN c INTEGER DEFAULT 30"
            case .dropColumn: "ALTER TABLE t DROP COLUMN b"
            case .reorderColumns:
                """
                CREATE TABLE t2 (b INTEGER, id INTEGER PRIMARY KEY, a INTEGER NOT NULL);
                INSERT INTO t2 (b, id, a) SELECT b, id, a FROM t;
                DROP TABLE t;
                ALTER TABLE t2 RENAME TO t;
                """
            case .dropAndRecreate:
                """
                DROP TABLE t;
                CREATE TABLE t (a INTEGER NOT NULL, c INTEGER, id INTEGER PRIMARY KEY, b INTEGER);
                INSERT INTO t (a, c, id, b) VALUES (11, 31, 1, 21);
                """
            }
        }

        var columnsAfter: [String] {
            switch self {
            case .addColumn: ["id", "a", "b", "c"]
            case .dropColumn: ["id", "a"]
            case .reorderColumns: ["b", "id", "a"]
            case .dropAndRecreate: ["a", "c", "id", "b"]
            }
        }

        /// (a, b, c) read from the row after the change; nil for a column the row lacks.
        var valuesAfter: [Int64?] {
            switch self {
            case .addColumn: [10, 20, 30]
            case .dropColumn: [10, nil, nil]
            case .reorderColumns: [10, 20, nil]
            case .dropAndRecreate: [11, 21, 31]
            }
        }
    }

    /// (a, b, c) of `row`, columns qualified by `table` when given; nil for a missing column.
    static func values(_ row: Row, in table: Table? = nil) -> [Int64?] {
        func read(_ column: Expression<Int64?>) -> Int64? {
            (try? row.get(table.map { $0[column] } ?? column)) ?? nil
        }
        return [read(Expression<Int64?>("a")), read(b), read(c)]
    }

    @Test(arguments: Change.allCases)
    func aCachedSelectStarReadsTheColumnsOfItsRun(change: Change) throws {
        let db = try Self.database()
        // Both forms cached, and read twice each, before the change.
        for _ in 0..<2 {
            let plucked = try #require(try db.pluck(Self.t))
            #expect(plucked.columnNames == ["id", "a", "b"])
            #expect(Self.values(plucked) == [10, 20, nil])
            let rows = Array(try db.prepare(Self.t))
            #expect(rows.map { Self.values($0) } == [[10, 20, nil]])
        }
        try db.execute(change.sql)
        for _ in 0..<2 {
            let plucked = try #require(try db.pluck(Self.t))
            #expect(plucked.columnNames == change.columnsAfter)
            #expect(Self.values(plucked) == change.valuesAfter)
            let iterator = try db.prepareRowIterator(Self.t)
            let row = try #require(try iterator.failableNext())
            #expect(row.columnNames == change.columnsAfter)
            #expect(Self.values(row) == change.valuesAfter)
            #expect(try iterator.failableNext() == nil)
        }
    }

    @Test(arguments: Change.allCases)
    func aCachedJoinedSelectStarSplitsTheColumnsOfItsRun(change: Change) throws {
        let db = try Self.database()
        let tFirst = Self.t.join(Self.u, on: Self.u[Self.tID] == Self.t[Self.id])
        let tLast = Self.u.join(Self.t, on: Self.u[Self.tID] == Self.t[Self.id])
        for query in [tFirst, tLast] {
            let row = try #require(try db.pluck(query))
            #expect(Self.values(row, in: Self.t) == [10, 20, nil])
            #expect(row[Self.u[Self.w]] == 40)
            #expect(Array(try db.prepare(query)).map { $0[Self.u[Self.w]] } == [40])
        }
        try db.execute(change.sql)
        for query in [tFirst, tLast] {
            for row in [try #require(try db.pluck(query))] + Array(try db.prepare(query)) {
                #expect(Self.values(row, in: Self.t) == change.valuesAfter)
                #expect(row[Self.u[Self.w]] == 40)
                #expect(row[Self.u[Self.tID]] == 1)
                #expect(row[Self.t[Self.id]] == 1)
            }
        }
    }

    @Test func anUnqualifiedColumnOfAJoinReadsByItsOwnNameOrIsAmbiguous() throws {
        let db = try Self.database()
        try db.execute("ALTER TABLE u ADD COLUMN a INTEGER DEFAULT 50")
        let row = try #require(try db.pluck(Self.t.join(Self.u, on: Self.u[Self.tID] == Self.t[Self.id])))
        #expect(row[Self.w] == 40)
        #expect(throws: QueryError.ambiguousColumn(name: #""a""#, similar: [#""t"."a""#, #""u"."a""#])) {
            try row.get(Self.a)
        }
        #expect(row[Self.t[Self.a]] == 10)
        #expect(row[Self.u[Self.a]] == 50)
    }

    @Test func selectedColumnsReadByTemplateAliasOrQualifiedName() throws {
        let db = try Self.database()
        let total = Expression<Int64>("total")
        let query = Self.t.select(Self.t[Self.a], (Self.a + 1).as("total"), Self.t[Self.b])
        for row in [try #require(try db.pluck(query))] + Array(try db.prepare(query)) {
            #expect(row[Self.t[Self.a]] == 10)
            #expect(row[Self.a] == 10)
            #expect(row[total] == 11)
            #expect(row[Self.b] == 20)
            #expect(throws: QueryError.self) { try row.get(Self.c) }
        }
    }

    @Test func rawSQLRowsReadTheColumnsOfEachSchemaGeneration() throws {
        let db = try Self.database()
        let sql = "SELECT * FROM t"
        #expect(try db.prepareRowIterator(sql).map { $0.columnNames } == [["id", "a", "b"]])
        try db.execute("ALTER TABLE t ADD COLUMN c INTEGER DEFAULT 30")
        // The cached statement is re-prepared by SQLite with a fourth column.
        let rows = try db.prepareRowIterator(sql).map { $0 }
        #expect(rows.map { $0.columnNames } == [["id", "a", "b", "c"]])
        #expect(rows.map { $0[Self.c] } == [30])
    }

    @Test func aRepeatedExpressionAndColumnsReadOutOfOrder() throws {
        let db = try Self.database()
        let query = Self.t.select(Self.a, Self.b, Self.a, Self.id)
        for _ in 0..<2 {
            for row in [try #require(try db.pluck(query))] + Array(try db.prepare(query)) {
                #expect(row[Self.id] == 1)
                #expect(row[Self.a] == 10)
                #expect(row[Self.b] == 20)
                #expect(row[Self.a] == 10)
                #expect(row[Self.id] == 1)
                #expect(row[Self.b] == 20)
            }
        }
    }

    @Test func aKeptRowReadsItsValuesAfterItsStatementMovedOn() throws {
        let db = try Self.database()
        try db.run(Self.t.insert(Self.id <- 2, Self.a <- 11, Self.b <- nil))
        let rows = Array(try db.prepare(Self.t.order(Self.id)))
        // The statement went on to its end and back to the cache; run it again meanwhile.
        _ = Array(try db.prepare(Self.t.order(Self.id)))
        #expect(rows.map { $0[Self.a] } == [10, 11])
        #expect(rows.map { $0[Self.b] } == [20, nil])
    }

    @Test func pluckAndPrepareAfterTheStatementCacheIsCleared() throws {
        let db = try Self.database()
        let query = Self.t.select(Self.a, Self.b).filter(Self.id == 1)
        #expect(try db.pluck(query)?[Self.a] == 10)
        #expect(Array(try db.prepare(query)).map { $0[Self.b] } == [20])
        db.clearStatementCache()
        #expect(try db.pluck(query)?[Self.a] == 10)
        #expect(Array(try db.prepare(query)).map { $0[Self.b] } == [20])
        try db.execute("ALTER TABLE t ADD COLUMN c INTEGER DEFAULT 30")
        db.clearStatementCache()
        #expect(try db.pluck(Self.t)?[Self.c] == 30)
        #expect(Array(try db.prepare(Self.t)).map { $0[Self.c] } == [30])
    }

    @Test func manyConnectionsRunTheSameQueriesAtOnce() async throws {
        // Each connection's table has its columns in an order of its own, so a column
        // position from another connection's statement would read the wrong value.
        let orders = [
            "id INTEGER PRIMARY KEY, a, b", "b, a, id INTEGER PRIMARY KEY", "a, id INTEGER PRIMARY KEY, b",
            "b, id INTEGER PRIMARY KEY, a",
        ]
        let connections = try (0..<8).map { index in
            let db = try Connection()
            try db.execute("CREATE TABLE t (\(orders[index % orders.count]))")
            for row in Int64(1)...20 {
                try db.run(Self.t.insert(Self.id <- row, Self.a <- row * 10 + Int64(index), Self.b <- row))
            }
            return db
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, db) in connections.enumerated() {
                group.addTask {
                    for round in 0..<50 {
                        let row = Int64(round % 20 + 1)
                        let plucked = try #require(try db.pluck(Self.t.filter(Self.id == row)))
                        #expect(plucked[Self.a] == row * 10 + Int64(index))
                        #expect(plucked[Self.b] == row)
                        let sum = try db.prepare(Self.t.select(Self.a, Self.b)).reduce(Int64(0)) {
                            $0 + $1[Self.a] - ($1[Self.b] ?? 0) * 10
                        }
                        #expect(sum == 20 * Int64(index))
                        try db.run(Self.t.filter(Self.id == row).update(Self.b <- row))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

import SQLiteTyped
import Testing

/// The typed table of 1,000 rows whose `fail_at(id)` column fails at row 500.
enum FailingTable {
    static let table = Table("t")
    static let id = Expression<Int64>("id")
    static let failAt = Expression<Int64>(literal: "fail_at(\"id\")")
    static let query = table.select(id, failAt).order(id)

    /// An in-memory database with the table and `fail_at` (a Swift function throwing for 500).
    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c;
            """)
        db.createFunction("fail_at", argumentCount: 1) { args in
            if args[0] as? Int64 == 500 { throw FailAt() }
            return args[0]
        }
        return db
    }

    struct FailAt: Error, CustomStringConvertible {
        var description: String { "fail_at reached row 500" }
    }
}

/// Every way the typed tier reads rows, each counting the rows it handed over one by one.
enum TypedRowPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case failableNext, rawSQLFailableNext, map, compactMap, arrayOfIterator, pluck, scalar, scalarQuery
    case statementFailableNext

    var testDescription: String { rawValue }

    /// Whether the caller sees each row as it is read (and so sees the 499 before the error).
    var isLoop: Bool { [.failableNext, .rawSQLFailableNext, .map, .compactMap, .statementFailableNext].contains(self) }

    func read(_ db: Connection, seen: inout Int) throws -> Int {
        typealias F = FailingTable
        switch self {
        case .failableNext:
            let iterator = try db.prepareRowIterator(F.query)
            while let row = try iterator.failableNext() {
                #expect(row[F.id] == Int64(seen + 1))
                seen += 1
            }
            return seen
        case .rawSQLFailableNext:
            let iterator = try db.prepareRowIterator("SELECT id, fail_at(id) FROM t WHERE id > ?", bindings: 0)
            while try iterator.failableNext() != nil { seen += 1 }
            return seen
        case .map:
            var count = 0
            defer { seen = count }
            return try db.prepareRowIterator(F.query).map { row in
                count += 1
                return row[F.failAt]
            }.count
        case .compactMap:
            var count = 0
            defer { seen = count }
            return try db.prepareRowIterator(F.query).compactMap { row -> Int64? in
                count += 1
                return row[F.id]
            }.count
        case .arrayOfIterator:
            return try Array(db.prepareRowIterator(F.query)).count
        case .pluck:
            return try db.pluck(F.query.filter(F.id == 500)) == nil ? 0 : 1
        case .scalar:
            return try db.scalar(F.table.select(F.failAt.count))
        case .scalarQuery:
            return Int(try db.scalar(F.table.select(F.failAt.max)) ?? 0)
        case .statementFailableNext:
            // `Statement` is a `FailableIterator` as well.
            let statement = try db.prepare("SELECT id, fail_at(id) FROM t ORDER BY id")
            while try statement.failableNext() != nil { seen += 1 }
            return seen
        }
    }
}

/// An error midway through the rows is never the end of the rows, in the typed tier.
@Suite struct TypedIterationErrorTests {
    @Test(arguments: TypedRowPath.allCases)
    func anErrorAtRow500IsThrown(path: TypedRowPath) throws {
        let db = try FailingTable.database()
        var rows = -1
        var seen = 0
        do {
            rows = try path.read(db, seen: &seen)
            Issue.record("no error thrown")
        } catch let error as Result {
            #expect(error.code == SQLITE_ERROR)
            #expect(error.message == "fail_at reached row 500")
        }
        #expect(rows == -1)
        #expect(seen == (path.isLoop ? 499 : 0))
        #expect(try db.scalar(FailingTable.table.count) == 1000)
    }

    @Test func forInOverAQueryStopsOnAnError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try FailingTable.database()
            var count = 0
            for _ in try db.prepare(FailingTable.query) { count += 1 }
            print("unreachable: \(count) rows")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("fail_at reached row 500 (code: 1)"))
        #expect(text.contains("SELECT \"id\", fail_at(\"id\") FROM \"t\" ORDER BY \"id\""))
        #expect(text.contains("prepareRowIterator"))
    }

    @Test func mapOverAQuerySequenceStopsOnAnError() async {
        await #expect(processExitsWith: .failure) {
            let db = try FailingTable.database()
            _ = try db.prepare(FailingTable.query).map { $0[FailingTable.id] }
        }
    }

    @Test func nextOfARowIteratorStopsOnAnError() async {
        await #expect(processExitsWith: .failure) {
            let db = try FailingTable.database()
            let iterator = try db.prepareRowIterator(FailingTable.query)
            while iterator.next() != nil {}
        }
    }

    /// Iterating the sequence again runs the query again; a query that no longer prepares
    /// stops the program rather than give no rows.
    @Test func iteratingAgainAQueryThatNoLongerPreparesStops() async {
        await #expect(processExitsWith: .failure) {
            let db = try FailingTable.database()
            let rows = try db.prepare(FailingTable.table.select(FailingTable.id))
            #expect(rows.map { $0[FailingTable.id] }.count == 1000)
            try db.execute("DROP TABLE t")
            _ = rows.map { $0[FailingTable.id] }
        }
    }

    @Test func aLoopWithoutAnErrorReadsEveryRow() throws {
        let db = try FailingTable.database()
        let rows = try db.prepare(FailingTable.table.select(FailingTable.id).order(FailingTable.id))
        #expect(rows.map { $0[FailingTable.id] } == Array(1...1000))
        #expect(rows.map { $0[FailingTable.id] }.count == 1000)
    }
}

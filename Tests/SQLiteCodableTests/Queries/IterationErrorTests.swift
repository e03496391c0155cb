import Foundation
import SQLiteCodable
import Testing

/// A record read from the view `probe` over 1,000 rows, whose `value` column is computed by
/// `fail_at(id)`, a Swift function that throws at row 500.
struct Probe: Record, Equatable, Sendable {
    var id: Int64
    var value: Int64

    static let id = SQLExpression<Int64>("id")
    static let query = Probe.table.order(Probe.id)
    static let sql = "SELECT id, value FROM probe ORDER BY id"

    /// Creates `t`, the view `probe` over it and registers `fail_at` on `db`.
    static func prepare(_ db: Connection) throws {
        registerFailAt(on: db)
        try db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c;
            CREATE VIEW probe AS SELECT id, fail_at(id) AS value FROM t;
            """)
    }

    /// Registers `fail_at(x)`, which returns `x` and throws at 500.
    static func registerFailAt(on db: Connection) {
        db.createFunction("fail_at", argumentCount: 1) { args in
            if args[0] as? Int64 == 500 { throw FailAt() }
            return args[0]
        }
    }

    static func database() throws -> Connection {
        let db = try Connection()
        try prepare(db)
        return db
    }

    struct FailAt: Error, CustomStringConvertible {
        var description: String { "fail_at reached row 500" }
    }
}

/// Every way the Codable tier decodes rows.
enum CodableRowPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case fetchAllQuery, fetchAllSQL, fetchAllSQLBindings, fetchOneAtTheFailingRow, rowIteratorDecode
    case rowIteratorDecoder

    var testDescription: String { rawValue }

    func read(_ db: Connection) throws -> Int {
        switch self {
        case .fetchAllQuery:
            return try db.fetchAll(Probe.self, Probe.query).count
        case .fetchAllSQL:
            return try db.fetchAll(Probe.self, sql: Probe.sql).count
        case .fetchAllSQLBindings:
            return try db.fetchAll(Probe.self, sql: "SELECT id, value FROM probe WHERE id > ? ORDER BY id", [0]).count
        case .fetchOneAtTheFailingRow:
            return try db.fetchOne(Probe.self, Probe.query.filter(Probe.id == 500)) == nil ? 0 : 1
        case .rowIteratorDecode:
            let probes: [Probe] = try db.prepareRowIterator(Probe.query).map { try $0.decode() }
            return probes.count
        case .rowIteratorDecoder:
            return try db.prepareRowIterator(Probe.query).map { try Probe(from: $0.decoder()) }.count
        }
    }
}

/// An error midway through the rows is never the end of the rows, in the Codable tier.
@Suite struct CodableIterationErrorTests {
    @Test(arguments: CodableRowPath.allCases)
    func anErrorAtRow500IsThrown(path: CodableRowPath) throws {
        let db = try Probe.database()
        var rows = -1
        do {
            rows = try path.read(db)
            Issue.record("no error thrown")
        } catch let error as Result {
            #expect(error.code == SQLITE_ERROR)
            #expect(error.message == "fail_at reached row 500")
        }
        #expect(rows == -1)
        // The rows before the failing one decode.
        #expect(try db.fetchAll(Probe.self, Probe.query.limit(499)).count == 499)
    }

    @Test func decodingAQuerySequenceStopsOnAnError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Probe.database()
            let probes: [Probe] = try db.prepare(Probe.query).map { try $0.decode() }
            print("unreachable: \(probes.count) rows")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("fail_at reached row 500 (code: 1)"))
        #expect(text.contains("FROM \"probe\""))
    }
}

import Foundation
import SQLiteCodable
import Testing

/// Every way records are fetched.
enum RecordRowPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case fetchAllInDb, fetchAllOrdered, fetchAllFiltered, fetchAllPaged, fetchAllOfConnection
    case fetchOne, find, fetchOneAfterFailure

    var testDescription: String { rawValue }

    func read(_ db: Connection) throws -> Int {
        switch self {
        case .fetchAllInDb: return try Probe.fetchAll(in: db).count
        case .fetchAllOrdered: return try Probe.fetchAll(in: db, order: [Probe.id.desc]).count
        case .fetchAllFiltered: return try Probe.fetchAll(in: db, filter: Probe.id > 100).count
        case .fetchAllPaged: return try Probe.fetchAll(in: db, order: [Probe.id], limit: 1, offset: 499).count
        case .fetchAllOfConnection: return try db.fetchAll(Probe.self, Probe.query).count
        case .fetchOne: return try Probe.fetchOne(in: db, filter: Probe.id == 500) == nil ? 0 : 1
        case .find: return try Probe.find(Int64(500), in: db) == nil ? 0 : 1
        case .fetchOneAfterFailure: return try Probe.fetchOne(in: db, filter: Probe.id >= 500) == nil ? 0 : 1
        }
    }
}

/// A record fetch that fails at row 500 of 1,000 throws, on a connection and inside the
/// closures of a queue and a pool: it never returns the 499 records before the error.
@Suite struct RecordIterationErrorTests {
    @Test(arguments: RecordRowPath.allCases)
    func anErrorAtRow500IsThrown(path: RecordRowPath) throws {
        let db = try Probe.database()
        let error = #expect(throws: Result.self) { try path.read(db) }
        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.message == "fail_at reached row 500")
        #expect(try Probe.fetchAll(in: db, filter: Probe.id < 500).count == 499)
    }

    @Test(arguments: [false, true], RecordRowPath.allCases)
    func anErrorAtRow500ThrowsOutOfAQueueOrPool(pool: Bool, path: RecordRowPath) async throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        var configuration = Configuration()
        configuration.prepareDatabase = { db in Probe.registerFailAt(on: db) }
        let database: any DatabaseWriter =
            pool
            ? try DatabasePool(path: file.path, configuration: configuration)
            : try DatabaseQueue(path: file.path, configuration: configuration)
        defer { try? database.close() }
        try await database.write { db in
            try db.execute(
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY);
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c;
                CREATE VIEW probe AS SELECT id, fail_at(id) AS value FROM t;
                """)
        }
        await #expect(throws: Result.self) { try await database.read { db in try path.read(db) } }
        #expect(throws: Result.self) { try database.read { db in try db.fetchAll(Probe.self, Probe.query) } }
    }
}

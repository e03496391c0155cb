import Foundation
import SQLiteCodable
import SQLiteTyped
import Testing

/// A row of `pair` as a plain `Decodable`.
private struct Pair: Codable, Equatable, Sendable {
    enum CodingKeys: String, CodingKey { case a, b }
    var a: Int64
    var b: String
}

/// The same row as a record keyed by the table's rowid.
private struct PairRecord: Record, Equatable, Sendable {
    static let tableName = "pair"
    static var primaryKey: RecordKey { .column("a") }
    var a: Int64
    var b: String
}

/// Records of several types at once: one table per tag.
private struct Tally<Tag>: Record, Equatable, Sendable {
    static var tableName: String { "tally_\(Tag.self)".lowercased() }
    var id: Int64 = 0
    var worker: Int64
    var n: Int64
}

private enum First {}
private enum Second {}
private enum Third {}
private enum Fourth {}

/// The Codable tier keeps nothing between runs: each run finds its columns from the statement
/// as it is then, so schema changes, kept rows, a cleared statement cache and many connections
/// and types at once all read the right values.
@Suite("One decoder per run")
struct DecoderPerRunTests {
    private static func database() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE pair (a INTEGER PRIMARY KEY, b TEXT NOT NULL)")
        try db.execute("INSERT INTO pair VALUES (1, 'one'), (2, 'two'), (3, 'three')")
        return db
    }

    @Test("rows kept past their step decode their own values")
    func keptRows() throws {
        let db = try Self.database()
        var rows: [Row] = []
        for row in try db.prepare(Table("pair").order(SQLExpression<Int64>("a"))) { rows.append(row) }
        let decoded: [Pair] = try rows.map { try $0.decode() }
        #expect(decoded == [Pair(a: 1, b: "one"), Pair(a: 2, b: "two"), Pair(a: 3, b: "three")])
        // And again, with a decoder made by hand.
        let container = try rows[1].decoder().container(keyedBy: Pair.CodingKeys.self)
        #expect(try container.decode(String.self, forKey: .b) == "two")
    }

    @Test("the same Codable query run before and after a schema change reads each run's columns")
    func schemaChangeBetweenRuns() throws {
        let db = try Self.database()
        let sql = "SELECT * FROM pair ORDER BY a"
        #expect(try db.fetchAll(Pair.self, sql: sql).map(\.b) == ["one", "two", "three"])
        // Rebuilt with the columns in another order and one more: `SELECT *` changes its columns.
        try db.execute(
            """
            CREATE TABLE pair2 (extra TEXT, b TEXT NOT NULL, a INTEGER PRIMARY KEY);
            INSERT INTO pair2 SELECT 'x', b, a FROM pair;
            DROP TABLE pair;
            ALTER TABLE pair2 RENAME TO pair;
            """)
        #expect(try db.fetchAll(Pair.self, sql: sql).map(\.b) == ["one", "two", "three"])
        #expect(try db.fetchOne(Pair.self, sql: sql) == Pair(a: 1, b: "one"))
        try db.execute("ALTER TABLE pair ADD COLUMN c INTEGER")
        #expect(try db.fetchAll(Pair.self, sql: sql).map(\.a) == [1, 2, 3])
    }

    @Test("a record type used, its table altered or rebuilt with columns reordered, used again")
    func recordAfterTableChanges() throws {
        let db = try Self.database()
        #expect(try PairRecord.find(2, in: db) == PairRecord(a: 2, b: "two"))
        #expect(try PairRecord.findAll(in: db).count == 3)
        try db.execute("ALTER TABLE pair ADD COLUMN note TEXT")
        #expect(try PairRecord.find(2, in: db) == PairRecord(a: 2, b: "two"))
        try db.insert(PairRecord(a: 4, b: "four"))
        #expect(try PairRecord.findAll(in: db).map(\.b) == ["one", "two", "three", "four"])
        try db.execute(
            """
            DROP TABLE pair;
            CREATE TABLE pair (b TEXT NOT NULL, extra INTEGER, a INTEGER PRIMARY KEY);
            INSERT INTO pair VALUES ('ten', 0, 10), ('eleven', 0, 11);
            """)
        #expect(try PairRecord.find(10, in: db) == PairRecord(a: 10, b: "ten"))
        #expect(try PairRecord.find(2, in: db) == nil)
        #expect(try PairRecord.findAll(in: db) == [PairRecord(a: 10, b: "ten"), PairRecord(a: 11, b: "eleven")])
    }

    @Test("record point lookups after the statement cache was cleared")
    func lookupsAfterClearingTheCache() throws {
        let db = try Self.database()
        for round in 0..<3 {
            for key in Int64(1)...3 {
                #expect(try PairRecord.find(key, in: db)?.a == key, "round \(round)")
            }
            db.clearStatementCache()
        }
        #expect(try PairRecord.find(Int64(9), in: db) == nil)
    }

    @Test("many connections and many record types at once, in a pool and on connections of their own")
    func manyConnectionsAndTypes() async throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let pool = try DatabasePool(path: file.path)
        try await pool.write { db in
            for table in [
                Tally<First>.tableName, Tally<Second>.tableName, Tally<Third>.tableName, Tally<Fourth>.tableName,
            ] {
                try db.execute(
                    "CREATE TABLE \"\(table)\" (id INTEGER PRIMARY KEY AUTOINCREMENT, worker INTEGER, n INTEGER)")
            }
        }
        let workers = 8
        let rounds = 20
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for n in 0..<rounds {
                        let id = Int64(worker)
                        let value = Int64(n)
                        try await pool.write { db in
                            try db.insert(Tally<First>(worker: id, n: value))
                            try db.insert(Tally<Second>(worker: id, n: value))
                            try db.insert(Tally<Third>(worker: id, n: value))
                            try db.insert(Tally<Fourth>(worker: id, n: value))
                        }
                        let seen = try await pool.read { db in
                            try Tally<Second>.findAll(
                                SQLExpression<Int64>("worker") == id, orders: [SQLExpression<Int64>("n")], in: db)
                        }
                        #expect(seen.map(\.n) == Array(0...value))
                    }
                }
            }
            try await group.waitForAll()
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let db = try Connection(file.path)
                    let all =
                        try Tally<First>.findAll(in: db).count + Tally<Second>.findAll(in: db).count
                        + Tally<Third>.findAll(in: db).count + Tally<Fourth>.findAll(in: db).count
                    return all
                }
            }
            for try await count in group { #expect(count == 4 * workers * rounds) }
        }
        try pool.close()
    }
}

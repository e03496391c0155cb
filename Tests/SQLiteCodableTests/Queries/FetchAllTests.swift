import Foundation
import SQLiteCodable
import SQLiteCore
import Testing

/// `fetchAll` decodes into an array sized by the statement's previous result: these run one
/// query again after its result grew and shrank.
@Suite("fetchAll across changing results")
struct FetchAllTests {
    struct Item: Decodable, Equatable {
        let id: Int64
        let name: String
    }

    static func insert(_ db: Connection, _ ids: Range<Int64>) throws {
        try db.transaction {
            for id in ids { try db.run("INSERT INTO item (id, name) VALUES (?, ?)", id, "item \(id)") }
        }
    }

    static func expected(_ ids: [Int64]) -> [Item] { ids.map { Item(id: $0, name: "item \($0)") } }

    @Test("SQLite's error part way through the rows carries its codes and the query's SQL")
    func sqliteErrorWhileStepping() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try Self.insert(db, 0..<3)
        // abs() of the smallest integer overflows when the third row is read.
        let sql = "SELECT abs(CASE WHEN id = 2 THEN ? ELSE id END) AS id, name FROM item"
        let error = try #require(throws: Result.self) { try db.fetchAll(Item.self, sql: sql, [Int64.min]) }
        #expect(error.code == SQLITE_ERROR)
        #expect(error.extendedCode == SQLITE_ERROR)
        #expect(error.message == "integer overflow")
        #expect(error.sql == sql)
        #expect(error.description == "integer overflow (code: 1)")
        #expect(error.debugDescription == "integer overflow (\(sql)) (code: 1)")
        // The statement is usable afterwards.
        #expect(try db.fetchAll(Item.self, sql: sql, [2]) == Self.expected([0, 1, 2]))
    }

    @Test("a query run again returns every row as its result grows and shrinks")
    func resultsGrowAndShrink() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let sql = "SELECT id, name FROM item ORDER BY id"
        #expect(try db.fetchAll(Item.self, sql: sql, []).isEmpty)
        try Self.insert(db, 0..<20)
        #expect(try db.fetchAll(Item.self, sql: sql, []) == Self.expected(Array(0..<20)))
        // Past the previous count: the rest are appended.
        try Self.insert(db, 20..<5_000)
        #expect(try db.fetchAll(Item.self, sql: sql, []) == Self.expected(Array(0..<5_000)))
        #expect(try db.fetchAll(Item.self, sql: sql, []) == Self.expected(Array(0..<5_000)))
        // Far fewer rows than last time.
        try db.execute("DELETE FROM item WHERE id >= 3")
        let few = try db.fetchAll(Item.self, sql: sql, [])
        #expect(few == Self.expected([0, 1, 2]))
        #expect(few.capacity < 1_000)
        try db.execute("DELETE FROM item")
        #expect(try db.fetchAll(Item.self, sql: sql, []).isEmpty)
    }

    struct Strict: Decodable {
        let id: Int64
        let name: Int64
    }

    @Test("an error part way through the rows throws and leaves the statement usable")
    func errorPartWay() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try Self.insert(db, 0..<40)
        let sql = "SELECT id, CASE WHEN id < 30 THEN id ELSE name END AS name FROM item ORDER BY id"
        #expect(throws: DecodingError.self) { try db.fetchAll(Strict.self, sql: sql, []) }
        #expect(try db.fetchAll(Strict.self, sql: sql + " LIMIT 30", []).count == 30)
        #expect(try db.fetchAll(Item.self, sql: "SELECT id, name FROM item ORDER BY id", []).count == 40)
    }

    struct Mixed: Decodable, Equatable {
        let flag: Bool
        let ratio: Double
        let count: Int
        let maybe: Int64?
        let label: String
    }

    @Test("numbers decode from whatever storage class each row holds")
    func numbersFromEachStorageClass() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE mixed (flag, ratio, count, maybe, label);
            INSERT INTO mixed VALUES (1, 4, 7, NULL, 'a'), (0, 2.5, 8, 9, 'b'), (1, 1e3, 9, -1, 3)
            """)
        let rows = try db.fetchAll(Mixed.self, sql: "SELECT flag, ratio, count, maybe, label FROM mixed", [])
        #expect(
            rows == [
                Mixed(flag: true, ratio: 4, count: 7, maybe: nil, label: "a"),
                Mixed(flag: false, ratio: 2.5, count: 8, maybe: 9, label: "b"),
                Mixed(flag: true, ratio: 1000, count: 9, maybe: -1, label: "3"),
            ])
        // A REAL where an integer is expected names the column.
        #expect(throws: DecodingError.self) {
            try db.fetchAll(Mixed.self, sql: "SELECT flag, ratio, 1.5 AS count, maybe, label FROM mixed", [])
        }
    }
}

import Foundation
import SQLiteTyped
import Testing

/// A row finds each column by its expression whatever order the columns are read in, live
/// (while its statement is on it) and kept (after the statement moved on).
@Suite struct ColumnLookupTests {
    static let t = Table("t")
    static let a = Expression<Int64>("a")
    static let b = Expression<Int64>("b")
    static let c = Expression<Int64>("c")

    /// Orders of reading the columns `a`, `b`, `c` of one row, repeats included.
    static let orders: [[Int]] = [[0, 1, 2], [2, 1, 0], [1, 1, 0, 2, 2], [2], [0, 2, 0, 1]]

    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b INTEGER, c INTEGER)")
        for row in 1...3 { try db.run(t.insert(a <- Int64(row), b <- Int64(10 * row), c <- Int64(100 * row))) }
        return db
    }

    /// The values of `row` read in `order`.
    static func read(_ row: Row, _ order: [Int]) -> [Int64] {
        order.map { row[[a, b, c][$0]] }
    }

    static func expected(_ row: Int64, _ order: [Int]) -> [Int64] {
        order.map { [row, 10 * row, 100 * row][$0] }
    }

    @Test(arguments: orders)
    func liveRowsReadInAnyOrder(order: [Int]) throws {
        let db = try Self.database()
        var seen: [[Int64]] = []
        for row in try db.prepare(Self.t.select(Self.a, Self.b, Self.c).order(Self.a)) {
            seen.append(Self.read(row, order))
        }
        #expect(seen == (1...3).map { Self.expected($0, order) })
    }

    @Test(arguments: orders)
    func keptRowsReadInAnyOrderAfterTheStatementMovedOn(order: [Int]) throws {
        let db = try Self.database()
        let rows = Array(try db.prepare(Self.t.select(Self.a, Self.b, Self.c).order(Self.a)))
        // The statement has run again since: the kept rows read their own copies.
        _ = Array(try db.prepare(Self.t.select(Self.a, Self.b, Self.c).order(Self.a)))
        #expect(rows.map { Self.read($0, order) } == (1...3).map { Self.expected($0, order) })
        let plucked = try #require(try db.pluck(Self.t.filter(Self.a == 2)))
        _ = try db.pluck(Self.t.filter(Self.a == 3))
        #expect(Self.read(plucked, order) == Self.expected(2, order))
    }

    @Test func aColumnSelectedTwiceReadsTheSameValue() throws {
        let db = try Self.database()
        let row = try #require(try db.pluck(Self.t.select(Self.b, Self.a, Self.b).filter(Self.a == 1)))
        #expect([row[Self.b], row[Self.a], row[Self.b], row[Self.b]] == [10, 1, 10, 10])
    }

    @Test func aliasesAndRawSQLFindTheirColumns() throws {
        let db = try Self.database()
        let total = Expression<Int64>("total")
        let row = try #require(try db.pluck(Self.t.select(Expression<Int64>(literal: "a + b AS total"), Self.c)))
        #expect(row[total] == 11 && row[Self.c] == 100)
        let raw = try #require(try db.prepare("SELECT c, a FROM t ORDER BY a").makeIterator().next())
        #expect(raw[1] as? Int64 == 1)
    }

    @Test func aMissingColumnThrowsNamingTheColumns() throws {
        let db = try Self.database()
        let row = try #require(try db.pluck(Self.t.select(Self.a, Self.b)))
        #expect(throws: QueryError.self) { _ = try row.get(Self.c) }
        #expect(try row.get(Self.b) == 10)
    }
}

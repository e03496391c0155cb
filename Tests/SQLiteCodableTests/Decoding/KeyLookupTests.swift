import Foundation
import SQLiteCodable
import Testing

/// Keys are matched by their bits when their type is small and trivial; these cover the cases
/// where bits alone would be wrong or unavailable.
@Suite("Key lookup fast paths")
struct KeyLookupTests {
    /// A base class and a subclass whose key enums share their bits (case 0, case 1) but not
    /// their names: the subclass decodes the base through the same decoder.
    class Base: Decodable {
        let a: Int64
        let b: Int64
        private enum CodingKeys: String, CodingKey { case a, b }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            a = try container.decode(Int64.self, forKey: .a)
            b = try container.decode(Int64.self, forKey: .b)
        }
    }

    final class Derived: Base {
        let c: Int64
        let d: Int64
        private enum CodingKeys: String, CodingKey { case c, d }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            c = try container.decode(Int64.self, forKey: .c)
            d = try container.decode(Int64.self, forKey: .d)
            try super.init(from: decoder)
        }
    }

    /// A key of a non-trivial type (a string inside): always matched by name.
    struct NamedKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A row decoded by hand with keys whose order depends on the row's own values.
    struct Dynamic: Decodable {
        let values: [String: Int64]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            let order = try container.decode(String.self, forKey: NamedKey(stringValue: "order"))
            var values: [String: Int64] = [:]
            for name in order.split(separator: ",").map(String.init) {
                values[name] = try container.decode(Int64.self, forKey: NamedKey(stringValue: name))
            }
            self.values = values
        }
    }

    /// A key of an 8-byte trivial type, matched by its bits.
    struct IndexKey: CodingKey {
        let column: Int
        var stringValue: String { "c\(column)" }
        var intValue: Int? { nil }
        init(column: Int) { self.column = column }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    struct Indexed: Decodable {
        let values: [Int64]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: IndexKey.self)
            values = try (0..<3).map { try container.decode(Int64.self, forKey: IndexKey(column: $0)) }
        }
    }

    @Test("a subclass and its base, with key enums of equal bits, read their own columns on every row")
    func subclassKeys() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b INTEGER, c INTEGER, d INTEGER)")
        try db.execute("INSERT INTO t VALUES (1, 2, 3, 4), (5, 6, 7, 8)")
        let rows = try db.fetchAll(Derived.self, sql: "SELECT a, b, c, d FROM t ORDER BY a")
        #expect(rows.map { [$0.a, $0.b, $0.c, $0.d] } == [[1, 2, 3, 4], [5, 6, 7, 8]])
    }

    @Test("keys that change order from row to row are matched by name")
    func changingKeys() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (\"order\" TEXT, x INTEGER, y INTEGER)")
        try db.execute("INSERT INTO t VALUES ('x,y', 1, 2), ('y,x', 3, 4), ('y', 5, 6)")
        let rows = try db.fetchAll(Dynamic.self, sql: "SELECT * FROM t ORDER BY x")
        #expect(rows.map(\.values) == [["x": 1, "y": 2], ["x": 3, "y": 4], ["y": 6]])
    }

    /// Asks for many keys that have no column before the ones that do, more lookups per row
    /// than the lookup remembers positions for (the columns and a few more).
    struct ManyMissing: Decodable {
        let missing: Int
        let a: Int64
        let b: Double

        enum CodingKeys: String, CodingKey { case a, b }
        struct Other: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let others = try decoder.container(keyedBy: Other.self)
            missing = (0..<40).filter { others.contains(Other(stringValue: "m\($0)")) }.count
            let container = try decoder.container(keyedBy: CodingKeys.self)
            a = try container.decode(Int64.self, forKey: .a)
            b = try container.decode(Double.self, forKey: .b)
        }
    }

    @Test("lookups past the positions a row remembers still find their columns, row after row")
    func lookupsPastTheRememberedPositions() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b REAL)")
        try db.execute("INSERT INTO t VALUES (1, 1.5), (2, 2.5), (3, 3.5)")
        let rows = try db.fetchAll(ManyMissing.self, sql: "SELECT a, b FROM t ORDER BY a")
        #expect(rows.map(\.missing) == [0, 0, 0])
        #expect(rows.map(\.a) == [1, 2, 3])
        #expect(rows.map(\.b) == [1.5, 2.5, 3.5])
    }

    @Test("keys of an 8-byte trivial struct read their columns")
    func structKeys() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (c0 INTEGER, c1 INTEGER, c2 INTEGER)")
        try db.execute("INSERT INTO t VALUES (1, 2, 3), (4, 5, 6)")
        let rows = try db.fetchAll(Indexed.self, sql: "SELECT c2, c1, c0 FROM t ORDER BY c0")
        #expect(rows.map(\.values) == [[1, 2, 3], [4, 5, 6]])
    }

    @Test("rows gather past the buffer's growth steps, and an error mid-way leaves nothing behind")
    func manyRows() throws {
        struct Pair: Decodable, Equatable {
            let a: Int64
            let s: String
        }
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, s TEXT)")
        try db.transaction {
            for index in 0..<1000 { try db.run("INSERT INTO t VALUES (?, ?)", Int64(index), "row \(index)") }
        }
        let rows = try db.fetchAll(Pair.self, sql: "SELECT a, s FROM t ORDER BY a")
        #expect(rows.count == 1000)
        #expect(rows.last == Pair(a: 999, s: "row 999"))
        #expect(try db.fetchAll(Pair.self, sql: "SELECT a, s FROM t WHERE a < 0").isEmpty)
        try db.execute("UPDATE t SET s = NULL WHERE a = 700")
        #expect(throws: DecodingError.self) { try db.fetchAll(Pair.self, sql: "SELECT a, s FROM t ORDER BY a") }
    }
}

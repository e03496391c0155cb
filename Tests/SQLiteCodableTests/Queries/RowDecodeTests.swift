import Foundation
import SQLiteCodable
import Testing

/// `row.decode()` with the default options finds the decoder its statement keeps through the
/// rows of the run: these check that it is only ever used for the type, statement and options
/// it was made for.
@Suite("row.decode() over a query's rows")
struct RowDecodeTests {
    struct Pair: Codable, Equatable {
        var a: Int64
        var b: Int64
    }

    struct OnlyB: Codable, Equatable {
        var b: Int64
    }

    struct Snake: Codable, Equatable {
        var bValue: Int64
    }

    struct Missing: Codable {
        var c: Int64
    }

    static let items = Table("t")

    static func database(rows: Int = 3) throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b INTEGER, b_value INTEGER)")
        for row in 0..<rows {
            try db.run("INSERT INTO t (a, b, b_value) VALUES (?, ?, ?)", Int64(row), Int64(row * 10), Int64(row * 100))
        }
        return db
    }

    @Test("types, options and the type-naming form alternate within one run, each reading its own columns")
    func typesAndOptionsAlternate() throws {
        let db = try Self.database()
        var seen: [String] = []
        for row in try db.prepare(Self.items) {
            let pair: Pair = try row.decode()
            let onlyB = try row.decode(OnlyB.self)
            let snake: Snake = try row.decode(options: .snakeCase)
            let again: Pair = try row.decode(userInfo: [:])
            #expect(again == pair)
            seen.append("\(pair.a) \(pair.b) \(onlyB.b) \(snake.bValue)")
        }
        #expect(seen == ["0 0 0 0", "1 10 10 100", "2 20 20 200"])
    }

    @Test("two iterators of the same query, nested, each decode their own statement's rows")
    func nestedIteratorsOfOneQuery() throws {
        let db = try Self.database()
        var pairs: [String] = []
        for outer in try db.prepare(Self.items) {
            let first: Pair = try outer.decode()
            for inner in try db.prepare(Self.items) {
                let second: Pair = try inner.decode()
                pairs.append("\(first.a)-\(second.a)")
            }
            // The outer row still reads its own statement after the inner run.
            let again: Pair = try outer.decode()
            #expect(again == first)
        }
        #expect(pairs == ["0-0", "0-1", "0-2", "1-0", "1-1", "1-2", "2-0", "2-1", "2-2"])
    }

    @Test("rows kept past their step decode their copied values after rows decoded in place")
    func keptRowsDecodeTheirCopies() throws {
        let db = try Self.database()
        var kept: [Row] = []
        var live: [Pair] = []
        for row in try db.prepare(Self.items) {
            live.append(try row.decode())
            kept.append(row)
        }
        let copied: [Pair] = try kept.map { try $0.decode() }
        #expect(copied == live)
        #expect(copied == [Pair(a: 0, b: 0), Pair(a: 1, b: 10), Pair(a: 2, b: 20)])
        #expect(try kept.map { try $0.decode(OnlyB.self).b } == [0, 10, 20])
    }

    @Test("a type whose key has no column throws keyNotFound naming it, before and after a row decoded")
    func missingColumnThrows() throws {
        let db = try Self.database(rows: 1)
        for row in try db.prepare(Self.items) {
            #expect(throws: DecodingError.self) { let _: Missing = try row.decode() }
            let pair: Pair = try row.decode()
            #expect(pair == Pair(a: 0, b: 0))
            do {
                let _: Missing = try row.decode()
                Issue.record("decoding Missing did not throw")
            } catch DecodingError.keyNotFound(let key, _) {
                #expect(key.stringValue == "c")
            }
        }
    }

    @Test("the query run again after its table changed decodes the new columns")
    func rerunAfterSchemaChange() throws {
        let db = try Self.database(rows: 2)
        let before: [Pair] = try db.prepare(Self.items).map { try $0.decode() }
        #expect(before == [Pair(a: 0, b: 0), Pair(a: 1, b: 10)])
        try db.execute(
            """
            DROP TABLE t;
            CREATE TABLE t (b INTEGER, extra TEXT, a INTEGER);
            INSERT INTO t (b, extra, a) VALUES (7, 'x', 8);
            """)
        let after: [Pair] = try db.prepare(Self.items).map { try $0.decode() }
        #expect(after == [Pair(a: 8, b: 7)])
    }
}

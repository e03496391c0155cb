import Foundation
import SQLiteCodable
import SQLiteCore
import Testing

/// Integer and double fields take a fast path that reads a column only when it holds a number
/// of their kind: these check that every storage class, and a column also read as text, read
/// as SQLite's own API reads them.
@Suite("Numbers read by the row decoder's fast path")
struct RowDecoderTests {
    struct Number: Decodable {
        let integer: Int64?
        let real: Double?

        enum CodingKeys: String, CodingKey { case value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            integer = try? container.decode(Int64.self, forKey: .value)
            real = try? container.decode(Double.self, forKey: .value)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let sql: String
        let integer: Int64?
        let real: Double?
        var testDescription: String { sql }
    }

    static let cases: [Case] = [
        Case(sql: "SELECT 5 AS value", integer: 5, real: 5),
        Case(sql: "SELECT -9223372036854775808 AS value", integer: .min, real: -9_223_372_036_854_775_808),
        Case(sql: "SELECT 2.5 AS value", integer: nil, real: 2.5),
        Case(sql: "SELECT CAST(3 AS REAL) AS value", integer: 3, real: 3),
        Case(sql: "SELECT r AS value FROM numbers", integer: 4, real: 4),
        Case(sql: "SELECT i AS value FROM numbers", integer: 7, real: 7),
        Case(sql: "SELECT NULL AS value", integer: nil, real: nil),
        Case(sql: "SELECT 'text' AS value", integer: nil, real: nil),
        Case(sql: "SELECT x'00' AS value", integer: nil, real: nil),
    ]

    static func database() throws -> Connection {
        let db = try Connection()
        // A REAL column keeps an integral value as an integer on disk; reading it gives a REAL.
        try db.execute("CREATE TABLE numbers (r REAL, i INTEGER); INSERT INTO numbers VALUES (4.0, 7)")
        return db
    }

    @Test("each storage class reads as an integer and a double as SQLite reads it", arguments: cases)
    func storageClasses(_ testCase: Case) throws {
        let db = try Self.database()
        let number = try #require(try db.fetchOne(Number.self, sql: testCase.sql, []))
        #expect(number.integer == testCase.integer)
        #expect(number.real == testCase.real)
    }

    /// Reads each column as text first, then as a number, in the same row.
    struct TextThenNumber: Decodable {
        let text: [String]
        let integer: Int64
        let real: Double

        enum CodingKeys: String, CodingKey { case i, r }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = [try container.decode(String.self, forKey: .i), try container.decode(String.self, forKey: .r)]
            integer = try container.decode(Int64.self, forKey: .i)
            real = try container.decode(Double.self, forKey: .r)
        }
    }

    @Test("a column read as text keeps its number for the fields that read it next")
    func textThenNumber() throws {
        let db = try Self.database()
        try db.execute("INSERT INTO numbers VALUES (0.5, -3)")
        let rows = try db.fetchAll(TextThenNumber.self, sql: "SELECT i, r FROM numbers ORDER BY rowid", [])
        #expect(rows.map(\.text) == [["7", "4.0"], ["-3", "0.5"]])
        #expect(rows.map(\.integer) == [7, -3])
        #expect(rows.map(\.real) == [4, 0.5])
    }

    struct Wide: Decodable {
        let a: Int64
        let b: Double
        let c: Int64?
    }

    @Test("rows whose columns change storage class read each row's own values")
    func rowsOfSeveralShapes() throws {
        let db = try Self.database()
        let rows = try db.fetchAll(
            Wide.self,
            sql: "SELECT 1 AS a, 1.5 AS b, 2 AS c UNION ALL SELECT 3, 4, NULL UNION ALL SELECT 5, 6.25, 7", [])
        #expect(rows.map(\.a) == [1, 3, 5])
        #expect(rows.map(\.b) == [1.5, 4, 6.25])
        #expect(rows.map(\.c) == [2, nil, 7])
    }
}

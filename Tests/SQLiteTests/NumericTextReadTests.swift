import Foundation
import SQLite
import Testing

/// Text kept in a `TEXT` column, read as a number through every tier, gives what SQLite's own
/// conversion gives (`CAST(? AS INTEGER)`, `CAST(? AS REAL)`, `sqlite3_column_int64`/`_double`)
/// when the text is wholly a number in SQLite's grammar (what a `NUMERIC` column stores as a
/// number), and throws otherwise: never a third value. The expected values come from SQLite in
/// the test itself, so the table holds on the vendored and on the system library alike.
@Suite struct NumericTextReadTests {
    static let cases: [String] = [
        // Numbers.
        "42", "+5", "-5", " 12 ", "\t7\n", "00012", "-0", "0.0", "3.9", "-3.9", ".5", "5.", "1e3", "1.5e2", "1E+2",
        "2.5e-3", "0.1", "1.7976931348623157e308", "2.2250738585072014e-308",
        // Integers at and beyond 64 bits: SQLite's conversion stops at Int64.max and Int64.min.
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999999", "123456789012345678901234567890.5",
        // Huge exponents: infinities and zero.
        "1e400", "-1e400", "1e-400",
        // Texts SQLite rounds differently from Swift's Double(_:).
        "2.077054336e-307", "9007199254740993.0000000000001", "4.23771930399491e-311",
        // Not numbers.
        "0x10", "0X1F", "12abc", "abc", "", "   ", ".", "-", "+", "1e", "1e+", "e5", "1.2.3", "1 2", "1\u{0}2",
        "inf", "nan", "Infinity", "1_000", "١٢", "12\u{00A0}",
    ]

    /// What SQLite says of `text`.
    struct Expected {
        let isNumber: Bool
        let integer: Int64
        let real: Double
    }

    static func expected(_ text: String, _ db: Connection) throws -> Expected {
        try db.run("DELETE FROM affinity")
        try db.run("INSERT INTO affinity (x) VALUES (?)", text)
        let storage = try db.scalar("SELECT typeof(x) FROM affinity") as? String
        let statement = try db.prepare("SELECT CAST(?1 AS INTEGER), CAST(?1 AS REAL), ?1", text)
        #expect(try statement.step())
        let integer: Int64 = statement.row[0]
        let real: Double = statement.row[1]
        // The column functions convert as CAST does.
        let columnInteger: Int64 = statement.row[2]
        let columnReal: Double = statement.row[2]
        #expect(columnInteger == integer)
        #expect(columnReal.bitPattern == real.bitPattern)
        return Expected(isNumber: storage != "text", integer: integer, real: real)
    }

    /// A database whose `t.v` holds `text` as TEXT, and the table SQLite's affinity is read from.
    static func database(_ text: String) throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE affinity (x NUMERIC)")
        try db.run("INSERT INTO t (id, v) VALUES (1, ?)", text)
        #expect(
            try db.scalar("SELECT typeof(v) || length(CAST(v AS BLOB)) FROM t") as? String == "text\(text.utf8.count)")
        return db
    }

    /// `read` gives `expected` for a number, and throws for other text.
    static func check<T: Equatable>(
        _ tier: String, _ text: String, _ expected: Expected, _ value: T, _ read: () throws -> T,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let comment = Comment(rawValue: "\(tier) reading \(text.debugDescription)")
        if expected.isNumber {
            do {
                let got = try read()
                if let real = got as? Double, let wanted = value as? Double {
                    #expect(
                        real.bitPattern == wanted.bitPattern, "\(comment): \(real) != \(wanted)",
                        sourceLocation: sourceLocation)
                } else {
                    #expect(got == value, comment, sourceLocation: sourceLocation)
                }
            } catch {
                Issue.record(error, comment, sourceLocation: sourceLocation)
            }
        } else {
            #expect(throws: (any Error).self, comment, sourceLocation: sourceLocation) { _ = try read() }
        }
    }

    @Test(arguments: cases) func core(text: String) throws {
        let db = try Self.database(text)
        let expected = try Self.expected(text, db)
        let statement = try db.prepare("SELECT v FROM t")
        #expect(try statement.step())
        let row = statement.row
        Self.check("core get Int64", text, expected, expected.integer) { try row.get(Int64.self, at: 0) }
        Self.check("core get Int", text, expected, Int(expected.integer)) { try row.get(Int.self, at: 0) }
        Self.check("core get Double", text, expected, expected.real) { try row.get(Double.self, at: 0) }
        if !expected.isNumber {
            do {
                _ = try row.get(Int64.self, at: 0)
            } catch let error as Result {
                #expect(error.code == SQLITE_MISMATCH)
                #expect(error.message.contains("not a number"))
            }
        }
    }

    @Test(arguments: cases) func typed(text: String) throws {
        let db = try Self.database(text)
        let expected = try Self.expected(text, db)
        let t = Table("t")
        let wide = Expression<Int64>("v")
        let int = Expression<Int>("v")
        let real = Expression<Double>("v")
        let live = try #require(try db.prepareRowIterator(t).failableNext())
        Self.check("typed live Int64", text, expected, expected.integer) { try live.get(wide) }
        Self.check("typed live Int", text, expected, Int(expected.integer)) { try live.get(int) }
        Self.check("typed live Double", text, expected, expected.real) { try live.get(real) }
        let copied = try #require(try db.pluck(t))
        Self.check("typed copied Int64", text, expected, expected.integer) { try copied.get(wide) }
        Self.check("typed copied Int", text, expected, Int(expected.integer)) { try copied.get(int) }
        Self.check("typed copied Double", text, expected, expected.real) { try copied.get(real) }
        Self.check("typed scalar Int64", text, expected, expected.integer) { try db.scalar(t.select(wide)) }
        if !expected.isNumber {
            #expect(throws: ColumnTypeMismatch.self) { try live.get(wide) }
            #expect(throws: ColumnTypeMismatch.self) { try copied.get(real) }
        }
    }

    struct Wide: Codable, Equatable { var v: Int64 }
    struct Native: Codable, Equatable { var v: Int }
    struct Real: Codable, Equatable { var v: Double }
    /// A value read from a single-value container.
    struct Meters: Codable, Equatable {
        var value: Double
        init(value: Double) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
    struct Length: Codable, Equatable { var v: Meters }

    @Test(arguments: cases) func codable(text: String) throws {
        let db = try Self.database(text)
        let expected = try Self.expected(text, db)
        let sql = "SELECT v FROM t"
        Self.check("decode Int64", text, expected, [Wide(v: expected.integer)]) { try db.fetchAll(Wide.self, sql: sql) }
        Self.check("decode Int", text, expected, [Native(v: Int(expected.integer))]) {
            try db.fetchAll(Native.self, sql: sql)
        }
        Self.check("decode Double", text, expected, [Real(v: expected.real)]) { try db.fetchAll(Real.self, sql: sql) }
        Self.check("decode single value", text, expected, [Length(v: Meters(value: expected.real))]) {
            try db.fetchAll(Length.self, sql: sql)
        }
        let row = try #require(try db.pluck(Table("t").select(Expression<String>("v"))))
        Self.check("decode copied Int64", text, expected, Wide(v: expected.integer)) { try row.decode(Wide.self) }
        Self.check("decode copied Double", text, expected, Real(v: expected.real)) { try row.decode(Real.self) }
        if !expected.isNumber {
            #expect(throws: DecodingError.self) { try db.fetchAll(Wide.self, sql: sql) }
        }
    }

    struct WideRecord: Record, Equatable {
        static let tableName = "t"
        var id: Int64
        var v: Int64
    }

    struct RealRecord: Record, Equatable {
        static let tableName = "t"
        var id: Int64
        var v: Double
    }

    @Test(arguments: cases) func records(text: String) throws {
        let db = try Self.database(text)
        let expected = try Self.expected(text, db)
        Self.check("record Int64", text, expected, [WideRecord(id: 1, v: expected.integer)]) {
            try WideRecord.fetchAll(in: db)
        }
        Self.check("record Double", text, expected, [RealRecord(id: 1, v: expected.real)]) {
            try RealRecord.fetchAll(in: db)
        }
    }
}

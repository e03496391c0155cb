import Foundation
import SQLiteCore
import Testing

/// The `Value` conformances: stored through their `Datatype`, read back through `fromDatatypeValue`.
@Suite struct ValueTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE v (value)")
    }

    /// Stores `value`'s datatype value in a column without affinity and reads it back.
    private func roundTrip<V: Value>(_ value: V) throws -> V.ValueType where V.Datatype: Binding {
        try db.run("DELETE FROM v")
        try db.run("INSERT INTO v VALUES (?)", value.datatypeValue)
        let statement = try db.prepare("SELECT value FROM v")
        #expect(try statement.step())
        return try V.fromDatatypeValue(try statement.row.get(V.Datatype.self, at: 0))
    }

    @Test func declaredDatatypes() {
        #expect(Int64.declaredDatatype == "INTEGER")
        #expect(Int.declaredDatatype == "INTEGER")
        #expect(Double.declaredDatatype == "REAL")
        #expect(Float.declaredDatatype == "REAL")
        #expect(String.declaredDatatype == "TEXT")
        #expect(Blob.declaredDatatype == "BLOB")
        #expect(Bool.declaredDatatype == "INTEGER")
        #expect(Data.declaredDatatype == "BLOB")
        #expect(Date.declaredDatatype == "TEXT")
        #expect(UUID.declaredDatatype == "TEXT")
        #expect(URL.declaredDatatype == "TEXT")
        #expect(Int8.declaredDatatype == "INTEGER")
        #expect(UInt32.declaredDatatype == "INTEGER")
        #expect(UInt64.declaredDatatype == "INTEGER")
    }

    /// SQLite.swift's datatypes: `Bool` and `Int` are stored through `Int64`, and the built-in
    /// conversions are called without `try` (each line would not compile with a throwing one).
    @Test func boolAndIntAreStoredAsInt64() throws {
        #expect(Bool.Datatype.self == Int64.self)
        #expect(Int.Datatype.self == Int64.self)
        let one: Int64 = true.datatypeValue
        let zero: Int64 = false.datatypeValue
        #expect(one == 1 && zero == 0)
        #expect(Bool.fromDatatypeValue(1) == true)
        #expect(Bool.fromDatatypeValue(0) == false)
        #expect(Bool.fromDatatypeValue(-7) == true)
        let answer: Int64 = 42.datatypeValue
        #expect(answer == 42)
        #expect(Int.fromDatatypeValue(Int64(Int.max)) == Int.max)
        #expect(Int.fromDatatypeValue(-5) == -5)
        #expect(try roundTrip(true) == true)
        #expect(try db.scalar("SELECT typeof(value) || value FROM v") as? String == "integer1")
        #expect(try roundTrip(false) == false)
        #expect(try roundTrip(Int.min) == Int.min)
        #expect(try db.scalar("SELECT typeof(value) FROM v") as? String == "integer")
    }

    @Test func builtInConversionsDoNotThrow() {
        let date: Date = Date.fromDatatypeValue("2014-11-18T12:45:30.000")
        #expect(date == Date(timeIntervalSince1970: 1_416_314_730))
        #expect(Data.fromDatatypeValue(Blob(bytes: [1, 2])) == Data([1, 2]))
        #expect(Int64.fromDatatypeValue(3) == 3)
        #expect(Double.fromDatatypeValue(2.5) == 2.5)
        #expect(String.fromDatatypeValue("x") == "x")
        #expect(Blob.fromDatatypeValue(Blob(bytes: [9])) == Blob(bytes: [9]))
        #expect(Float.fromDatatypeValue(0.5) == 0.5)
        #expect(UInt64.fromDatatypeValue(7) == 7)
    }

    @Test(arguments: [Data(), Data([0]), Data([1, 2, 3, 255]), Data(repeating: 7, count: 10_000)])
    func dataRoundTrips(value: Data) throws {
        #expect(value.datatypeValue == Blob(bytes: [UInt8](value)))
        #expect(try roundTrip(value) == value)
        try db.run("DELETE FROM v")
        try db.run("INSERT INTO v VALUES (?)", value.datatypeValue)
        #expect(try db.scalar("SELECT typeof(value) FROM v") as? String == "blob")
    }

    // MARK: - Date

    @Test func dateEpochText() {
        #expect(Date(timeIntervalSince1970: 0).datatypeValue == "1970-01-01T00:00:00.000")
        #expect(Date(timeIntervalSince1970: 1_416_314_730).datatypeValue == "2014-11-18T12:45:30.000")
        #expect(Date(timeIntervalSince1970: -0.001).datatypeValue == "1969-12-31T23:59:59.999")
        #expect(Date(timeIntervalSince1970: 951_782_400).datatypeValue == "2000-02-29T00:00:00.000")
        #expect(Date(timeIntervalSince1970: 4_102_444_799.5).datatypeValue == "2099-12-31T23:59:59.500")
    }

    @Test(arguments: [0, 1_416_314_730, 1_700_000_000, -3_153_600_000, 4_102_444_800] as [Int64])
    func dateRoundTripsToTheMillisecond(seconds: Int64) throws {
        var failures: [String] = []
        for millisecond in 0..<1000 {
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
            let text = date.datatypeValue
            let parsed = Date.fromDatatypeValue(text)
            if !text.hasSuffix(String(format: ".%03d", millisecond)) || parsed != date
                || parsed.datatypeValue != text
            {
                failures.append("\(millisecond) ms: \(text)")
            }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "first failures: \(failures.prefix(5))")
    }

    @Test func dateStoredAndReadBack() throws {
        let date = Date(timeIntervalSince1970: 1_416_314_730.123)
        #expect(try roundTrip(date) == date)
        #expect(try db.scalar("SELECT value FROM v") as? String == "2014-11-18T12:45:30.123")
        // Sorting as text sorts chronologically.
        let now = Date()
        let read = try roundTrip(now)
        #expect(abs(read.timeIntervalSince(now)) < 0.001)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00.000", 0.0),
        ("2014-11-18T12:45:30.000", 1_416_314_730),
        ("2014-11-18 12:45:30.5", 1_416_314_730.5),
        ("2014-11-18T12:45:30Z", 1_416_314_730),
        ("2014-11-18T14:45:30+02:00", 1_416_314_730),
        ("2014-11-18T10:15:30-0230", 1_416_314_730),
        ("2014-11-18T12:45", 1_416_314_700),
        ("2014-11-18", 1_416_268_800),
        ("1969-12-31T23:59:59.999", -0.001),
    ])
    func dateParsesTheAcceptedForms(text: String, expected: Double) throws {
        let date = Date.fromDatatypeValue(text)
        #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_5, "\(text)")
        #expect(try Date.checkedFromDatatypeValue(text) == date)
    }

    @Test(arguments: [
        "", "yesterday", "2014-11-18T", "2014-13-01", "2014-00-10", "2014-11-32", "2014-11-18T24:00",
        "2014-11-18T12:60", "2014-11-18T12:45:30.", "2014-11-18T12:45:30.000X", "14-11-18", "2014/11/18",
        "2014-02-30", "2014-04-31", "2015-02-29",
    ])
    func malformedDateText(text: String) {
        // SQLite.swift's non-throwing signature: no crash, a date no real value has.
        #expect(Date.fromDatatypeValue(text) == Date.distantPast)
        // What the typed and Codable tiers read through throws instead.
        let error = expectResult(code: SQLITE_MISMATCH) { _ = try Date.checkedFromDatatypeValue(text) }
        #expect(error?.message.contains("'\(text)'") == true)
    }

    @Test(arguments: [
        ("0000-01-01T00:00:00.000", -62_167_219_200.0), ("-0001-12-31T23:59:59.999", -62_167_219_200.001),
        ("9999-12-31T23:59:59.999", 253_402_300_799.999), ("10000-01-01T00:00:00.000", 253_402_300_800),
        ("33658-09-27T01:46:40.000", 1e12),
    ])
    func extremeYearsRoundTrip(text: String, seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.datatypeValue == text)
        let parsed = Date.fromDatatypeValue(text)
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.000_5)
        #expect(parsed.datatypeValue == text)
    }

    @Test func leapDayParses() throws {
        #expect(Date.fromDatatypeValue("2016-02-29T00:00:00.000") == Date(timeIntervalSince1970: 1_456_704_000))
    }

    // MARK: - UUID, URL, Float

    @Test func uuidRoundTrips() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(uuid.datatypeValue == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try roundTrip(uuid) == uuid)
        let random = UUID()
        #expect(try roundTrip(random) == random)
        // Called without `try`, as in SQLite.swift; malformed text gives the nil UUID here, and
        // reading it from a row throws (see the typed and Codable tiers' tests).
        #expect(UUID.fromDatatypeValue("e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == uuid)
        #expect(UUID.fromDatatypeValue("not-a-uuid").uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test(arguments: ["https://example.com/a/b?c=d#e", "file:///tmp/x%20y.txt", "mailto:someone@example.com"])
    func urlRoundTrips(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(url.datatypeValue == text)
        #expect(try roundTrip(url) == url)
    }

    @Test func malformedURLGivesAStandIn() {
        // Called without `try`, as in SQLite.swift; reading it from a row throws instead.
        #expect(URL.fromDatatypeValue("").absoluteString == "about:blank")
        #expect(URL.fromDatatypeValue("https://example.com").absoluteString == "https://example.com")
    }

    @Test(arguments: [Float(0), 1.5, -3.25, .pi, .greatestFiniteMagnitude, .infinity])
    func floatRoundTrips(value: Float) throws {
        #expect(value.datatypeValue == Double(value))
        #expect(try roundTrip(value) == value)
    }

    // MARK: - Fixed-width integers

    @Test func narrowIntegersRoundTripAtTheirLimits() throws {
        #expect(try roundTrip(Int8.min) == Int8.min)
        #expect(try roundTrip(Int8.max) == Int8.max)
        #expect(try roundTrip(Int16.min) == Int16.min)
        #expect(try roundTrip(Int16.max) == Int16.max)
        #expect(try roundTrip(Int32.min) == Int32.min)
        #expect(try roundTrip(Int32.max) == Int32.max)
        #expect(try roundTrip(UInt8.max) == UInt8.max)
        #expect(try roundTrip(UInt16.max) == UInt16.max)
        #expect(try roundTrip(UInt32.max) == UInt32.max)
        #expect(try roundTrip(UInt32.min) == 0)
    }

    @Test func narrowIntegersBindDirectly() throws {
        #expect(try db.scalar("SELECT ? + ? + ? + ?", Int8(-1), UInt8(2), Int32(3), UInt32(4)) as? Int64 == 8)
        #expect(try db.scalar("SELECT ?", UInt32.max) as? Int64 == Int64(UInt32.max))
        let statement = try db.prepare("SELECT ?", Int16(-300))
        #expect(try statement.step())
        #expect(try statement.row.get(Int16.self, at: 0) == -300)
    }

    @Test(arguments: [
        (Int64(Int8.max) + 1, "Int8"), (Int64(Int8.min) - 1, "Int8"), (Int64(Int16.max) + 1, "Int16"),
        (Int64(Int32.min) - 1, "Int32"), (-1, "UInt8"), (256, "UInt8"), (65_536, "UInt16"),
        (Int64(UInt32.max) + 1, "UInt32"), (-1, "UInt32"),
    ])
    func narrowIntegerOverflowOnReadThrowsRange(stored: Int64, type: String) throws {
        let statement = try db.prepare("SELECT ?", stored)
        #expect(try statement.step())
        let row = statement.row
        let error = expectResult(code: SQLITE_RANGE) {
            switch type {
            case "Int8": _ = try row.get(Int8.self, at: 0)
            case "Int16": _ = try row.get(Int16.self, at: 0)
            case "Int32": _ = try row.get(Int32.self, at: 0)
            case "UInt8": _ = try row.get(UInt8.self, at: 0)
            case "UInt16": _ = try row.get(UInt16.self, at: 0)
            default: _ = try row.get(UInt32.self, at: 0)
            }
        }
        #expect(error?.message.contains("\(stored)") == true)
        expectResult(code: SQLITE_RANGE) {
            switch type {
            case "Int8": _ = try Int8.fromDatatypeValue(stored)
            case "Int16": _ = try Int16.fromDatatypeValue(stored)
            case "Int32": _ = try Int32.fromDatatypeValue(stored)
            case "UInt8": _ = try UInt8.fromDatatypeValue(stored)
            case "UInt16": _ = try UInt16.fromDatatypeValue(stored)
            default: _ = try UInt32.fromDatatypeValue(stored)
            }
        }
    }

    @Test func customValueConformance() throws {
        struct Celsius: Value, Equatable {
            var degrees: Double
            static let declaredDatatype = Double.declaredDatatype
            static func fromDatatypeValue(_ value: Double) throws -> Celsius { Celsius(degrees: value) }
            var datatypeValue: Double { degrees }
        }
        #expect(Celsius.declaredDatatype == "REAL")
        #expect(try roundTrip(Celsius(degrees: 21.5)) == Celsius(degrees: 21.5))
    }
}

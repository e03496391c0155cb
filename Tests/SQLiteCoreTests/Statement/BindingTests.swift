import SQLiteCore
import Testing

/// Values bound into SQLite and read back, by type.
@Suite struct BindingTests {
    let db: Connection

    init() throws {
        db = try Connection()
    }

    /// Binds `value`, stores it in a column without affinity, and reads it back.
    private func roundTrip(_ value: Binding?) throws -> Binding? {
        try db.scalar("SELECT ?", value)
    }

    private func storedType(_ value: Binding?) throws -> String? {
        try db.scalar("SELECT typeof(?)", value) as? String
    }

    @Test(arguments: [Int64.min, -1, 0, 1, Int64(Int32.max) + 1, Int64.max])
    func int64RoundTrips(value: Int64) throws {
        #expect(try roundTrip(value) as? Int64 == value)
        #expect(try storedType(value) == "integer")
    }

    @Test(arguments: [Int.min, -42, 0, Int.max])
    func intBindsAsInteger(value: Int) throws {
        #expect(try roundTrip(value) as? Int64 == Int64(value))
        let statement = try db.prepare("SELECT ?", value)
        #expect(try statement.step())
        #expect(statement.row[0] == value)
        #expect(try statement.row.get(Int.self, at: 0) == value)
    }

    @Test func boolBindsAsZeroOrOne() throws {
        #expect(try roundTrip(true) as? Int64 == 1)
        #expect(try roundTrip(false) as? Int64 == 0)
        #expect(try storedType(true) == "integer")
        let statement = try db.prepare("SELECT ?, ?, 7, 0.5, NULL", true, false)
        #expect(try statement.step())
        #expect(statement.row[0] == true)
        #expect(statement.row[1] == false)
        #expect(statement.row[2] == true)
        // NULL: false by the subscript (SQLite's conversion), an error by `get` (the table).
        #expect(statement.row[4] == false)
        #expect(throws: Result.self) { try statement.row.get(Bool.self, at: 4) }
        #expect(throws: Result.self) { try statement.row.get(Bool.self, at: 3) }
    }

    @Test(arguments: [0.0, -0.5, 1.5, Double.pi, Double.greatestFiniteMagnitude, -Double.leastNonzeroMagnitude])
    func doubleRoundTrips(value: Double) throws {
        #expect(try roundTrip(value) as? Double == value)
        #expect(try storedType(value) == "real")
    }

    @Test func infinitiesRoundTripAndNaNIsNull() throws {
        #expect(try roundTrip(Double.infinity) as? Double == .infinity)
        #expect(try roundTrip(-Double.infinity) as? Double == -.infinity)
        #expect(try roundTrip(Double.nan) == nil)  // SQLite stores NaN as NULL
    }

    @Test(arguments: ["", "hello", "héllo wörld", "日本語テキスト", "emoji 👩‍👩‍👧‍👦", "a\u{0}b", "\u{0}", "tab\tnew\nline"])
    func stringRoundTrips(value: String) throws {
        #expect(try roundTrip(value) as? String == value)
        #expect(try storedType(value) == "text")
        #expect(try db.scalar("SELECT length(CAST(? AS BLOB))", value) as? Int64 == Int64(value.utf8.count))
    }

    @Test func stringWithEmbeddedNulSurvivesStorageAndCursor() throws {
        try db.execute("CREATE TABLE t (s TEXT)")
        let value = "before\u{0}after"
        try db.run("INSERT INTO t VALUES (?)", value)
        let statement = try db.prepare("SELECT s FROM t")
        #expect(try statement.step())
        #expect(statement.row[0] == value)
        #expect(try statement.row.get(String.self, at: 0) == value)
        #expect(try db.query("SELECT s FROM t")[0]["s"] as? String == value)
    }

    @Test func emptyStringIsNotNull() throws {
        #expect(try db.scalar("SELECT ? IS NULL", "") as? Int64 == 0)
        #expect(try db.scalar("SELECT ? IS NULL", nil) as? Int64 == 1)
        #expect(try storedType("") == "text")
        #expect(try storedType(nil) == "null")
    }

    @Test(arguments: [[], [0], [0, 1, 2, 255], Array(repeating: 0xAB, count: 100_000)] as [[UInt8]])
    func blobRoundTrips(bytes: [UInt8]) throws {
        let blob = Blob(bytes: bytes)
        #expect(try roundTrip(blob) as? Blob == blob)
        #expect(try storedType(blob) == "blob")
        #expect(try db.scalar("SELECT length(?)", blob) as? Int64 == Int64(bytes.count))
    }

    @Test func emptyBlobIsNotNull() throws {
        #expect(try db.scalar("SELECT ? IS NULL", Blob(bytes: [])) as? Int64 == 0)
        #expect(try storedType(Blob(bytes: [])) == "blob")
    }

    @Test func blobDescriptionAndHex() {
        let blob = Blob(bytes: [0xDE, 0xAD, 0x01])
        #expect(blob.toHex() == "dead01")
        #expect(blob.description == "x'dead01'")
        #expect(Blob(bytes: []).description == "x''")
        let raw: [UInt8] = [1, 2, 3]
        let copy = raw.withUnsafeBytes { buffer in buffer.baseAddress.map { Blob(bytes: $0, length: buffer.count) } }
        #expect(copy?.bytes == raw)
    }

    @Test func valuesAboveTheLengthLimitThrowTooBig() throws {
        sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, 1000)
        let tooLong = String(repeating: "x", count: 1001)
        let text = expectResult(code: SQLITE_TOOBIG) { _ = try db.scalar("SELECT ?", tooLong) }
        #expect(text?.sql == "SELECT ?")
        expectResult(code: SQLITE_TOOBIG) {
            _ = try db.scalar("SELECT ?", Blob(bytes: Array(repeating: 0, count: 1001)))
        }
        let statement = try db.prepare("SELECT ?")
        expectResult(code: SQLITE_TOOBIG) { try statement.bind(tooLong, at: 1) }
        let longest = String(repeating: "x", count: 1000)
        #expect(try db.scalar("SELECT ?", longest) as? String == longest)
    }

    @Test func nilBindsNull() throws {
        #expect(try roundTrip(nil) == nil)
        #expect(try db.scalar("SELECT coalesce(?, 'fallback')", nil) as? String == "fallback")
    }

    @Test(arguments: [UInt64(0), 1, UInt64(Int64.max)])
    func uint64InRangeRoundTrips(value: UInt64) throws {
        #expect(try roundTrip(value) as? Int64 == Int64(value))
        let statement = try db.prepare("SELECT ?", value)
        #expect(try statement.step())
        #expect(try statement.row.get(UInt64.self, at: 0) == value)
    }

    @Test(arguments: [UInt64(Int64.max) + 1, UInt64.max])
    func uint64AboveInt64MaxThrowsOnBind(value: UInt64) throws {
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT ?", value) }
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT :v", ["v": value]) }
        let statement = try db.prepare("SELECT ?")
        expectResult(code: SQLITE_RANGE) { try statement.bind(value, at: 1) }
        statement.bind(value)
        expectResult(code: SQLITE_RANGE) { _ = try statement.step() }
        expectResult(code: SQLITE_RANGE) { _ = try db.scalar("SELECT ?", UInt(value)) }
    }

    @Test func negativeIntegerReadAsUnsignedThrows() throws {
        let statement = try db.prepare("SELECT -1")
        #expect(try statement.step())
        expectResult(code: SQLITE_RANGE) { _ = try statement.row.get(UInt64.self, at: 0) }
        expectResult(code: SQLITE_RANGE) { _ = try statement.row.get(UInt.self, at: 0) }
    }

    @Test(arguments: [
        ("'12abc'", Int64(12)), ("'  42  '", 42), ("'abc'", 0), ("'3.9'", 3), ("'-7e2'", -7), ("x'3132'", 12),
        ("NULL", 0), ("2.9", 2), ("-2.9", -2), ("'9223372036854775808'", Int64.max),
    ])
    func textReadAsIntegerFollowsSQLite(literal: String, expected: Int64) throws {
        let statement = try db.prepare("SELECT \(literal)")
        #expect(try statement.step())
        #expect(statement.row[0] == expected)
        // `get` reads text only when it is wholly a number, a real only when it is a whole number,
        // and neither NULL nor a blob; the subscript takes SQLite's value.
        if ["'12abc'", "'abc'", "NULL", "2.9", "-2.9", "x'3132'"].contains(literal) {
            expectResult(code: SQLITE_MISMATCH) { _ = try statement.row.get(Int64.self, at: 0) }
        } else {
            #expect(try statement.row.get(Int64.self, at: 0) == expected)
        }
        #expect(try db.scalar("SELECT CAST(\(literal) AS INTEGER)") as? Int64 ?? 0 == expected)
    }

    @Test(arguments: [("'1.5xyz'", 1.5), ("'abc'", 0.0), ("12", 12.0), ("NULL", 0.0), ("' -2.25 '", -2.25)])
    func textReadAsRealFollowsSQLite(literal: String, expected: Double) throws {
        let statement = try db.prepare("SELECT \(literal)")
        #expect(try statement.step())
        #expect(statement.row[0] == expected)
        if ["'1.5xyz'", "'abc'", "NULL"].contains(literal) {
            expectResult(code: SQLITE_MISMATCH) { _ = try statement.row.get(Double.self, at: 0) }
        } else {
            #expect(try statement.row.get(Double.self, at: 0) == expected)
        }
    }

    @Test func numbersReadAsTextAndBlob() throws {
        let statement = try db.prepare("SELECT 42, 1.5, NULL, 'txt'")
        #expect(try statement.step())
        #expect(statement.row[0] == "42")
        #expect(statement.row[1] == "1.5")
        #expect(statement.row[2] == "")
        #expect(statement.row[0] == Blob(bytes: Array("42".utf8)))
        #expect(statement.row[2] == Blob(bytes: []))
        #expect(statement.row[3] == Blob(bytes: Array("txt".utf8)))
    }
}

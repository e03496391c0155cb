import Foundation
import SQLiteCodable
import Testing

@Suite("Decoding and encoding errors name the column and the type")
struct DecodingErrorTests {
    struct Small: Codable {
        var value: Int8
    }

    struct Unsigned: Codable {
        var value: UInt32
    }

    struct Required: Codable {
        var value: String
    }

    struct Numbers: Codable {
        var value: Int64
    }

    func database(_ value: String) throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (value); INSERT INTO t VALUES (\(value))")
        return db
    }

    @Test(
        "integers out of range throw, never wrap",
        arguments: [
            ("128", "Int8"), ("-129", "Int8"), ("9223372036854775807", "Int8"), ("-1", "UInt32"),
            ("4294967296", "UInt32"),
        ])
    func overflow(stored: String, type: String) throws {
        let db = try database(stored)
        let error = #expect(throws: DecodingError.self) {
            if type == "Int8" {
                _ = try db.fetchAll(Small.self, sql: "SELECT value FROM t")
            } else {
                _ = try db.fetchAll(Unsigned.self, sql: "SELECT value FROM t")
            }
        }
        let text = message(of: error)
        #expect(text.contains(#"column "value""#))
        #expect(text.contains(type == "Int8" ? "Small" : "Unsigned"))
        #expect(text.contains("does not fit \(type)"))
    }

    @Test("NULL in a non-optional property")
    func nullValue() throws {
        let db = try database("NULL")
        let error = #expect(throws: DecodingError.self) { _ = try db.fetchAll(Required.self, sql: "SELECT * FROM t") }
        let text = message(of: error)
        #expect(text.contains(#"column "value" of Required"#))
        #expect(text.contains("NULL"))
    }

    @Test("text in an integer property")
    func mismatch() throws {
        let db = try database("'abc'")
        let error = #expect(throws: DecodingError.self) { _ = try db.fetchAll(Numbers.self, sql: "SELECT * FROM t") }
        #expect(
            message(of: error).contains(
                #"column "value" of Numbers: TEXT 'abc' (not a number) cannot be read as Int64"#))
    }

    struct Mixed: Codable, Equatable {
        var int: Int
        var wide: Int64
        var double: Double
        var float: Float
        var flag: Bool
    }

    @Test("numbers stored as text read as those numbers; other text is a mismatch")
    func numbersStoredAsText() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (int TEXT, wide TEXT, double TEXT, float TEXT, flag TEXT);
            INSERT INTO t VALUES (1, ' 2 ', 3.5, '4', 1);
            """)
        #expect(try db.scalar("SELECT typeof(int) || typeof(double) FROM t") as? String == "texttext")
        #expect(
            try db.fetchAll(Mixed.self, sql: "SELECT * FROM t")
                == [Mixed(int: 1, wide: 2, double: 3.5, float: 4, flag: true)])
        try db.execute("UPDATE t SET double = '3.5 apples'")
        let error = #expect(throws: DecodingError.self) { _ = try db.fetchAll(Mixed.self, sql: "SELECT * FROM t") }
        #expect(
            message(of: error).contains(
                #"column "double" of Mixed: TEXT '3.5 apples' (not a number) cannot be read as Double"#))
    }

    struct Identified: Codable {
        var id: UUID
        var link: URL
    }

    @Test(
        "text that is not a UUID or a URL",
        arguments: [("'x'", "'https://example.com'"), ("'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'", "''")])
    func malformedUUIDOrURL(uuid: String, url: String) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id TEXT, link TEXT); INSERT INTO t VALUES (\(uuid), \(url))")
        #expect(throws: DecodingError.self) { _ = try db.fetchAll(Identified.self, sql: "SELECT * FROM t") }
    }

    @Test("a missing column")
    func missingColumn() throws {
        let db = try database("1")
        let error = #expect(throws: DecodingError.self) {
            _ = try db.fetchAll(Required.self, sql: "SELECT value AS other FROM t")
        }
        #expect(message(of: error).contains(#"no column "value" for Required"#))
    }

    @Test("a malformed date or enum")
    func corrupted() throws {
        struct Dated: Codable { var value: Date }
        struct Moody: Codable { var value: Everything.Mood }
        let db = try database("'yesterday'")
        let dateError = #expect(throws: DecodingError.self) { _ = try db.fetchAll(Dated.self, sql: "SELECT * FROM t") }
        #expect(message(of: dateError).contains(#"column "value" of Dated"#))
        #expect(throws: DecodingError.self) { _ = try db.fetchAll(Moody.self, sql: "SELECT * FROM t") }
    }

    @Test("UInt64 above Int64.max cannot be encoded")
    func encodingOverflow() throws {
        struct Big: Codable { var value: UInt64 }
        let error = #expect(throws: EncodingError.self) { _ = try Table("t").insert(Big(value: .max)) }
        let text = message(of: error)
        #expect(text.contains(#"column "value" of Big"#))
        #expect(text.contains("does not fit"))
    }
}

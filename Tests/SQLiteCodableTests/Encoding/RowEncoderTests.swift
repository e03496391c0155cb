import Foundation
import SQLiteCodable
import Testing

@Suite("Encoding values into columns")
struct RowEncoderTests {
    struct Wide: Codable, Equatable {
        var value: Int64
    }

    struct Unsigned: Codable, Equatable {
        var value: UInt64
    }

    @Test("extreme integers are stored exactly", arguments: [Int64.min, -1, 0, 1, Int64.max])
    func extremes(value: Int64) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (value INTEGER)")
        try db.run(Table("t").insert(Wide(value: value)))
        #expect(try db.scalar("SELECT value FROM t") as? Int64 == value)
        #expect(try db.fetchAll(Wide.self, Table("t")) == [Wide(value: value)])
    }

    @Test(
        "UInt64 up to Int64.max encodes; above it throws",
        arguments: [UInt64(0), UInt64(Int64.max), UInt64(Int64.max) + 1, .max])
    func unsigned(value: UInt64) throws {
        if value <= UInt64(Int64.max) {
            #expect(try Table("t").insert(Unsigned(value: value)).bindings.first as? Int64 == Int64(value))
        } else {
            #expect(throws: EncodingError.self) { try Table("t").insert(Unsigned(value: value)) }
        }
    }

    @Test("nested values are JSON text with sorted keys; enums store their raw values")
    func shapes() throws {
        struct Shape: Codable {
            var address = Everything.Address(street: "S", zip: 1)
            var list = [3, 1, 2]
            var mood = Everything.Mood.happy
            var level = Everything.Level.low
            var nested: [String: [Int]] = ["b": [2], "a": [1]]
        }
        let insert = try Table("t").insert(Shape())
        #expect(
            insert.asSQL()
                == #"INSERT INTO "t" ("address", "list", "mood", "level", "nested") VALUES ('{"street":"S","zip":1}', "#
                + #"'[3,1,2]', 'happy', 1, '{"a":[1],"b":[2]}')"#)
    }

    @Test("a value that is not keyed cannot be a row")
    func notKeyed() {
        #expect(throws: EncodingError.self) { try Table("t").insert([1, 2, 3]) }
        #expect(throws: EncodingError.self) { try Table("t").insert("text") }
    }
}

import Foundation
import SQLiteCodable
import Testing

@Suite("Coding options and user info")
struct CodingOptionsTests {
    struct Profile: Codable, Equatable {
        static let prefixKey = CodingUserInfoKey(rawValue: "prefix")

        var displayName: String

        init(displayName: String) {
            self.displayName = displayName
        }

        enum CodingKeys: String, CodingKey { case displayName }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let prefix = Self.prefixKey.flatMap { decoder.userInfo[$0] as? String } ?? ""
            displayName = prefix + (try container.decode(String.self, forKey: .displayName))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let prefix = Self.prefixKey.flatMap { encoder.userInfo[$0] as? String } ?? ""
            try container.encode(prefix + displayName, forKey: .displayName)
        }
    }

    @Test("user info reaches encode(to:) and init(from:)")
    func userInfo() throws {
        let key = try #require(Profile.prefixKey)
        let db = try Connection()
        try db.execute("CREATE TABLE profile (displayName TEXT)")
        try db.run(Table("profile").insert(Profile(displayName: "Ann"), userInfo: [key: "Dr. "]))
        #expect(try db.scalar("SELECT displayName FROM profile") as? String == "Dr. Ann")
        let read = try db.fetchAll(Profile.self, Table("profile"), userInfo: [key: "Prof. "])
        #expect(read == [Profile(displayName: "Prof. Dr. Ann")])
    }

    @Test(
        "key conversion",
        arguments: [
            ("createdAt", "created_at"), ("imageURL", "image_url"), ("URLValue", "url_value"), ("id", "id"),
            ("userID2", "user_id2"), ("already_snake", "already_snake"),
        ])
    func snakeCase(key: String, column: String) throws {
        struct One: Encodable {
            let key: String
            struct Key: CodingKey {
                var stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key(stringValue: key))
            }
        }
        let insert = try Table("t").insert(One(key: key), options: .snakeCase)
        #expect(insert.template == "INSERT INTO \"t\" (\"\(column)\") VALUES (?)")
    }

    @Test("custom key strategies")
    func custom() throws {
        struct Thing: Codable, Equatable { var name: String }
        let options = CodingOptions(
            keyEncodingStrategy: .custom { "col_" + $0 },
            keyDecodingStrategy: .custom { String($0.dropFirst(4)) })
        let db = try Connection()
        try db.execute("CREATE TABLE thing (col_name TEXT)")
        try db.run(Table("thing").insert(Thing(name: "x"), options: options))
        #expect(try db.fetchAll(Thing.self, Table("thing"), options: options) == [Thing(name: "x")])
    }
}

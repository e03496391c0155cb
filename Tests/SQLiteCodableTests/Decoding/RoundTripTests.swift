import Foundation
import SQLiteCodable
import Testing

@Suite("Round trips of every supported type")
struct RoundTripTests {
    func database() throws -> Connection {
        let db = try Connection()
        try db.execute(Everything.createSQL)
        return db
    }

    @Test("every type survives insert + fetchAll, row.decode and fetchOne")
    func everything() throws {
        let db = try database()
        let table = Table("everything")
        try db.run(table.insert(Everything.sample))
        let fetched = try db.fetchAll(Everything.self, table)
        #expect(fetched == [Everything.sample])
        let decoded: [Everything] = try db.prepare(table).map { try $0.decode() }
        #expect(decoded == [Everything.sample])
        #expect(try db.fetchOne(Everything.self, sql: "SELECT * FROM everything") == Everything.sample)
    }

    @Test("storage: dates as ISO text, Data as a blob, enums by raw value, nested values as JSON")
    func storage() throws {
        let db = try database()
        try db.run(Table("everything").insert(Everything.sample))
        let row = try #require(
            db.prepare("SELECT date, typeof(data), mood, level, address, tags, decimal, uuid FROM everything").next())
        #expect(row[0] as? String == "2023-11-14T22:13:20.123")
        #expect(row[1] as? String == "blob")
        #expect(row[2] as? String == "grumpy")
        #expect(row[3] as? Int64 == 9)
        #expect(row[4] as? String == #"{"street":"Main","zip":12345}"#)
        #expect(row[5] as? String == #"["a","b"]"#)
        #expect(row[6] as? String == "12.345")
        #expect(row[7] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test("NULL columns decode as nil and nil encodes as NULL", arguments: [true, false])
    func nulls(viaUpdate: Bool) throws {
        struct Maybe: Codable, Equatable {
            var a: Int?
            var b: String?
            var c: Date?
            var d: [Int]?
        }
        let db = try Connection()
        try db.execute("CREATE TABLE maybe (a INTEGER, b TEXT, c TEXT, d TEXT)")
        let table = Table("maybe")
        if viaUpdate {
            try db.run(table.insert(Maybe(a: 1, b: "x", c: Date(timeIntervalSince1970: 0), d: [1])))
            try db.run(table.update(Maybe(), options: CodingOptions(nilEncodingStrategy: .null)))
        } else {
            try db.run(table.insert(Maybe()))
        }
        #expect(
            try db.scalar("SELECT count(*) FROM maybe WHERE a IS NULL AND b IS NULL AND c IS NULL AND d IS NULL")
                as? Int64 == 1)
        #expect(try db.fetchAll(Maybe.self, table) == [Maybe()])
    }

    @Test("dates keep their milliseconds", arguments: [DateStrategy.iso8601Text, .unixSeconds, .unixMilliseconds])
    func dates(strategy: DateStrategy) throws {
        struct Event: Codable, Equatable { var at: Date }
        let db = try Connection()
        try db.execute("CREATE TABLE event (at)")
        let options = CodingOptions(dateStrategy: strategy)
        let events = [-86_400_000.001, 0, 1.999, 1_700_000_000.123].map { Event(at: Date(timeIntervalSince1970: $0)) }
        for event in events { try db.run(Table("event").insert(event, options: options)) }
        let read = try db.fetchAll(Event.self, Table("event"), options: options)
        #expect(
            zip(read, events).allSatisfy { abs($0.at.timeIntervalSince1970 - $1.at.timeIntervalSince1970) < 0.0005 })
        #expect(read.count == events.count)
    }

    @Test("snake_case keys both ways")
    func snakeCase() throws {
        struct Account: Codable, Equatable {
            var createdAt: Date
            var imageURL: URL
            var userID: Int64
        }
        let db = try Connection()
        try db.execute("CREATE TABLE account (created_at TEXT, image_url TEXT, user_id INTEGER)")
        let account = Account(
            createdAt: Date(timeIntervalSince1970: 10),
            imageURL: URL(string: "https://x.y") ?? URL(fileURLWithPath: "/"),
            userID: 3)
        let insert = try Table("account").insert(account, options: .snakeCase)
        #expect(insert.template == #"INSERT INTO "account" ("created_at", "image_url", "user_id") VALUES (?, ?, ?)"#)
        try db.run(insert)
        #expect(try db.fetchAll(Account.self, Table("account"), options: .snakeCase) == [account])
        let decoded: [Account] = try db.prepare(Table("account")).map { try $0.decode(options: .snakeCase) }
        #expect(decoded == [account])
    }

    @Test("a one-column result decodes as a single value")
    func singleValue() throws {
        let db = try Doc.database()
        try db.run("INSERT INTO users (email) VALUES ('a'), ('b')")
        #expect(try db.fetchAll(String.self, sql: "SELECT email FROM users ORDER BY email") == ["a", "b"])
        #expect(try db.fetchAll(Int64.self, sql: "SELECT id FROM users WHERE email = ?", "b") == [2])
    }
}

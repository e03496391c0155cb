import Foundation
import SQLiteCodable

/// A value with one property of every supported kind.
struct Everything: Codable, Equatable {
    enum Mood: String, Codable, Equatable, CaseIterable { case happy, grumpy }
    enum Level: Int, Codable, Equatable, CaseIterable { case low = 1, high = 9 }
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int
    }

    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
    var bool: Bool
    var string: String
    var data: Data
    var date: Date
    var uuid: UUID
    var url: URL
    var decimal: Decimal
    var mood: Mood
    var level: Level
    var address: Address
    var tags: [String]
    var scores: [String: Int]
    var optionalString: String?
    var optionalInt: Int?
    var optionalDate: Date?
    var optionalAddress: Address?
    var optionalMood: Mood?

    static let sample = Everything(
        int: -42, int8: .min, int16: .max, int32: .min, int64: .max, uint: 7, uint8: .max, uint16: .max,
        uint32: .max, uint64: UInt64(Int64.max), float: 1.5, double: -0.25, bool: true, string: "it's \"quoted\"",
        data: Data([0, 1, 2, 255]), date: Date(timeIntervalSince1970: 1_700_000_000.123),
        uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(),
        url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"),
        decimal: Decimal(string: "12.345") ?? 0,
        mood: .grumpy, level: .high, address: Address(street: "Main", zip: 12345), tags: ["a", "b"],
        scores: ["x": 1, "y": 2], optionalString: nil, optionalInt: 5, optionalDate: nil,
        optionalAddress: Address(street: "Side", zip: 1), optionalMood: nil)

    static let createSQL = """
        CREATE TABLE everything (
            int INTEGER, int8 INTEGER, int16 INTEGER, int32 INTEGER, int64 INTEGER, uint INTEGER, uint8 INTEGER,
            uint16 INTEGER, uint32 INTEGER, uint64 INTEGER, float REAL, double REAL, bool BOOLEAN, string TEXT,
            data BLOB, date TEXT, uuid TEXT, url TEXT, decimal TEXT, mood TEXT, level INTEGER, address TEXT,
            tags TEXT, scores TEXT, optionalString TEXT, optionalInt INTEGER, optionalDate TEXT,
            optionalAddress TEXT, optionalMood TEXT)
        """
}

/// The documentation's `users` table.
enum Doc {
    static let users = Table("users")
    static let id = Expression<Int64>("id")
    static let email = Expression<String>("email")

    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, age INTEGER)")
        return db
    }
}

/// The message of an error as a test reads it.
func message(of error: (any Error)?) -> String {
    error.map { "\($0)" } ?? "no error"
}

/// The SQL statements a connection runs, collected through its trace hook.
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    init(_ db: Connection) {
        db.trace { [self] line in lock.withLock { lines.append(line) } }
    }

    var statements: [String] { lock.withLock { lines } }
}

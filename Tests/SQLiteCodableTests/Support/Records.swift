import Foundation
import SQLiteCodable

/// A record with an auto-increment key.
struct Item: Record, Equatable {
    var id: Int64 = 0
    var name: String
    var price: Double
    var note: String?
}

/// A record with its own key, snake-case columns and timestamps.
struct Country: Record, Equatable {
    static let primaryKey = RecordKey.column("code")
    static let codingOptions = CodingOptions.snakeCase
    static let timestamps = true

    var code: String
    var displayName: String
    var createdAt: Date?
    var updatedAt: Date?
}

/// Authors and their books, joined through `book.author_id`.
struct Author: Record, Equatable {
    var id: Int64?
    var name: String
}

struct Book: Record, Equatable {
    static let columnMapping = ["authorID": "author_id"]
    var id: Int64?
    var authorID: Int64
    var title: String
}

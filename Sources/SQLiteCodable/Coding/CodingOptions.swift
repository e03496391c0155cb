import Foundation

/// How Codable values map onto columns: key naming, date storage and the treatment of `nil`.
///
/// ```swift
/// var options = CodingOptions()
/// options.keyEncodingStrategy = .convertToSnakeCase      // createdAt -> "created_at"
/// options.keyDecodingStrategy = .convertFromSnakeCase
/// options.dateStrategy = .unixSeconds
/// let insert = try users.insert(user, options: options)
/// ```
public struct CodingOptions: Sendable {
    /// How a coding key becomes a column name when encoding.
    public var keyEncodingStrategy: KeyEncodingStrategy

    /// How a coding key finds its column when decoding.
    public var keyDecodingStrategy: KeyDecodingStrategy

    /// How dates are stored: ISO-8601 text (the core tier's format) by default.
    public var dateStrategy: DateStrategy

    /// What `insert`, `insertMany`, `update` and `upsert` of an `Encodable` do with a `nil`
    /// optional property: leave it out, as SQLite.swift does (the default), or write `NULL`.
    public var nilEncodingStrategy: NilEncodingStrategy

    /// The coding keys of ``Stored`` `NSNumber` properties kept as `REAL` (a record's
    /// ``Record/doubleProperties``); the others are `INTEGER`.
    var doubleKeys: Set<String> = []

    /// Options with default keys, ISO-8601 text dates, and `nil` properties left out.
    public init(
        keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys,
        keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys,
        dateStrategy: DateStrategy = .iso8601Text,
        nilEncodingStrategy: NilEncodingStrategy = .omit
    ) {
        self.keyEncodingStrategy = keyEncodingStrategy
        self.keyDecodingStrategy = keyDecodingStrategy
        self.dateStrategy = dateStrategy
        self.nilEncodingStrategy = nilEncodingStrategy
    }

    /// Whether the property at `codingPath` (a top-level key) is a ``Stored`` number kept as
    /// `REAL`.
    func isDouble(_ codingPath: [any CodingKey]) -> Bool {
        guard !doubleKeys.isEmpty, codingPath.count == 1, let key = codingPath.first else { return false }
        return doubleKeys.contains(key.stringValue)
    }

    /// Whether rows decode with these options as with the defaults (keys as written, ISO-8601
    /// dates, no `REAL` numbers): a decoder made with them can be kept and shared.
    var decodesAsDefaults: Bool {
        guard case .useDefaultKeys = keyDecodingStrategy else { return false }
        return dateStrategy == .iso8601Text && doubleKeys.isEmpty
    }

    /// Snake-case columns both ways: `createdAt` is stored in `"created_at"`.
    public static var snakeCase: CodingOptions {
        CodingOptions(keyEncodingStrategy: .convertToSnakeCase, keyDecodingStrategy: .convertFromSnakeCase)
    }
}

/// How a coding key becomes a column name when a value is encoded.
public enum KeyEncodingStrategy: Sendable {
    /// The key as written: `createdAt` is the column `"createdAt"`.
    case useDefaultKeys
    /// `createdAt` is the column `"created_at"`, `imageURL` is `"image_url"`.
    case convertToSnakeCase
    /// A function from the key to the column name.
    case custom(@Sendable (String) -> String)
}

/// How a decoded coding key finds its column.
public enum KeyDecodingStrategy: Sendable {
    /// The column named exactly like the key.
    case useDefaultKeys
    /// The column named like the key in snake case (`createdAt` reads `"created_at"`); a column
    /// named exactly like the key is used when there is no snake-case one.
    case convertFromSnakeCase
    /// A function from a column name to the key it holds, as `JSONDecoder`'s custom strategy.
    case custom(@Sendable (String) -> String)
}

/// What an `insert`, `insertMany`, `update` or `upsert` of an `Encodable` does with a `nil`
/// optional property (one its `encode(to:)` passes to `encodeIfPresent`, as synthesized
/// conformances do).
///
/// ```swift
/// try db.run(users.filter(id == 1).update(user))   // a nil `name` is left as it is
/// try db.run(users.filter(id == 1).update(user, options: CodingOptions(nilEncodingStrategy: .null)))
/// // UPDATE "users" SET "email" = 'a@b.c', "name" = NULL WHERE ("id" = 1)
/// ```
public enum NilEncodingStrategy: Sendable, Equatable {
    /// Left out of the statement, as SQLite.swift does: an insert gives the column its default,
    /// an update or upsert leaves it unchanged. An `insertMany` whose rows do not all encode the
    /// same columns lists every column of every row, writing `NULL` for `nil` (even for a
    /// column that is `nil` in every row), as SQLite.swift does.
    case omit
    /// Written as `NULL`: an insert does not use the column's default, an update or upsert
    /// clears the column.
    case null
}

/// How `Date` values are stored.
public enum DateStrategy: Sendable, Equatable {
    /// ISO-8601 text in UTC with milliseconds, `2014-11-18T12:45:30.000`, as the core tier
    /// stores `Date` (sorts and compares as text). Numbers read back as Unix seconds.
    case iso8601Text
    /// A `REAL` number of seconds since 1970-01-01 UTC.
    case unixSeconds
    /// An `INTEGER` number of milliseconds since 1970-01-01 UTC.
    case unixMilliseconds

    /// The column type for dates stored this way.
    var declaredDatatype: String {
        switch self {
        case .iso8601Text: "TEXT"
        case .unixSeconds: "REAL"
        case .unixMilliseconds: "INTEGER"
        }
    }
}

/// Snake-case conversion shared by the key strategies and the default table names.
enum SnakeCase {
    /// `createdAt` → `created_at`, `imageURL` → `image_url`, `URLValue` → `url_value`.
    static func convert(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        for (offset, character) in characters.enumerated() {
            guard character.isUppercase else {
                result.append(character)
                continue
            }
            if offset > 0 {
                let previous = characters[offset - 1]
                let nextIsLower = offset + 1 < characters.count && characters[offset + 1].isLowercase
                if previous != "_"
                    && (previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower))
                {
                    result.append("_")
                }
            }
            result += character.lowercased()
        }
        return result
    }
}

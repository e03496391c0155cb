import Foundation

/// Derives a record type's columns by decoding it from a decoder that makes up values:
/// each key's requested type gives the column type, `decodeNil` (an optional) a nullable
/// column. Nested values are made up too (to learn they are JSON text); an enum is made from
/// its first case when it is `CaseIterable`.
final class SchemaProbe: Decoder {
    /// A column derived from a property: its key, declared type, whether it is `NOT NULL`, and
    /// the value existing rows get when it is added to a table holding data.
    struct Entry {
        let key: String
        var declaredType: String
        var notNull: Bool
        var filler: SQLValue
    }

    let options: CodingOptions
    let rowType: String
    private(set) var columns: [Entry] = []

    init(options: CodingOptions, rowType: String) {
        self.options = options
        self.rowType = rowType
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Notes the column of `key`. An optional is seen twice, first by `decodeNil` (nullable,
    /// no type), then by the `decode` of its wrapped type (the type and the filler).
    func record(_ key: String, _ declaredType: String, notNull: Bool, filler: SQLValue) {
        guard let index = columns.firstIndex(where: { $0.key == key }) else {
            return columns.append(Entry(key: key, declaredType: declaredType, notNull: notNull, filler: filler))
        }
        if !declaredType.isEmpty { columns[index].declaredType = declaredType }
        columns[index].notNull = columns[index].notNull && notNull
        if filler != .null { columns[index].filler = filler }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(probe: self, options: options))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RecordError.schema(type: rowType, reason: "a record must decode from a keyed container")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RecordError.schema(type: rowType, reason: "a record must decode from a keyed container")
    }

    /// The column type and a made-up value of `T`, stored as `options` store it.
    static func describe<T: Decodable>(_ type: T.Type, options: CodingOptions) throws -> (String, SQLValue, T) {
        let value = try fabricate(type, options: options)
        guard let encodable = value as? any Encodable else { return ("TEXT", .text(""), value) }
        let stored = try ValueEncoding.encode(
            encodable, ValueEncodingContext(options: options, userInfo: [:], column: "", rowType: "", codingPath: []))
        if T.self == Date.self { return (options.dateStrategy.declaredDatatype, stored, value) }
        if let valueType = T.self as? any Value.Type { return (valueType.declaredDatatype, stored, value) }
        switch stored {
        case .integer: return ("INTEGER", stored, value)
        case .real: return ("REAL", stored, value)
        case .blob: return ("BLOB", stored, value)
        default: return ("TEXT", stored, value)
        }
    }

    /// A value of `T` made up from zeros, empty strings, first cases and empty collections.
    static func fabricate<T: Decodable>(_ type: T.Type, options: CodingOptions) throws -> T {
        if T.self == Date.self, let date = Date(timeIntervalSince1970: 0) as? T { return date }
        if T.self == Data.self, let data = Data() as? T { return data }
        if T.self == UUID.self, let uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T {
            return uuid
        }
        if T.self == URL.self, let url = URL(string: "about:blank") as? T { return url }
        if T.self == Decimal.self, let decimal = Decimal(0) as? T { return decimal }
        if let caseIterable = T.self as? any CaseIterable.Type, let first = firstCase(caseIterable) as? T {
            return first
        }
        do {
            return try T(from: FabricatingDecoder(options: options))
        } catch {
            throw RecordError.schema(
                type: "\(T.self)",
                reason: "no value of it can be made up to learn its column type; make it CaseIterable (\(error))")
        }
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? {
        C.allCases.first
    }
}

/// The decoder for made-up nested values.
struct FabricatingDecoder: Decoder, SingleValueDecodingContainer {
    let options: CodingOptions
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(probe: nil, options: options))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { EmptyUnkeyedContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { false }
    func decode(_ type: String.Type) throws -> String { "" }
    func decode(_ type: Double.Type) throws -> Double { 0 }
    func decode(_ type: Float.Type) throws -> Float { 0 }
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T { 0 }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SchemaProbe.fabricate(type, options: options)
    }
}

/// An empty array, for made-up values.
struct EmptyUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    private func end() -> DecodingError {
        DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: [], debugDescription: "empty"))
    }

    mutating func decodeNil() throws -> Bool { throw end() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw end() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    { throw end() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw end() }
    mutating func superDecoder() throws -> any Decoder { throw end() }
}

/// The keyed container of the probe: records top-level keys (when `probe` is set) and makes up every value.
struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: SchemaProbe?
    let options: CodingOptions
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    // An optional's `decodeIfPresent` is the standard library's: `decodeNil` (noted nullable
    // here), then the `decode` of the wrapped type.
    func decodeNil(forKey key: Key) throws -> Bool {
        probe?.record(key.stringValue, "", notNull: false, filler: .null)
        return false
    }

    /// Notes a `NOT NULL` column of `declaredType` for `key`, and returns `value`.
    private func column<T>(_ key: Key, _ declaredType: String, _ filler: SQLValue, _ value: T) -> T {
        probe?.record(key.stringValue, declaredType, notNull: true, filler: filler)
        return value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { column(key, "BOOLEAN", .integer(0), false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { column(key, "TEXT", .text(""), "") }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { column(key, "REAL", .real(0), 0) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { column(key, "REAL", .real(0), 0) }
    // Every integer type.
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        column(key, "INTEGER", .integer(0), 0)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let stored = T.self as? any StoredColumn.Type, case let placeholder = try stored.placeholder,
            let value = placeholder as? T
        {
            // An NSNumber or NSDate: its type from the options, nullable when optional; the
            // filler is the placeholder as stored (0, the 1970 epoch, or NULL).
            let real = options.isDouble([key])
            let filler = try placeholder.columnValue(real: real, dateStrategy: options.dateStrategy)
            probe?.record(
                key.stringValue, stored.declaredType(real: real, dateStrategy: options.dateStrategy),
                notNull: !stored.isOptional, filler: filler)
            return value
        }
        let (declared, stored, value) = try SchemaProbe.describe(type, options: options)
        return column(key, declared, stored, value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(probe: nil, options: options))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        EmptyUnkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { FabricatingDecoder(options: options) }

    func superDecoder(forKey key: Key) throws -> any Decoder { FabricatingDecoder(options: options) }
}

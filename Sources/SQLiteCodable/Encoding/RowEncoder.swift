import Foundation

/// An `Encoder` that turns one value into the columns of a row: each property of its keyed
/// container becomes one column (named through the key strategy, and a record's column
/// mapping), with values SQLite stores. Made for each value encoded.
final class RowEncoder: Encoder {
    let userInfo: [CodingUserInfoKey: Any]
    let options: CodingOptions
    let naming: ColumnNaming
    /// The type encoded, named in errors (its name is only made for an error).
    private let valueType: Any.Type
    var rowType: String { "\(valueType)" }
    /// Whether a `nil` passed to `encodeIfPresent` leaves the column out (SQLite.swift's
    /// insert) instead of storing NULL.
    let omitsNil: Bool

    /// The encoded columns and their values, in encoding order. Written by the one thread
    /// encoding the value, so without dynamic exclusivity checks.
    // Measured: swift_beginAccess/endAccess on them were about 8 % of insert-record codable and record (callgrind).
    @exclusivity(unchecked) private(set) var columns: [String] = []
    @exclusivity(unchecked) private(set) var values: [SQLValue] = []
    /// Whether keys are columns as they are (default keys, no mapping).
    private let plainKeys: Bool

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: Any.Type, userInfo: [CodingUserInfoKey: Any] = [:],
        omitsNil: Bool = false
    ) {
        self.options = options
        self.naming = naming
        valueType = rowType
        self.userInfo = userInfo
        self.omitsNil = omitsNil
        if case .useDefaultKeys = naming.encoding, naming.mapping.isEmpty {
            plainKeys = true
        } else {
            plainKeys = false
        }
        columns.reserveCapacity(16)
        values.reserveCapacity(16)
    }

    var codingPath: [any CodingKey] { [] }

    /// Encodes `value` into columns and values.
    func encodeRow<T: Encodable>(_ value: T) throws -> (columns: [String], values: [SQLValue]) {
        try value.encode(to: self)
        return (columns, values)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(row: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: unsupported("an unkeyed (array) row"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FailingSingleValueEncodingContainer(error: unsupported("a single-value row"))
    }

    /// Appends the value of `key`.
    func append(_ value: SQLValue, forKey key: some CodingKey) {
        let name = key.stringValue
        columns.append(plainKeys ? name : naming.encodedColumn(forKey: name))
        values.append(value)
    }

    /// A `nil` for `key`: left out when the encoder leaves out `nil`s, else NULL.
    func appendNil(forKey key: some CodingKey) {
        if !omitsNil { append(.null, forKey: key) }
    }

    /// A 64-bit unsigned value as SQLite's signed INTEGER, or an error naming the column.
    func checkedInteger<I: BinaryInteger>(_ value: I, key: some CodingKey) throws -> SQLValue {
        guard let exact = Int64(exactly: value) else {
            throw CodingErrors.invalidValue(
                value, column: naming.encodedColumn(forKey: key.stringValue), rowType: rowType, codingPath: [key],
                "\(I.self) \(value) does not fit SQLite's 64-bit signed INTEGER")
        }
        return .integer(exact)
    }

    func context(forKey key: some CodingKey) -> ValueEncodingContext {
        ValueEncodingContext(
            options: options, userInfo: userInfo, column: naming.encodedColumn(forKey: key.stringValue),
            rowType: rowType, codingPath: [key])
    }

    func unsupported(_ what: String) -> EncodingError {
        EncodingError.invalidValue(
            rowType,
            EncodingError.Context(
                codingPath: [],
                debugDescription: "\(rowType): \(what) is not supported; a row is encoded from a keyed container, "
                    + "one column per key (nested values are stored as JSON text)"))
    }
}

/// The keyed container of ``RowEncoder``: one column per key, written into the encoder's row.
struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let row: RowEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        row.append(.null, forKey: key)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        row.append(.integer(value ? 1 : 0), forKey: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        row.append(.text(value), forKey: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        row.append(.real(value), forKey: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        row.append(.real(Double(value)), forKey: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        row.append(.integer(Int64(value)), forKey: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        row.append(.integer(Int64(value)), forKey: key)
    }
    /// The other integer types (the witness of each one's `encode`): `UInt` and `UInt64` values
    /// past `Int64.max` throw.
    mutating func encode<T: FixedWidthInteger & Encodable>(_ value: T, forKey key: Key) throws {
        row.append(try row.checkedInteger(value, key: key), forKey: key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        row.append(try ValueEncoding.encode(value, row.context(forKey: key)), forKey: key)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { row.appendNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            FailingKeyedEncodingContainer<NestedKey>(
                error: row.unsupported("a nested container for \(key.stringValue)")))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: row.unsupported("a nested container for \(key.stringValue)"))
    }

    mutating func superEncoder() -> any Encoder {
        FailingEncoder(error: row.unsupported("a super encoder"), userInfo: row.userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FailingEncoder(error: row.unsupported("a super encoder"), userInfo: row.userInfo)
    }
}

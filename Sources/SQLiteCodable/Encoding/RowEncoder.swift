import Foundation

/// An `Encoder` that turns one value into the columns of a row: each property of its keyed
/// container becomes one column (named through the key strategy), with values SQLite stores.
/// Made for each value encoded.
final class RowEncoder: Encoder {
    /// The row being encoded, which the keyed container writes into.
    let row: EncodedRow

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: String, userInfo: [CodingUserInfoKey: Any] = [:],
        omitsNil: Bool = false
    ) {
        row = EncodedRow(options: options, naming: naming, rowType: rowType, userInfo: userInfo, omitsNil: omitsNil)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { row.userInfo }

    /// Encodes `value` into columns and values.
    func encodeRow<T: Encodable>(_ value: T) throws -> (columns: [String], values: [SQLValue]) {
        try value.encode(to: self)
        return (row.columns, row.values)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(row: row))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: row.unsupported("an unkeyed (array) row"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FailingSingleValueEncodingContainer(error: row.unsupported("a single-value row"))
    }
}

/// The keyed container of ``RowEncoder``: one column per key, written into the encoder's row.
struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let row: EncodedRow
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

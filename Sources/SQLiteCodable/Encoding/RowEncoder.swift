import Foundation

/// An `Encoder` that turns one value into the columns of a row: each property of its keyed
/// container becomes one column (named through the key strategy), with values SQLite stores.
///
/// Reused from row to row when encoding many values of one type: the row's columns and values
/// are written into an ``EncodedRow``, which keeps its arrays' storage and its key → column
/// cache between rows, and the keyed container is made once and handed out again (see
/// ``KeptContainer``).
///
/// The kept container refers to the ``EncodedRow``, not to the encoder, so the encoder is freed
/// with its owner (a plan evicted, a connection closed) like any object: nothing it keeps
/// refers back to it.
final class RowEncoder: Encoder {
    /// The row being encoded, which the keyed container writes into.
    let row: EncodedRow
    // Measured: without the encoding side's @exclusivity(unchecked), insert-record codable 2.63 -> 3.00 x raw C, record 2.27 -> 2.66 (callgrind --quick).
    // Measured: without the kept container (a new one per row), insert-record codable 2.75 -> 3.04 x raw C.
    @exclusivity(unchecked) private var keptContainer = KeptContainer()

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: String, userInfo: [CodingUserInfoKey: Any] = [:],
        omitsNil: Bool = false
    ) {
        row = EncodedRow(options: options, naming: naming, rowType: rowType, userInfo: userInfo, omitsNil: omitsNil)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { row.userInfo }

    /// The encoded columns, in encoding order.
    var columns: [String] { row.columns }
    /// The encoded values, written in place (see ``ColumnValueBuffer``).
    var valueBuffer: ColumnValueBuffer { row.valueBuffer }
    /// The encoded values as an array.
    var values: [SQLValue] { row.values }
    /// See ``EncodedRow/columnsVersion``.
    var columnsVersion: UInt64 { row.columnsVersion }

    /// What the encoder's owner made from the columns of one ``columnsVersion`` (the SQL of an
    /// insert), kept with the encoder so that the next row of the same columns finds it
    /// without a lookup.
    @exclusivity(unchecked) var memo = EncodingMemo.none

    /// The SQL of ``memo`` when it is for the current columns and the same statement, read in
    /// place (copying the memo would retain each of its strings).
    func memoSQL(table: String, database: String?, conflict: OnConflict?, skip: Int) -> String? {
        guard memo.columnsVersion == row.columnsVersion, memo.skip == skip, memo.conflict == conflict,
            memo.table == table, memo.database == database
        else { return nil }
        return memo.sql
    }

    /// Encodes `value` into fresh columns.
    func encodeRow<T: Encodable>(_ value: T) throws -> (columns: [String], values: [SQLValue]) {
        try encodeInPlace(value)
        return (row.columns, row.values)
    }

    /// Encodes `value` into ``columns`` and ``valueBuffer``, reusing their storage.
    func encodeInPlace<T: Encodable>(_ value: T) throws {
        row.reset()
        try value.encode(to: self)
        row.finish()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if keptContainer.holds(Key.self) { return keptContainer.encodingContainer(Key.self) }
        return newContainer(Key.self)
    }

    /// A new container, kept for the next rows. Out of line, so that the fast path of
    /// ``container(keyedBy:)`` has no local of the container's type (see ``KeptContainer``).
    @inline(never)
    private func newContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(row: row))
        keptContainer.keep(container, for: Key.self)
        return container
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

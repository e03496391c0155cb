import Foundation

/// A `Decoder` reading one row by column index: the keyed container finds each key's column
/// through a ``KeyLookup`` and reads it through a ``ColumnReader``, never building a dictionary
/// per row. One decoder serves every row of a statement.
final class RowDecoder: Decoder {
    let reader: ColumnReader
    let lookup: KeyLookup
    let options: CodingOptions
    let rowType: String
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    /// Whether the decoder keeps its container between rows (decoders of statements, whose
    /// owner calls ``finish()``).
    let keepsContainer: Bool

    init(
        reader: ColumnReader, lookup: KeyLookup, options: CodingOptions, rowType: String,
        userInfo: [CodingUserInfoKey: Any] = [:], keepsContainer: Bool = false
    ) {
        self.keepsContainer = keepsContainer
        self.reader = reader
        self.lookup = lookup
        self.options = options
        self.rowType = rowType
        self.userInfo = userInfo
    }

    /// Decodes the current row as `T`.
    @inline(__always)
    func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
        lookup.position = 0
        return try T(from: self)
    }

    /// The container of the last row and its key type: every row of a statement asks for the
    /// same one, so it is made once instead of allocated (with generic lookups) per row.
    /// Holding it makes a reference cycle with the container: ``finish()`` breaks it.
    @exclusivity(unchecked) private var lastKeyType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastContainer: AnyObject?

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        if lastKeyType == keyType, let lastContainer {
            return unsafeBitCast(lastContainer, to: KeyedDecodingContainer<Key>.self)
        }
        let container = KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(decoder: self))
        // A `KeyedDecodingContainer` is a single reference to its box: keep that reference.
        if keepsContainer, MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size {
            lastContainer = unsafeBitCast(container, to: AnyObject.self)
            lastKeyType = keyType
        }
        return container
    }

    /// Drops the kept container (and with it the cycle through it).
    func finish() {
        lastContainer = nil
        lastKeyType = nil
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw CodingErrors.unsupported("decoding a row as an array", rowType: rowType, codingPath: [])
    }

    /// A single value reads the first column, so one-column results decode as `Int64`, enums...
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueDecoder(
            reader: reader, index: lookup.map.base,
            context: context(column: lookup.map.names.first ?? "", codingPath: []))
    }

    /// The index of `key`'s column, or `keyNotFound` naming the column and the row type.
    @inline(__always)
    func requireIndex(_ key: some CodingKey) throws -> Int {
        let index = lookup.index(for: key)
        if index >= 0 { return index }
        throw keyNotFound(key)
    }

    /// The error for a key without a column, kept out of the callers' hot paths.
    @inline(never)
    func keyNotFound(_ key: some CodingKey) -> DecodingError {
        CodingErrors.keyNotFound(
            key, column: lookup.columnName(for: key.stringValue), rowType: rowType, columns: lookup.map.names)
    }

    /// Reads column `index` as a ``ColumnValue`` and converts it, turning a failure into a
    /// `DecodingError` naming the column and the row type.
    @inline(__always)
    func convert<T>(
        _ index: Int, _ key: some CodingKey, _ type: T.Type, _ body: (ColumnValue) throws(ConversionFailure) -> T
    )
        throws -> T
    {
        do {
            return try body(reader.value(at: index))
        } catch {
            throw error.decodingError(
                type, column: lookup.columnName(for: key.stringValue), rowType: rowType, codingPath: [key])
        }
    }

    func context(column: String, codingPath: [any CodingKey]) -> ValueDecodingContext {
        ValueDecodingContext(
            options: options, userInfo: userInfo, rowType: rowType, codingPath: codingPath, columnName: column,
            lookup: nil)
    }

    func context(key: some CodingKey) -> ValueDecodingContext {
        ValueDecodingContext(
            options: options, userInfo: userInfo, rowType: rowType, codingPath: [key], columnName: nil, lookup: lookup)
    }
}

/// The keyed container of ``RowDecoder``: one column per key.
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        decoder.lookup.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.lookup.index(for: key) >= 0
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let index = decoder.lookup.index(for: key)
        return index < 0 || decoder.reader.isNull(at: index)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let index = try decoder.requireIndex(key)
        if let integer = decoder.reader.storedInteger(at: index) { return integer != 0 }
        return try decoder.convert(index, key, Bool.self) { value throws(ConversionFailure) in
            try Conversions.bool(value)
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let index = try decoder.requireIndex(key)
        if let value = decoder.reader.storedValue(at: index), sqlite3_value_type(value) == SQLITE_TEXT {
            return ColumnReader.text(of: value)
        }
        return try decoder.convert(index, key, String.self) { value throws(ConversionFailure) in
            try Conversions.string(value)
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let index = try decoder.requireIndex(key)
        if let real = decoder.reader.storedReal(at: index) { return real }
        return try decoder.convert(index, key, Double.self) { value throws(ConversionFailure) in
            try Conversions.double(value)
        }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, Float.self) { value throws(ConversionFailure) in
            try Conversions.float(value)
        }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let index = try decoder.requireIndex(key)
        if Int.bitWidth == 64, let integer = decoder.reader.storedInteger(at: index) {
            return Int(truncatingIfNeeded: integer)
        }
        return try decoder.convert(index, key, Int.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: Int.self)
        }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, Int8.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: Int8.self)
        }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, Int16.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: Int16.self)
        }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, Int32.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: Int32.self)
        }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        let index = try decoder.requireIndex(key)
        if let integer = decoder.reader.storedInteger(at: index) { return integer }
        return try decoder.convert(index, key, Int64.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: Int64.self)
        }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, UInt.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: UInt.self)
        }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, UInt8.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: UInt8.self)
        }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, UInt16.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: UInt16.self)
        }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, UInt32.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: UInt32.self)
        }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        let index = try decoder.requireIndex(key)
        return try decoder.convert(index, key, UInt64.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: UInt64.self)
        }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.lookup.position -= 1
        return try decode(type, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try decoder.requireIndex(key)
        let context = decoder.context(key: key)
        return try ValueDecoding.decode(type, reader: decoder.reader, index: index, context)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let index = decoder.lookup.index(for: key)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        let context = decoder.context(key: key)
        return try ValueDecoding.decode(type, reader: decoder.reader, index: index, context)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw CodingErrors.unsupported(
            "a nested container for \(key.stringValue)", rowType: decoder.rowType, codingPath: [key])
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw CodingErrors.unsupported(
            "a nested container for \(key.stringValue)", rowType: decoder.rowType, codingPath: [key])
    }

    func superDecoder() throws -> any Decoder {
        decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw CodingErrors.unsupported(
            "a super decoder for \(key.stringValue)", rowType: decoder.rowType, codingPath: [key])
    }
}

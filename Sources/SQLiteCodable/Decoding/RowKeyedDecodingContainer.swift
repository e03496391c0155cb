import SQLiteCore

/// The keyed container of a row: one column per key. It holds the row's ``RowHandle`` and
/// checks it before every read, so one kept past its row throws instead of reading a
/// statement that moved on (or was finalized).
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let handle: RowHandle

    func withActiveDecoder<R>(_ body: (RowDecoder) throws -> R) throws -> R {
        try handle.withDecoder("a decoding container keyed by \(Key.self)", body)
    }

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        (try? withActiveDecoder { decoder in decoder.lookup.keys.compactMap { Key(stringValue: $0) } }) ?? []
    }

    func contains(_ key: Key) -> Bool {
        (try? withActiveDecoder { decoder in decoder.index(for: key) >= 0 }) ?? false
    }

    /// The value `decode` reads for `key`, or nil when the result has no such column or it is
    /// NULL. The key's position is given back before `decode` looks it up again, so each key
    /// takes one position of the row's lookups.
    func decodePresent<T>(_ key: Key, _ decode: () throws -> T) throws -> T? {
        try withActiveDecoder { decoder in
            let index = decoder.index(for: key)
            if index < 0 || decoder.reader.isNull(at: index) { return nil }
            decoder.position -= 1
            return try decode()
        }
    }

    /// Every integer type but `Int64` and `Int` (the witness of each one's `decode`).
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withActiveDecoder { decoder in try decoder.decodeInteger(key, as: T.self) }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try withActiveDecoder { decoder in
            let index = decoder.index(for: key)
            return index < 0 || decoder.reader.isNull(at: index)
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            if let integer = decoder.reader.integer(at: index) { return integer != 0 }
            return try decoder.convert(index, key, Bool.self) { value throws(ConversionFailure) in
                try Conversions.bool(value)
            }
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            if let text = decoder.reader.text(at: index) { return text }
            return try decoder.convert(index, key, String.self) { value throws(ConversionFailure) in
                try Conversions.string(value)
            }
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try withActiveDecoder { decoder in try decoder.decodeDouble(key) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            return try decoder.convert(index, key, Float.self) { value throws(ConversionFailure) in
                try Conversions.float(value)
            }
        }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try withActiveDecoder { decoder in try decoder.decodeInteger(key, as: Int.self) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try withActiveDecoder { decoder in try decoder.decodeInteger(key, as: Int64.self) }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            let context = decoder.context(key: key)
            return try ValueDecoding.decode(type, handle: handle, index: index, context)
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    /// The error for a nested container or a super decoder, which rows do not have.
    private func unsupported(_ what: String, _ key: Key) throws -> Never {
        try withActiveDecoder { decoder in
            throw CodingErrors.unsupported(
                "\(what) for \(key.stringValue)", rowType: decoder.rowType, codingPath: [key])
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try unsupported("a nested container", key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try unsupported("a nested container", key)
    }

    func superDecoder() throws -> any Decoder {
        try withActiveDecoder { _ in handle }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try unsupported("a super decoder", key)
    }
}

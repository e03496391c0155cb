import SQLiteCore

/// The keyed container of a row: one column per key. It holds the row's ``RowHandle`` and
/// checks it before every read, so one kept past its row throws instead of reading a
/// statement that moved on (or was finalized).
///
/// Each field's usual case (its column found, holding the stored type) runs through the
/// decoder's non-generic methods: generic code over the key type would look up run-time type
/// metadata on every field. Conversions and errors take the generic path.
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let handle: RowHandle

    /// The decoder, while the row is current.
    private func decoder() throws -> RowDecoder {
        try check()
        return handle.decoder
    }

    /// Throws unless the row is current.
    private func check() throws {
        guard handle.isCurrent else { throw CodingErrors.outlivedRow("a decoding container keyed by \(Key.self)") }
    }

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        guard let decoder = try? decoder() else { return [] }
        return decoder.lookup.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        guard let decoder = try? decoder() else { return false }
        return decoder.index(for: key.stringValue) >= 0
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let decoder = try decoder()
        let index = decoder.index(for: key.stringValue)
        return index < 0 || decoder.reader.isNull(at: index)
    }

    /// The value `decode` reads for `key`, or nil when the result has no such column or it is
    /// NULL. The key's position is given back before `decode` looks it up again, so each key
    /// takes one position of the row's lookups.
    private func decodePresent<T>(_ key: Key, _ decode: () throws -> T) throws -> T? {
        let decoder = try decoder()
        let index = decoder.index(for: key.stringValue)
        if index < 0 || decoder.reader.isNull(at: index) { return nil }
        decoder.position -= 1
        return try decode()
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        // The decoder read through the handle in place, not bound to a local: no reference
        // counting on the usual field.
        try check()
        let index = handle.decoder.index(for: key.stringValue)
        if let statement = handle.decoder.statementHandle, index >= 0,
            let integer = RowReader(statement).integer(at: Int32(truncatingIfNeeded: index))
        {
            return integer
        }
        return try decoder().decodeInteger(key, at: index, as: Int64.self)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try check()
        let index = handle.decoder.index(for: key.stringValue)
        if let integer = handle.decoder.reader.integer(at: index), let exact = Int(exactly: integer) { return exact }
        return try decoder().decodeInteger(key, at: index, as: Int.self)
    }

    /// The other integer types (the witness of each one's `decode`).
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let decoder = try decoder()
        return try decoder.decodeInteger(key, at: decoder.index(for: key.stringValue), as: T.self)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try check()
        let index = handle.decoder.index(for: key.stringValue)
        if let real = handle.decoder.reader.real(at: index) { return real }
        return try decoder().convert(index, key, Double.self) { value throws(ConversionFailure) in
            try Conversions.double(value)
        }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let decoder = try decoder()
        return try decoder.convert(decoder.index(for: key.stringValue), key, Float.self) {
            value throws(ConversionFailure) in try Conversions.float(value)
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let decoder = try decoder()
        let index = decoder.index(for: key.stringValue)
        if let integer = decoder.reader.integer(at: index) { return integer != 0 }
        return try decoder.convert(index, key, Bool.self) { value throws(ConversionFailure) in
            try Conversions.bool(value)
        }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try check()
        let index = handle.decoder.index(for: key.stringValue)
        if let text = handle.decoder.reader.text(at: index) { return text }
        return try decoder().convert(index, key, String.self) { value throws(ConversionFailure) in
            try Conversions.string(value)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let decoder = try decoder()
        let index = decoder.index(for: key.stringValue)
        if index < 0 { throw decoder.keyNotFound(key) }
        return try ValueDecoding.decode(type, handle: handle, index: index, decoder.context(key: key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodePresent(key) { try decode(type, forKey: key) }
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

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    /// The error for a nested container or a super decoder, which rows do not have.
    private func unsupported(_ what: String, _ key: Key) throws -> Never {
        throw CodingErrors.unsupported(
            "\(what) for \(key.stringValue)", rowType: try decoder().rowType, codingPath: [key])
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
        _ = try decoder()
        return handle
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try unsupported("a super decoder", key)
    }
}

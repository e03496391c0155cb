import SQLiteCore

/// The keyed containers of ``RowDecoder``: one column per key. Both kinds share every method
/// below and differ only in how they reach their decoder.
protocol RowKeyedDecoding: KeyedDecodingContainerProtocol {
    /// Runs `body` with the decoder, or throws when the container can no longer reach it.
    func withActiveDecoder<R>(_ body: (RowDecoder) throws -> R) throws -> R

    /// The `Decoder` that made the container, for `superDecoder()`.
    func decoderHandle(_ decoder: RowDecoder) -> any Decoder
}

/// The container of a live statement's row. A field read goes through the standard library's
/// type-erased box, which copies the container for every call: this one is a ``LiveRow``,
/// three plain words, so the copy retains nothing. Before each read it checks that its
/// decoder is decoding that row on this thread; kept past the row, or used on another thread,
/// it throws instead of reading a statement that moved on (or was finalized).
///
/// The decoder hands the same container to every row it decodes on one thread (see
/// ``RowDecoder/liveContainer(_:)``): one kept by `init(from:)` and used while a later row of
/// the same decoder is decoded on the same thread reads that row.
struct LiveRowKeyedDecodingContainer<Key: CodingKey>: RowKeyedDecoding {
    let row: LiveRow

    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    @inline(__always)
    func withActiveDecoder<R>(_ body: (RowDecoder) throws -> R) throws -> R {
        try row.withDecoder({ CodingErrors.outlivedRow("a decoding container keyed by \(Key.self)") }, body)
    }

    func decoderHandle(_ decoder: RowDecoder) -> any Decoder { LiveRowDecoder(row: row) }
}

/// The container of copied values (``Row/decoder(userInfo:options:)``, a record read back
/// from what was written): it holds its decoder, and stays usable for as long as it is kept.
struct HeldRowKeyedDecodingContainer<Key: CodingKey>: RowKeyedDecoding {
    let decoder: RowDecoder

    @inline(__always)
    func withActiveDecoder<R>(_ body: (RowDecoder) throws -> R) throws -> R { try body(decoder) }

    func decoderHandle(_ decoder: RowDecoder) -> any Decoder { CopiedRowDecoder(decoder: decoder) }
}

extension RowKeyedDecoding {
    var codingPath: [any CodingKey] { [] }

    @inline(__always)
    var allKeys: [Key] {
        (try? withActiveDecoder { decoder in decoder.lookup.keys.compactMap { Key(stringValue: $0) } }) ?? []
    }

    @inline(__always)
    func contains(_ key: Key) -> Bool {
        (try? withActiveDecoder { decoder in decoder.index(for: key) >= 0 }) ?? false
    }

    /// The value `decode` reads for `key`, or nil when the result has no such column or it is
    /// NULL. The key's position is given back before `decode` looks it up again, so each key
    /// takes one position of the row's lookups.
    @inline(__always)
    func decodePresent<T>(_ key: Key, _ decode: () throws -> T) throws -> T? {
        try withActiveDecoder { decoder in
            let index = decoder.index(for: key)
            if index < 0 || decoder.reader.isNull(at: index) { return nil }
            decoder.position -= 1
            return try decode()
        }
    }

    /// An integer field (the witness of each integer type's `decode` but `Int64`'s and `Int`'s):
    /// read in place when the key is the one the previous row read at this position and its
    /// column holds an integer that fits `T`, else through the decoder's general path (other
    /// keys, conversions, errors).
    ///
    /// `Int64` and `Int` (on 64-bit platforms) hold every INTEGER as it is: their methods read
    /// it without this range check.
    @inline(__always)
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withActiveDecoder { decoder in
            if let integer = decoder.recentInteger(key) {
                if let exact = T(exactly: integer) { return exact }
                // Read again, and reported, by the general path.
                decoder.position &-= 1
            }
            return try decoder.decodeInteger(key, as: T.self)
        }
    }

    @inline(__always)
    func decodeNil(forKey key: Key) throws -> Bool {
        try withActiveDecoder { decoder in
            let index = decoder.index(for: key)
            return index < 0 || decoder.reader.isNull(at: index)
        }
    }

    @inline(__always)
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            if let integer = decoder.storedInteger(at: index) { return integer != 0 }
            return try decoder.convert(index, key, Bool.self) { value throws(DecodingFailure) in
                try Conversions.bool(value)
            }
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            if let text = decoder.reader.storedText(at: index) { return text }
            return try decoder.convert(index, key, String.self) { value throws(DecodingFailure) in
                try Conversions.string(value)
            }
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try withActiveDecoder { decoder in
            if let real = decoder.recentReal(key) { return real }
            return try decoder.decodeDouble(key)
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            return try decoder.convert(index, key, Float.self) { value throws(DecodingFailure) in
                try Conversions.float(value)
            }
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try withActiveDecoder { decoder in
            if Int.bitWidth == 64, let integer = decoder.recentInteger(key) { return Int(truncatingIfNeeded: integer) }
            return try decoder.decodeInteger(key, as: Int.self)
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try withActiveDecoder { decoder in
            if let integer = decoder.recentInteger(key) { return integer }
            return try decoder.decodeInt64(key)
        }
    }

    @inline(__always)
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodePresent(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withActiveDecoder { decoder in
            let index = try decoder.requireIndex(key)
            let context = decoder.context(key: key)
            return try ValueDecoding.decode(
                type, reader: decoder.reader, index: index, row: decoder.currentRow, context)
        }
    }

    @inline(__always)
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

    @inline(__always)
    func superDecoder() throws -> any Decoder {
        try withActiveDecoder { decoder in decoderHandle(decoder) }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try unsupported("a super decoder", key)
    }
}

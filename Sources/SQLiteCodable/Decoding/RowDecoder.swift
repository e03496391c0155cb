import Foundation

/// A `Decoder` reading one row by column index: the keyed container finds each key's column
/// through a ``KeyLookup`` and reads it through a ``ColumnReader``, never building a dictionary
/// per row. One decoder serves every row of a statement.
final class RowDecoder: Decoder {
    let reader: ColumnReader
    let lookup: KeyLookup
    let options: CodingOptions
    let rowType: String
    private let storedUserInfo: [CodingUserInfoKey: Any]
    /// The user info, empty once a live statement's row is over.
    var userInfo: [CodingUserInfoKey: Any] { rowNumber == RowDecoder.noRow ? [:] : storedUserInfo }
    var codingPath: [any CodingKey] { [] }

    /// The numbers of the current row, read once per row when decoding a live statement.
    @exclusivity(unchecked) var numbers: RowNumbers
    /// The lookup's slots and how many there are, read by the fields' fast path without going
    /// through the lookup.
    private let slots: UnsafeMutablePointer<KeyLookup.Slot>
    private let slotLimit: Int
    /// Which row of a live statement is being decoded (numbered from 1 by ``decodeRow(_:)``),
    /// ``noRow`` between rows; 0 for a decoder of copied values, which any container may read
    /// at any time. A container keeps the number it was made with and reads only while it is
    /// current, so one kept past its row throws rather than reading a statement that moved on.
    @exclusivity(unchecked) private(set) var rowNumber: UInt64 = 0
    @exclusivity(unchecked) private var rowsDecoded: UInt64 = 0
    /// ``rowNumber`` between the rows of a live statement: no container matches it.
    static let noRow = UInt64.max

    /// The position of the next key lookup within the current row; reset before each row.
    @exclusivity(unchecked) var position = 0

    init(
        reader: ColumnReader, lookup: KeyLookup, options: CodingOptions, rowType: String,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) {
        numbers = RowNumbers(base: lookup.map.base, capacity: reader.handle == nil ? 0 : lookup.map.names.count)
        self.reader = reader
        self.lookup = lookup
        slots = lookup.slots
        slotLimit = lookup.slotLimit
        self.options = options
        self.rowType = rowType
        self.storedUserInfo = userInfo
        if reader.handle != nil { rowNumber = RowDecoder.noRow }
    }

    /// Decodes the current row as `T`, numbering the row (``rowNumber``) meanwhile when it is
    /// a live statement's.
    @inline(__always)
    func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
        position = 0
        guard let handle = reader.handle else { return try T(from: self) }
        if numbers.capacity > 0 { numbers.load(handle) }
        rowsDecoded &+= 1
        rowNumber = rowsDecoded
        defer { rowNumber = RowDecoder.noRow }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkOnRow()
        return heldContainer(Key.self)
    }

    /// Throws when the decoder of a live statement is used between rows (kept past its row by
    /// user code): the statement may have stepped on or been finalized.
    @inline(__always)
    private func checkOnRow() throws {
        if rowNumber == RowDecoder.noRow { throw CodingErrors.decoderOutlivedRow() }
    }

    /// A container holding this decoder.
    @inline(never)
    private func heldContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(decoder: self, row: rowNumber))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkOnRow()
        throw CodingErrors.unsupported("decoding a row as an array", rowType: rowType, codingPath: [])
    }

    /// A single value reads the first column, so one-column results decode as `Int64`, enums...
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkOnRow()
        return SingleValueDecoder(
            reader: reader, index: lookup.map.base,
            context: context(column: lookup.map.names.first ?? "", codingPath: []))
    }

    /// Column `key`'s INTEGER, when `key` is the key the previous row read at this position and
    /// the column holds an integer: the common field, read without leaving the caller. Counts
    /// the key's position only then; nil otherwise (read it through ``decodeInteger(_:as:)``).
    @inline(__always)
    func recentInteger<K: CodingKey>(_ key: K) -> Int64? {
        guard let slot = KeyLookup.recentSlot(for: key, in: slots, limit: slotLimit, at: position),
            let integer = numbers.integer(atCellOffset: slot.cellOffset)
        else { return nil }
        position &+= 1
        return integer
    }

    /// Column `key`'s REAL, as ``recentInteger(_:)`` reads an INTEGER.
    @inline(__always)
    func recentReal<K: CodingKey>(_ key: K) -> Double? {
        guard let slot = KeyLookup.recentSlot(for: key, in: slots, limit: slotLimit, at: position),
            let real = numbers.real(atCellOffset: slot.cellOffset)
        else { return nil }
        position &+= 1
        return real
    }

    /// The absolute column index for `key`, the row's next key, or -1 when the result has no
    /// such column. Counts the position.
    @inline(__always)
    func index<K: CodingKey>(for key: K) -> Int {
        lookup.index(for: key, at: &position)
    }

    /// Column `key` as an integer of type `T`: any key, any storage class (converted, or a
    /// thrown error naming the column). Out of line, away from the fields' fast paths.
    @inline(never)
    func decodeInteger<K: CodingKey, T: FixedWidthInteger>(_ key: K, as type: T.Type) throws -> T {
        let index = try requireIndex(key)
        if let integer = numbers.integer(at: index), let exact = T(exactly: integer) { return exact }
        return try convert(index, key, T.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: T.self)
        }
    }

    /// Column `key` as an `Int64`: ``decodeInteger(_:as:)`` under another signature, so that the
    /// `Int64` and `Int` fields' methods differ and the optimizer keeps each whole, instead of
    /// merging them into one reached through a thunk.
    @inline(never)
    func decodeInt64<K: CodingKey>(_ key: K) throws -> Int64 {
        try decodeInteger(key, as: Int64.self)
    }

    /// Column `key` as a `Double`, as ``decodeInteger(_:as:)`` reads integers.
    @inline(never)
    func decodeDouble<K: CodingKey>(_ key: K) throws -> Double {
        let index = try requireIndex(key)
        if let real = numbers.real(at: index) { return real }
        return try convert(index, key, Double.self) { value throws(ConversionFailure) in
            try Conversions.double(value)
        }
    }

    /// The index of `key`'s column, or `keyNotFound` naming the column and the row type.
    @inline(__always)
    func requireIndex(_ key: some CodingKey) throws -> Int {
        let index = index(for: key)
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

import Foundation

/// An `Encoder` that turns one value into the columns of a row: each property of its keyed
/// container becomes one column (named through the key strategy), with values SQLite stores.
///
/// Reused from row to row when encoding many values of one type: ``reset()`` keeps the
/// arrays' storage and the key → column cache.
final class RowEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    let userInfo: [CodingUserInfoKey: Any]
    let options: CodingOptions
    let naming: ColumnNaming
    let rowType: String
    /// Whether a `nil` passed to `encodeIfPresent` leaves the column out (SQLite.swift's
    /// insert) instead of storing NULL.
    let omitsNil: Bool

    /// The encoded columns and their values, in encoding order.
    // Hot paths of one encoder, used by one thread at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private(set) var columns: [String] = []
    @exclusivity(unchecked) private(set) var values: [ColumnValue] = []
    /// The number of columns of the row being encoded (``columns`` may hold more from the
    /// previous row until it is finished).
    @exclusivity(unchecked) private var count = 0

    /// Key → column conversions made at each position of the previous row: the keys, their
    /// columns, and the two words of each key's `String` value (equal words mean the same
    /// string, as `keys` keeps each key's storage alive), compared before the keys themselves.
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var keyColumns: [String] = []
    @exclusivity(unchecked) private var keyWords: [StringWords] = []
    @exclusivity(unchecked) private var position = 0

    /// An identifier of the list of ``columns``: a new one is drawn whenever a row's columns
    /// may differ from the previous row's, so an equal version means equal columns.
    @exclusivity(unchecked) private(set) var columnsVersion: UInt64 = 0
    /// Whether the current row's columns may differ from the previous row's so far.
    @exclusivity(unchecked) private var columnsChanged = true
    /// The previous row's column count, -1 when it did not finish encoding.
    @exclusivity(unchecked) private var previousCount = -1
    @exclusivity(unchecked) private var rowFinished = false
    /// Whether the last finished row had every column at its key's position (no `nil` left
    /// out), and whether the row before the current one was such a row: then column `i` of
    /// that row is the column of `keys[i]`.
    @exclusivity(unchecked) private var lastRowAligned = false
    @exclusivity(unchecked) private var previousAligned = false

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: String, userInfo: [CodingUserInfoKey: Any] = [:],
        omitsNil: Bool = false, keepsContainer: Bool = false
    ) {
        self.keepsContainer = keepsContainer
        self.options = options
        self.naming = naming
        self.rowType = rowType
        self.userInfo = userInfo
        self.omitsNil = omitsNil
    }

    /// Encodes `value` into fresh columns.
    func encodeRow<T: Encodable>(_ value: T) throws -> (columns: [String], values: [ColumnValue]) {
        reset()
        try value.encode(to: self)
        finishRow()
        return (columns, values)
    }

    /// Encodes `value` into ``columns`` and ``values``, reusing their storage.
    func encodeInPlace<T: Encodable>(_ value: T) throws {
        reset()
        try value.encode(to: self)
        finishRow()
    }

    /// Starts a new row, keeping storage and caches: the previous row's columns and values
    /// stay in place until written over (cheaper than emptying the arrays), and any left over
    /// are removed when the row is finished.
    func reset() {
        previousCount = rowFinished ? columns.count : -1
        previousAligned = rowFinished && lastRowAligned
        rowFinished = false
        columnsChanged = false
        count = 0
        position = 0
    }

    /// Drops what the previous row left past this row's columns, and draws a new
    /// ``columnsVersion`` when the row's columns may differ from the previous row's: a key not
    /// found at its position, a `nil` left out, or another count.
    private func finishRow() {
        if columns.count > count {
            columns.removeLast(columns.count - count)
            values.removeLast(values.count - count)
        }
        if columnsChanged || count != previousCount { columnsVersion = ColumnsVersion.next() }
        lastRowAligned = position == count
        rowFinished = true
    }

    /// The column for `key`, from the cache when the key is the same as at this position of
    /// the previous row.
    func column(forKey key: String) -> String {
        let slot = position
        position += 1
        if slot < keyWords.count {
            let same = keyWords.withUnsafeBufferPointer { $0[slot] == StringWords(key) }
            if same || keys[slot] == key { return keyColumns[slot] }
        }
        columnsChanged = true
        let column = naming.encodedColumn(forKey: key)
        if slot < keys.count {
            keys[slot] = key
            keyColumns[slot] = column
            keyWords[slot] = StringWords(key)
        } else if slot == keys.count {
            keys.append(key)
            keyColumns.append(column)
            keyWords.append(StringWords(key))
        }
        return column
    }

    func append(_ value: ColumnValue, key: String) {
        // The usual row: the same key as at this position of the previous row, whose column
        // is already in place; only the value changes.
        let index = count
        if previousAligned, index == position, index < values.count, index < keyWords.count,
            keyWords.withUnsafeBufferPointer({ $0[index] == StringWords(key) })
        {
            position = index + 1
            count = index + 1
            values[index] = value
            return
        }
        let column = column(forKey: key)
        count += 1
        if index < columns.count {
            // Most rows have the previous row's columns: leave an equal one in place.
            let same = columns.withUnsafeBufferPointer { StringWords(at: $0, index) == StringWords(column) }
            if !same { columns[index] = column }
            values[index] = value
        } else {
            columns.append(column)
            values.append(value)
        }
    }

    func appendNil(key: String) {
        if omitsNil {
            position += 1
            columnsChanged = true
            return
        }
        append(.null, key: key)
    }

    /// A 64-bit unsigned value as SQLite's signed INTEGER, or an error naming the column.
    func checkedInteger<I: BinaryInteger>(_ value: I, key: some CodingKey) throws -> ColumnValue {
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

    /// Whether the encoder keeps its keyed container between rows (encoders reused for many
    /// records, whose owner calls ``finish()``).
    let keepsContainer: Bool
    @exclusivity(unchecked) private var lastKeyType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastContainer: AnyObject?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        if lastKeyType == keyType, let lastContainer {
            return unsafeBitCast(lastContainer, to: KeyedEncodingContainer<Key>.self)
        }
        let container = KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(encoder: self))
        // A `KeyedEncodingContainer` is a single reference to its box: keep that reference.
        if keepsContainer, MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size {
            lastContainer = unsafeBitCast(container, to: AnyObject.self)
            lastKeyType = keyType
        }
        return container
    }

    /// Drops the kept container (and the reference cycle through it).
    func finish() {
        lastContainer = nil
        lastKeyType = nil
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: unsupported("an unkeyed (array) row"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FailingSingleValueEncodingContainer(error: unsupported("a single-value row"))
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

/// The keyed container of ``RowEncoder``: one column per key.
struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RowEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.append(.null, key: key.stringValue)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        encoder.append(.integer(value ? 1 : 0), key: key.stringValue)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        encoder.append(.text(value), key: key.stringValue)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        encoder.append(.real(value), key: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        encoder.append(.real(Double(value)), key: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        encoder.append(try encoder.checkedInteger(value, key: key), key: key.stringValue)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        encoder.append(.integer(Int64(value)), key: key.stringValue)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        encoder.append(try encoder.checkedInteger(value, key: key), key: key.stringValue)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.append(try ValueEncoding.encode(value, encoder.context(forKey: key)), key: key.stringValue)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encoder.appendNil(key: key.stringValue) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            FailingKeyedEncodingContainer<NestedKey>(
                error: encoder.unsupported("a nested container for \(key.stringValue)")))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: encoder.unsupported("a nested container for \(key.stringValue)"))
    }

    mutating func superEncoder() -> any Encoder {
        FailingEncoder(error: encoder.unsupported("a super encoder"), userInfo: encoder.userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FailingEncoder(error: encoder.unsupported("a super encoder"), userInfo: encoder.userInfo)
    }
}

/// The source of ``RowEncoder/columnsVersion``: numbers never drawn twice in a process.
enum ColumnsVersion {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}

import Foundation

/// The columns and values of the row a ``RowEncoder`` encodes, with what makes the next row of
/// the same type cheap: each position's key and column, recognized again without converting
/// the key, and the storage of both arrays.
final class EncodedRow {
    let userInfo: [CodingUserInfoKey: Any]
    let options: CodingOptions
    let naming: ColumnNaming
    let rowType: String
    /// Whether a `nil` passed to `encodeIfPresent` leaves the column out (SQLite.swift's
    /// insert) instead of storing NULL.
    let omitsNil: Bool

    /// The encoded columns, in encoding order.
    // Hot paths of one encoder, used by one thread at a time: no dynamic exclusivity checks.
    // Measured: without the encoding side's @exclusivity(unchecked), insert-record codable 2.63 -> 3.00 x raw C, record 2.27 -> 2.66 (callgrind --quick).
    @exclusivity(unchecked) private(set) var columns: [String] = []
    /// The encoded values, in encoding order, written in place (see ``ColumnValueBuffer``).
    @exclusivity(unchecked) private(set) var valueBuffer = ColumnValueBuffer()
    /// The number of columns of the row being encoded (``columns`` may hold more from the
    /// previous row until it is finished).
    @exclusivity(unchecked) private var count = 0

    /// The encoded values as an array.
    var values: [SQLValue] { valueBuffer.array }

    /// Key → column conversions made at each position of the previous row: the keys, their
    /// columns, the two words of each key's `String` value (equal words mean the same string,
    /// as `keys` keeps each key's storage alive), compared before the keys themselves, and the
    /// identity of keys recognized by their bits (see ``KeyBits``), compared before all that.
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var keyColumns: [String] = []
    @exclusivity(unchecked) private var keyWords: [StringWords] = []
    @exclusivity(unchecked) private var keyIdentities: [KeyIdentity] = []
    @exclusivity(unchecked) private var position = 0
    /// The positions of this row, from 0, whose value may take the fast path: the previous row
    /// put the column of the key it had there at the same index of ``columns``, and this row
    /// has kept every key at its position so far. 0 once a `nil` is left out.
    @exclusivity(unchecked) private var fastCount = 0

    /// The version of the list of ``columns``: counted up whenever a row's columns may differ
    /// from the previous row's, so an equal version means equal columns (for this row's
    /// encoder only: each encoder counts its own).
    @exclusivity(unchecked) private(set) var columnsVersion: UInt64 = 0
    /// Whether the current row's columns may differ from the previous row's so far.
    @exclusivity(unchecked) private var columnsChanged = true
    /// The previous row's column count, -1 when it did not finish encoding.
    @exclusivity(unchecked) private var previousCount = -1
    @exclusivity(unchecked) private var rowFinished = false
    /// Whether the last finished row had every column at its key's position (no `nil` left
    /// out): then column `i` of that row is the column of `keys[i]`.
    @exclusivity(unchecked) private var lastRowAligned = false

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: String, userInfo: [CodingUserInfoKey: Any],
        omitsNil: Bool
    ) {
        self.options = options
        self.naming = naming
        self.rowType = rowType
        self.userInfo = userInfo
        self.omitsNil = omitsNil
    }

    /// Starts a new row, keeping storage and caches: the previous row's columns and values
    /// stay in place until written over (cheaper than emptying the arrays), and any left over
    /// are removed when the row is finished.
    func reset() {
        previousCount = rowFinished ? columns.count : -1
        // Values another owner (an insert) still refers to are left to it.
        if !isKnownUniquelyReferenced(&valueBuffer) { valueBuffer = valueBuffer.copy() }
        fastCount = rowFinished && lastRowAligned ? Swift.min(valueBuffer.count, keyIdentities.count, columns.count) : 0
        rowFinished = false
        columnsChanged = false
        count = 0
        position = 0
    }

    /// Drops what the previous row left past this row's columns, and draws a new
    /// ``columnsVersion`` when the row's columns may differ from the previous row's: a key not
    /// found at its position, a `nil` left out, or another count.
    func finish() {
        if columns.count > count { columns.removeLast(columns.count - count) }
        valueBuffer.truncate(to: count)
        if columnsChanged || count != previousCount { columnsVersion &+= 1 }
        lastRowAligned = position == count
        rowFinished = true
    }

    /// The column for `key`, from the cache when the key is the same as at this position of
    /// the previous row.
    func column(forKey key: String, identity: KeyIdentity) -> String {
        let slot = position
        position += 1
        if slot < keyWords.count {
            let same = keyWords.withUnsafeBufferPointer { $0[slot] == StringWords(key) }
            if same || keys[slot] == key {
                keyIdentities[slot] = identity
                return keyColumns[slot]
            }
        }
        columnsChanged = true
        let column = naming.encodedColumn(forKey: key)
        if slot < keys.count {
            keys[slot] = key
            keyColumns[slot] = column
            keyWords[slot] = StringWords(key)
            keyIdentities[slot] = identity
        } else if slot == keys.count {
            keys.append(key)
            keyColumns.append(column)
            keyWords.append(StringWords(key))
            keyIdentities.append(identity)
        }
        return column
    }

    /// Appends the value of `key`: in place when the key is the one the previous row had at
    /// this position (recognized by its bits), else through the key's string.
    @inline(__always)
    func append<K: CodingKey>(_ value: SQLValue, forKey key: K) {
        let index = count
        if index < fastCount, let bits = KeyBits.of(key) {
            let known = keyIdentities.withUnsafeBufferPointer { $0[index] }
            if known.type == ObjectIdentifier(K.self), known.bits == bits {
                position = index &+ 1
                count = index &+ 1
                valueBuffer.set(index, value)
                return
            }
        }
        appendByString(value, forKey: key)
    }

    @inline(never)
    private func appendByString<K: CodingKey>(_ value: SQLValue, forKey key: K) {
        append(value, key: key.stringValue, identity: KeyBits.identity(of: key))
    }

    func append(_ value: SQLValue, key: String, identity: KeyIdentity) {
        // The usual row: the same key as at this position of the previous row, whose column
        // is already in place; only the value changes.
        let index = count
        if index < fastCount, keyWords.withUnsafeBufferPointer({ $0[index] == StringWords(key) }) {
            position = index + 1
            count = index + 1
            keyIdentities[index] = identity
            valueBuffer.set(index, value)
            return
        }
        let column = column(forKey: key, identity: identity)
        count += 1
        if index < columns.count {
            // Most rows have the previous row's columns: leave an equal one in place.
            let same = columns.withUnsafeBufferPointer { StringWords(at: $0, index) == StringWords(column) }
            if !same { columns[index] = column }
        } else {
            columns.append(column)
        }
        if index < valueBuffer.count {
            valueBuffer.set(index, value)
        } else {
            valueBuffer.append(value)
        }
    }

    /// A `nil` for `key`: left out when the encoder leaves out `nil`s, else NULL.
    func appendNil<K: CodingKey>(forKey key: K) {
        if omitsNil {
            position += 1
            fastCount = 0
            columnsChanged = true
            return
        }
        append(.null, forKey: key)
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

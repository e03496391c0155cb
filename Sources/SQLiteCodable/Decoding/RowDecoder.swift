import Foundation

/// Decodes the rows of one run: made once per fetch, lookup or `row.decode()` for the run's
/// columns (so a statement re-prepared with other columns gets a decoder for those), it finds
/// each key's column through a ``KeyLookup`` and reads the current row through a
/// ``ColumnReader``, never building a dictionary per row.
///
/// A statement read in place changes row with each step: the `Decoder` and containers handed
/// to `init(from:)` carry the number of the row they were made for (a ``RowHandle``) and throw
/// once the decoder is no longer decoding that row, so one kept past its row never reads
/// another. Copied values (a kept `Row`, encoded values) stay readable for as long as they are
/// kept.
final class RowDecoder {
    let reader: ColumnReader
    let lookup: KeyLookup
    let options: CodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    /// The type decoded, named in errors; nil for rows decoded by hand.
    private let decodedType: Any.Type?

    /// The number of the row being decoded in place; 0 between rows (and for copied values,
    /// whose handles carry 0 too).
    private(set) var currentRow = 0
    /// How many rows were decoded in place.
    private var rowsDecoded = 0
    /// The position of the next key lookup within the current row.
    var position = 0

    init(
        reader: ColumnReader, lookup: KeyLookup, options: CodingOptions, rowType: Any.Type?,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) {
        self.reader = reader
        self.lookup = lookup
        self.options = options
        decodedType = rowType
        self.userInfo = userInfo
    }

    /// A decoder for the current columns of `statement` (read them after the run's first step,
    /// in which SQLite re-prepares a statement whose schema changed), over `range` of them
    /// (all when nil).
    convenience init(
        statement: Statement, range: Range<Int>? = nil, naming: ColumnNaming, options: CodingOptions,
        rowType: Any.Type, userInfo: [CodingUserInfoKey: Any] = [:]
    ) {
        let names = statement.columnNames
        let bounded = (range ?? 0..<names.count).clamped(to: 0..<names.count)
        self.init(
            reader: ColumnReader(source: .statement(statement.handle)),
            lookup: KeyLookup(names: Array(names[bounded]), base: bounded.lowerBound, naming: naming),
            options: options, rowType: rowType, userInfo: userInfo)
    }

    /// The name of the type decoded, for error messages (`row` for rows decoded by hand).
    var rowType: String {
        decodedType.map { "\($0)" } ?? "row"
    }

    /// Decodes the current row as `T`.
    func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
        position = 0
        guard reader.readsInPlace else { return try T(from: RowHandle(decoder: self, row: 0)) }
        rowsDecoded += 1
        currentRow = rowsDecoded
        defer { currentRow = 0 }
        return try T(from: RowHandle(decoder: self, row: rowsDecoded))
    }

    /// A single value reads the first column, so one-column results decode as `Int64`, enums...
    func singleValueContainer(_ handle: RowHandle) -> SingleValueDecoder {
        SingleValueDecoder(
            handle: handle, index: lookup.base, context: context(column: lookup.names.first ?? "", codingPath: []))
    }

    /// The absolute column index for `key`, the row's next key, or -1 when the result has no
    /// such column. Counts the position.
    func index(for key: some CodingKey) -> Int {
        let slot = position
        position = slot + 1
        return lookup.index(for: key.stringValue, at: slot)
    }

    /// The index of `key`'s column, or `keyNotFound` naming the column and the row type.
    func requireIndex(_ key: some CodingKey) throws -> Int {
        let index = index(for: key)
        if index >= 0 { return index }
        throw CodingErrors.keyNotFound(
            key, column: lookup.columnName(for: key.stringValue), rowType: rowType, columns: lookup.names)
    }

    /// Column `key` as an integer of type `T`: any storage class (converted, or a thrown error
    /// naming the column).
    func decodeInteger<K: CodingKey, T: FixedWidthInteger>(_ key: K, as type: T.Type) throws -> T {
        let index = try requireIndex(key)
        if let integer = reader.integer(at: index), let exact = T(exactly: integer) { return exact }
        return try convert(index, key, T.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: T.self)
        }
    }

    /// Column `key` as a `Double`.
    func decodeDouble<K: CodingKey>(_ key: K) throws -> Double {
        let index = try requireIndex(key)
        if let real = reader.real(at: index) { return real }
        return try convert(index, key, Double.self) { value throws(ConversionFailure) in
            try Conversions.double(value)
        }
    }

    /// Reads column `index` as a ``SQLValue`` and converts it, turning a failure into a
    /// `DecodingError` naming the column and the row type.
    func convert<T>(
        _ index: Int, _ key: some CodingKey, _ type: T.Type, _ body: (SQLValue) throws(ConversionFailure) -> T
    ) throws -> T {
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

/// One row of a ``RowDecoder`` as the `Decoder` handed to `init(from:)` and its containers see
/// it: the decoder, the number of the row (0 for copied values, always readable) and the
/// thread decoding it. Used after its row (or during another row of the same decoder), or on
/// another thread, it throws instead of reading; on another thread it reads nothing of the
/// decoder to find that out, so it races with nothing the decoding thread writes.
struct RowHandle: Decoder {
    let decoder: RowDecoder
    let row: Int
    let thread: pthread_t

    init(decoder: RowDecoder, row: Int) {
        self.decoder = decoder
        self.row = row
        thread = pthread_self()
    }

    /// Runs `body` with the decoder while the row is current; else throws, naming `what`.
    func withDecoder<R>(_ what: @autoclosure () -> String, _ body: (RowDecoder) throws -> R) throws -> R {
        guard isCurrent else { throw CodingErrors.outlivedRow(what()) }
        return try body(decoder)
    }

    /// Whether the row can be read: always for copied values, during its row and on the
    /// thread decoding it for a live one.
    var isCurrent: Bool {
        row == 0 || (pthread_equal(pthread_self(), thread) != 0 && row == decoder.currentRow)
    }

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] { isCurrent ? decoder.userInfo : [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard isCurrent else { throw CodingErrors.outlivedRow() }
        return KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(handle: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try withDecoder("a row's decoder") { decoder in
            throw CodingErrors.unsupported("decoding a row as an array", rowType: decoder.rowType, codingPath: [])
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try withDecoder("a row's decoder") { $0.singleValueContainer(self) }
    }
}

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
    /// The statement read in place; nil for copied values.
    let statementHandle: OpaquePointer?
    /// The keyed container handed to the rows of the run read in place: made for the first
    /// row, valid while any row of the run decodes on its thread, dropped at the end of the
    /// run (``endRun()``). Every row asks for a container of the same key type, and making one
    /// looks up the run-time type of the container and of the standard library's box for it.
    private var keptContainer = KeptContainer()

    init(
        reader: ColumnReader, lookup: KeyLookup, options: CodingOptions, rowType: Any.Type?,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) {
        self.reader = reader
        self.lookup = lookup
        self.options = options
        decodedType = rowType
        self.userInfo = userInfo
        statementHandle = reader.statementHandle
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

    /// Ends the run: drops the kept container (which refers to the decoder), so that a
    /// container kept past the run throws.
    func endRun() {
        keptContainer.drop()
    }

    /// The keyed container of the current row: the run's kept one when it is for `Key`.
    func container<Key: CodingKey>(_ type: Key.Type, for handle: RowHandle) -> KeyedDecodingContainer<Key> {
        if keptContainer.holds(Key.self) { return keptContainer.decodingContainer(Key.self) }
        return newContainer(Key.self, for: handle)
    }

    /// A new container; from the second row of a run that reads a statement in place, kept for
    /// the run's next rows (a run of one row, a lookup or a `row.decode()`, keeps nothing).
    /// Out of line, so that the fast path of ``container(_:for:)`` has no local of the
    /// container's type (see ``KeptContainer``).
    @inline(never)
    private func newContainer<Key: CodingKey>(_ type: Key.Type, for handle: RowHandle) -> KeyedDecodingContainer<Key> {
        guard handle.row > 1 else { return KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(handle: handle)) }
        let container = KeyedDecodingContainer(
            RowKeyedDecodingContainer<Key>(handle: RowHandle(decoder: self, row: RowHandle.anyRow)))
        keptContainer.keep(container, for: Key.self)
        return container
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
    func index(for key: String) -> Int {
        let slot = position
        position = slot + 1
        return lookup.index(for: key, at: slot)
    }

    /// The error for a key without a column, naming the column and the row type.
    func keyNotFound(_ key: some CodingKey) -> DecodingError {
        CodingErrors.keyNotFound(
            key, column: lookup.columnName(for: key.stringValue), rowType: rowType, columns: lookup.names)
    }

    /// Column `index` (`key`'s, -1 when it has none) as an integer of type `T`: any storage
    /// class (converted, or a thrown error naming the column).
    func decodeInteger<K: CodingKey, T: FixedWidthInteger>(_ key: K, at index: Int, as type: T.Type) throws -> T {
        if index < 0 { throw keyNotFound(key) }
        if let integer = reader.integer(at: index), let exact = T(exactly: integer) { return exact }
        return try convert(index, key, T.self) { value throws(ConversionFailure) in
            try Conversions.integer(value, as: T.self)
        }
    }

    /// Reads column `index` (`key`'s, -1 when it has none) as a ``SQLValue`` and converts it,
    /// turning a failure into a `DecodingError` naming the column and the row type.
    func convert<T>(
        _ index: Int, _ key: some CodingKey, _ type: T.Type, _ body: (SQLValue) throws(ConversionFailure) -> T
    ) throws -> T {
        if index < 0 { throw keyNotFound(key) }
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

    /// The decoder while the row is current; else throws, naming `what`.
    func checkedDecoder(_ what: () -> String = { "a row's decoder" }) throws -> RowDecoder {
        guard isCurrent else { throw CodingErrors.outlivedRow(what()) }
        return decoder
    }

    /// The row of a run's kept container: any row of the run being decoded.
    static let anyRow = -1

    /// Whether the row can be read: always for copied values, during its row (any row for a
    /// run's kept container) and on the thread decoding it for a live one.
    var isCurrent: Bool {
        if row == 0 { return true }
        // `pthread_equal` is `==` on the platforms the package builds for, without its call.
        guard pthread_self() == thread else { return false }
        let current = decoder.currentRow
        return row == current || (row == Self.anyRow && current != 0)
    }

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] { isCurrent ? decoder.userInfo : [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard isCurrent else { throw CodingErrors.outlivedRow() }
        return decoder.container(Key.self, for: self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw CodingErrors.unsupported(
            "decoding a row as an array", rowType: try checkedDecoder().rowType, codingPath: [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkedDecoder().singleValueContainer(self)
    }
}

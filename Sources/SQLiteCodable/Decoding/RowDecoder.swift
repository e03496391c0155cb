import Foundation

/// Decodes rows by column index: the keyed container finds each key's column through a
/// ``KeyLookup`` and reads it through a ``ColumnReader``, never building a dictionary per row.
/// One decoder serves every row of a statement.
///
/// It is not itself the `Decoder` handed to `init(from:)`: rows of a live statement get a
/// ``LiveRowDecoder``, which reaches this decoder only while it decodes that row on the same
/// thread (see ``LiveRow``), and copied values (``Row/decoder(userInfo:options:)``, records
/// read back from what was written) get a ``CopiedRowDecoder``, which holds it.
final class RowDecoder {
    let reader: ColumnReader
    let lookup: KeyLookup
    let options: CodingOptions
    /// The type decoded, named in errors; nil for rows decoded by hand.
    private let decodedType: Any.Type?
    let userInfo: [CodingUserInfoKey: Any]

    /// The live statement whose rows are decoded; nil for copied values.
    private let handle: OpaquePointer?
    /// The absolute index of the first column read, and how many columns are read.
    private let base: Int
    private let count: Int
    /// The lookup's slots and how many there are, read by the fields' fast path without going
    /// through the lookup.
    private let slots: UnsafeMutablePointer<KeyLookup.Slot>
    private let slotLimit: Int

    // Measured: without the decoder's @exclusivity(unchecked) (and the encoder's), point-lookup record 2.13 -> 2.40 x raw C, fetch-record codable 2.20 -> 2.63 (callgrind --quick).
    // Touched by one thread at a time, the one holding the connection's lock while it decodes
    // (a handle on another thread never reaches them): no dynamic exclusivity checks.
    /// The ticket of a live statement's decoder (see ``RowTicket``), set once made; nil for
    /// copied values.
    @exclusivity(unchecked) private var ticket: UnsafeMutablePointer<RowTicket>?
    /// The state the ticket shows while this decoder decodes a row on ``liveThread``.
    @exclusivity(unchecked) private var liveState: UInt64 = 0
    /// The thread ``liveState`` was drawn for; nil before the first row.
    @exclusivity(unchecked) private var liveThread: pthread_t?
    /// The position of the next key lookup within the current row; reset before each row.
    @exclusivity(unchecked) var position = 0
    /// The keyed container of the previous row, handed out again (see ``KeptContainer``); made
    /// for ``liveState``, and dropped with it.
    @exclusivity(unchecked) private var keptContainer = KeptContainer()

    init(
        reader: ColumnReader, lookup: KeyLookup, options: CodingOptions, rowType: Any.Type?,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) {
        self.reader = reader
        self.lookup = lookup
        self.options = options
        decodedType = rowType
        self.userInfo = userInfo
        handle = reader.handle
        base = lookup.map.base
        count = lookup.map.names.count
        slots = lookup.slots
        slotLimit = lookup.slotLimit
        if handle != nil { ticket = RowTickets.take(for: self) }
    }

    /// Whether this decoder decodes `type` from the live statement `handle`.
    func decodes(_ type: Any.Type, from handle: OpaquePointer) -> Bool {
        self.handle == handle && decodedType == type
    }

    /// The name of the type decoded, for error messages (`row` for rows decoded by hand).
    var rowType: String {
        decodedType.map { "\($0)" } ?? "row"
    }

    deinit {
        if let ticket { RowTickets.giveBack(ticket) }
    }

    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    /// Decodes the current row as `T`. For a live statement, the ticket shows the decoder's
    /// live state meanwhile, so that the handles made for the row work during it only.
    @inline(__always)
    func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
        position = 0
        guard let ticket else { return try T(from: CopiedRowDecoder(decoder: self)) }
        let thread = pthread_self()
        if !isLive(on: thread) { startDecoding(on: thread, ticket) }
        // Restored afterwards rather than set to idle, in case a row of this decoder is
        // decoded within another's `init(from:)`.
        let previous = ticket.state
        ticket.state = liveState
        defer { ticket.state = previous }
        return try T(from: LiveRowDecoder(row: LiveRow(ticket: ticket, state: liveState, thread: thread)))
    }

    /// Whether ``liveState`` was drawn for `thread`.
    @inline(__always)
    private func isLive(on thread: pthread_t) -> Bool {
        guard let liveThread else { return false }
        return liveThread == thread
    }

    /// Draws a live state for rows decoded on `thread` (the first row, or the first since the
    /// decoder was used on another thread): handles made for another thread stop working, and
    /// so does the kept container.
    @inline(never)
    private func startDecoding(on thread: pthread_t, _ ticket: UnsafeMutablePointer<RowTicket>) {
        let idle = RowTickets.nextIdleState(after: ticket.state)
        ticket.state = idle
        liveState = idle | 1
        liveThread = thread
        keptContainer.drop()
    }

    /// The row being decoded, for a handle made during it; nil for copied values.
    var currentRow: LiveRow? {
        guard let ticket, let liveThread else { return nil }
        return LiveRow(ticket: ticket, state: liveState, thread: liveThread)
    }

    /// The keyed container of a live row: the kept one when it is for `Key`.
    @inline(__always)
    func liveContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        if keptContainer.holds(Key.self) { return keptContainer.decodingContainer(Key.self) }
        return newLiveContainer(Key.self)
    }

    /// A new container for the live row, kept for the next rows. Out of line, so that the fast
    /// path of ``liveContainer(_:)`` has no local of the container's type (see ``KeptContainer``).
    @inline(never)
    private func newLiveContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        guard let row = currentRow else { return heldContainer(Key.self) }
        let container = KeyedDecodingContainer(LiveRowKeyedDecodingContainer<Key>(row: row))
        keptContainer.keep(container, for: Key.self)
        return container
    }

    /// A container holding this decoder (copied values). Not kept: the container would keep
    /// the decoder alive through its own kept container.
    @inline(never)
    func heldContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(HeldRowKeyedDecodingContainer<Key>(decoder: self))
    }

    /// A single value reads the first column, so one-column results decode as `Int64`, enums...
    func singleValueContainer() -> SingleValueDecoder {
        SingleValueDecoder(
            reader: reader, index: lookup.map.base,
            context: context(column: lookup.map.names.first ?? "", codingPath: []), row: currentRow)
    }

    /// Column `index` (absolute) of a live statement's row when it holds an INTEGER, else nil
    /// (also for a column the decoder does not read, and for copied values).
    @inline(__always)
    func storedInteger(at index: Int) -> Int64? {
        guard let handle, UInt(bitPattern: index &- base) < UInt(bitPattern: count) else { return nil }
        return RowReader(handle).integer(at: Int32(truncatingIfNeeded: index))
    }

    /// Column `index` (absolute) of a live statement's row when it holds a REAL, else nil.
    @inline(__always)
    func storedReal(at index: Int) -> Double? {
        guard let handle, UInt(bitPattern: index &- base) < UInt(bitPattern: count) else { return nil }
        return RowReader(handle).real(at: Int32(truncatingIfNeeded: index))
    }

    /// Column `key`'s INTEGER, when `key` is the key the previous row read at this position and
    /// the column holds an integer: the common field, read without leaving the caller. Counts
    /// the key's position only then; nil otherwise (read it through ``decodeInteger(_:as:)``).
    @inline(__always)
    func recentInteger<K: CodingKey>(_ key: K) -> Int64? {
        // A slot's index is one of the decoder's columns, or -1.
        guard let handle, let slot = KeyLookup.recentSlot(for: key, in: slots, limit: slotLimit, at: position),
            slot.index >= 0, let integer = RowReader(handle).integer(at: Int32(truncatingIfNeeded: slot.index))
        else { return nil }
        position &+= 1
        return integer
    }

    /// Column `key`'s REAL, as ``recentInteger(_:)`` reads an INTEGER.
    @inline(__always)
    func recentReal<K: CodingKey>(_ key: K) -> Double? {
        guard let handle, let slot = KeyLookup.recentSlot(for: key, in: slots, limit: slotLimit, at: position),
            slot.index >= 0, let real = RowReader(handle).real(at: Int32(truncatingIfNeeded: slot.index))
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
        if let integer = storedInteger(at: index), let exact = T(exactly: integer) { return exact }
        return try convert(index, key, T.self) { value throws(DecodingFailure) in
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
        if let real = storedReal(at: index) { return real }
        return try convert(index, key, Double.self) { value throws(DecodingFailure) in
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

    /// Reads column `index` as a ``SQLValue`` and converts it, turning a failure into a
    /// `DecodingError` naming the column and the row type.
    @inline(__always)
    func convert<T>(
        _ index: Int, _ key: some CodingKey, _ type: T.Type, _ body: (SQLValue) throws(DecodingFailure) -> T
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

/// The `Decoder` of a live statement's row, handed to `init(from:)`: a ``LiveRow``, three
/// words that fit an existential's inline storage, so that passing it costs no allocation and
/// no reference counting. Used after its row (or on another thread) it throws, and its
/// `userInfo` reads as empty.
struct LiveRowDecoder: Decoder {
    let row: LiveRow

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] {
        (try? row.withDecoder({ CodingErrors.outlivedRow() }) { $0.userInfo }) ?? [:]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try row.withDecoder({ CodingErrors.outlivedRow() }) { $0.liveContainer(Key.self) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try row.withDecoder({ CodingErrors.outlivedRow() }) { decoder in
            throw CodingErrors.unsupported("decoding a row as an array", rowType: decoder.rowType, codingPath: [])
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try row.withDecoder({ CodingErrors.outlivedRow() }) { $0.singleValueContainer() }
    }
}

/// The `Decoder` of copied values: it holds its ``RowDecoder``, which stays usable for as long
/// as it is kept.
struct CopiedRowDecoder: Decoder {
    let decoder: RowDecoder

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        decoder.heldContainer(Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw CodingErrors.unsupported("decoding a row as an array", rowType: decoder.rowType, codingPath: [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        decoder.singleValueContainer()
    }
}

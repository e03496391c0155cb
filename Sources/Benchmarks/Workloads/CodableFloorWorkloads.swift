import SQLiteCodable
import SQLiteCore

/// What Swift's `Codable` costs on its own, for the `codable-floor` tier: the same structs as
/// the codable tier, decoded from and encoded into plain memory by the cheapest decoder and
/// encoder there can be (each `Int64` a load or a store, no checks, no SQLite). No database
/// tier can decode or encode in less time than this, so the gap between raw C and
/// `raw C + floor` is what any `Codable` layer over SQLite must add.
///
/// - `fetch-record`: decodes the table's rows, copied into memory before the run, into
///   ``ItemRow`` values.
/// - `insert-record`: encodes the rows the insert workloads write, into one buffer.
enum CodableFloorWorkloads {
    static func all(_ options: Options) throws -> [Benchmark] {
        let db = try RawSQL.open("codable-floor", options)
        let tier = "codable-floor"
        var cells: [Int64] = []
        return [
            Benchmark(
                workload: "insert-record", tier: tier,
                prepare: {},
                run: { try encode(rows: options.insertRows) }),
            Benchmark(
                workload: "fetch-record", tier: tier,
                prepare: {
                    if cells.count != options.fetchRows * ItemSchema.columnCount {
                        try RawCWorkloads.ensureRows(db, options.fetchRows)
                        cells = try readCells(db)
                    }
                },
                run: { try decode(cells) }),
        ]
    }

    /// Every cell of `item`, row by row.
    static func readCells(_ db: OpaquePointer) throws -> [Int64] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, ItemSchema.selectAll, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var cells: [Int64] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            for column in 0..<Int32(ItemSchema.columnCount) { cells.append(sqlite3_column_int64(statement, column)) }
        }
        return cells
    }

    /// Decodes every row of `cells` into an array of ``ItemRow``, as `fetchAll` does.
    static func decode(_ cells: [Int64]) throws -> Int64 {
        try cells.withUnsafeBufferPointer { cells in
            guard let base = cells.baseAddress else { return 0 }
            let decoder = MemoryDecoder(cells: base)
            let rows = cells.count / ItemSchema.columnCount
            var items: [ItemRow] = []
            items.reserveCapacity(rows)
            for _ in 0..<rows { items.append(try ItemRow(from: decoder)) }
            return items.reduce(0) { $0 &+ $1.sum }
        }
    }

    /// Encodes `rows` rows, as the insert workloads build them, one after the other into one
    /// buffer; the checksum is the row count (the last rowid the raw C insert returns).
    static func encode(rows: Int) throws -> Int64 {
        let cells = UnsafeMutablePointer<Int64>.allocate(capacity: ItemSchema.columnCount)
        defer { cells.deallocate() }
        let encoder = MemoryEncoder(cells: cells)
        var sum: Int64 = 0
        for row in 0..<rows {
            encoder.next = 0
            try ItemRow(row: row).encode(to: encoder)
            sum &+= cells[ItemSchema.columnCount - 1]
        }
        guard sum == (0..<Int64(rows)).reduce(0, { $0 &+ $1 * 10 + 9 }) else {
            throw RawSQL.Failure(description: "the floor encoder lost values")
        }
        return Int64(rows)
    }
}

/// The failure of a container call the workloads never make.
private struct Unsupported: Error {}

/// Hands out consecutive `Int64` cells from memory. It keeps the container of the last row as
/// the codable tier's decoder does (see `KeptContainer`).
private final class MemoryDecoder: Decoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var next: UnsafePointer<Int64>
    private var keptContainer = KeptContainer()

    init(cells: UnsafePointer<Int64>) { next = cells }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if keptContainer.holds(Key.self) { return keptContainer.decodingContainer(Key.self) }
        return newContainer(Key.self)
    }

    @inline(never)
    private func newContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        let container = KeyedDecodingContainer(MemoryKeyedDecodingContainer<Key>(decoder: .passUnretained(self)))
        keptContainer.keep(container, for: Key.self)
        return container
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
}

private struct MemoryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: Unmanaged<MemoryDecoder>
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        decoder._withUnsafeGuaranteedRef { decoder in
            defer { decoder.next += 1 }
            return decoder.next.pointee
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw Unsupported() }
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> { throw Unsupported() }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    func superDecoder() throws -> any Decoder { throw Unsupported() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
}

/// Stores consecutive `Int64` values into memory, keeping its container like the decoder.
private final class MemoryEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let cells: UnsafeMutablePointer<Int64>
    var next = 0
    private var keptContainer = KeptContainer()

    init(cells: UnsafeMutablePointer<Int64>) { self.cells = cells }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if keptContainer.holds(Key.self) { return keptContainer.encodingContainer(Key.self) }
        return newContainer(Key.self)
    }

    @inline(never)
    private func newContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = KeyedEncodingContainer(MemoryKeyedEncodingContainer<Key>(encoder: .passUnretained(self)))
        keptContainer.keep(container, for: Key.self)
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedContainer(encoder: .passUnretained(self)) }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        UnsupportedContainer(encoder: .passUnretained(self))
    }
}

private struct MemoryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: Unmanaged<MemoryEncoder>
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { throw Unsupported() }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        encoder._withUnsafeGuaranteedRef { encoder in
            guard encoder.next < ItemSchema.columnCount else { return }
            encoder.cells[encoder.next] = value
            encoder.next += 1
        }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw Unsupported() }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(MemoryKeyedEncodingContainer<NestedKey>(encoder: encoder))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnsupportedContainer(encoder: encoder)
    }
    mutating func superEncoder() -> any Encoder { encoder.takeUnretainedValue() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.takeUnretainedValue() }
}

/// The unkeyed and single-value containers, which the workloads never ask for: every write
/// throws.
private struct UnsupportedContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: Unmanaged<MemoryEncoder>
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws { throw Unsupported() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw Unsupported() }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(MemoryKeyedEncodingContainer<NestedKey>(encoder: encoder))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { encoder.takeUnretainedValue() }
}

import Foundation

/// What this tier keeps with a prepared statement (its place in the statement's tier store):
/// the column maps, and the decoders kept for the next run (records', and those with the
/// default options), so a statement run again decodes with no setup at all. Touched only while
/// the statement is checked out, with the connection's lock held, or by the code iterating it.
/// It describes one generation of the statement's columns: Core empties the store when SQLite
/// re-prepares the statement with other columns, and the next run makes a new state.
final class StatementState {
    private var maps: [(range: Range<Int>, map: ColumnIndexMap)] = []
    private var decoders: [DecoderKey: RowDecoder] = [:]
    /// How many rows the statement's last ``Connection/decodeRows(_:_:limit:decoder:)`` decoded: the
    /// capacity the next one starts with, so the rows of a query run again decode straight into
    /// an array of the right size.
    var rowCountHint = 0
    /// The decoder asked for last, found without hashing when a statement serves one type.
    private var lastDecoder: (key: DecoderKey, decoder: RowDecoder)?

    /// A decoder's type and columns (`count` -1 for all of them), and whether it decodes a
    /// record (with the record's options) or with the default options.
    struct DecoderKey: Hashable {
        let type: ObjectIdentifier
        let base: Int
        let count: Int
        let isRecord: Bool
    }

    /// The state of `statement` for its current columns, made on first use. Call it after the
    /// first step of a run, in which SQLite re-prepares a statement whose schema changed.
    static func of(_ statement: Statement) -> StatementState {
        if let state = statement.tierObject(.codable) as? StatementState { return state }
        let state = StatementState()
        statement.setTierObject(state, for: .codable)
        return state
    }

    /// The map of columns `range` (all columns when nil).
    func map(for statement: Statement, range: Range<Int>? = nil) -> ColumnIndexMap {
        let range = range ?? 0..<statement.columnCount
        for entry in maps where entry.range == range { return entry.map }
        let names = statement.columnNames
        let bounded = range.clamped(to: 0..<names.count)
        let map = ColumnIndexMap(names: Array(names[bounded]), base: bounded.lowerBound)
        maps.append((range, map))
        return map
    }

    /// A decoder for `type` over `range`: kept for the next run and row when `record` (a
    /// record's options never change) or when `options` decode as the defaults with no
    /// `userInfo` (so ``Row/decode(userInfo:options:)`` over a typed query sets up once per
    /// run, not once per row); else made fresh.
    func decoder<T>(
        for type: T.Type, statement: Statement, range: Range<Int>? = nil, naming: ColumnNaming, options: CodingOptions,
        userInfo: [CodingUserInfoKey: Any], record: Bool
    ) -> RowDecoder {
        let key = DecoderKey(
            type: ObjectIdentifier(type), base: range?.lowerBound ?? 0, count: range?.count ?? -1, isRecord: record)
        let cached = record || (userInfo.isEmpty && options.decodesAsDefaults && naming.mapping.isEmpty)
        if cached, let last = lastDecoder, last.key == key { return last.decoder }
        if cached, let decoder = decoders[key] {
            lastDecoder = (key, decoder)
            return decoder
        }
        let lookup = KeyLookup(map: map(for: statement, range: range), naming: naming)
        let decoder = RowDecoder(
            reader: ColumnReader(source: .statement(statement.handle)), lookup: lookup, options: options,
            rowType: T.self, userInfo: userInfo)
        if cached {
            decoders[key] = decoder
            lastDecoder = (key, decoder)
        }
        return decoder
    }
}

extension Connection {
    /// Resets `statement` and binds `values` to its parameters in order, with the connection
    /// locked by the caller.
    func bindRaw(_ statement: Statement, _ values: [SQLValue]) throws(Result) {
        let handle = statement.handle
        sqlite3_reset(handle)
        guard values.count == statement.parameterCount else {
            throw Result.misuse(
                "\(values.count) value(s) for \(statement.parameterCount) parameter(s)", code: SQLITE_RANGE,
                statement: statement)
        }
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: handle, at: Int32(offset + 1))
            if code != SQLITE_OK { throw sqliteError(code, statement) }
        }
    }

    /// Binds core-tier bindings (converted to column values) to `statement`.
    func bindRaw(_ statement: Statement, bindings: [Binding?]) throws(Result) {
        var values: [SQLValue] = []
        values.reserveCapacity(bindings.count)
        for binding in bindings {
            guard let value = try? SQLValue(binding) else {
                throw Result.misuse(
                    "\(String(describing: binding)) cannot be bound", code: SQLITE_MISMATCH, statement: statement)
            }
            values.append(value)
        }
        try bindRaw(statement, values)
    }

    /// Steps `statement` with the connection locked by the caller: `true` while there is a row.
    @inline(__always)
    func stepRaw(_ statement: Statement) throws(Result) -> Bool {
        let code = sqlite3_step(statement.handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let error = sqliteError(code, statement)
        sqlite3_reset(statement.handle)
        throw error
    }

    /// Steps `statement` through its rows (at most `limit`), decoding each with the decoder
    /// `makeDecoder` returns from the statement's state, with the connection locked by the
    /// caller. The decoder is asked for after the first step, in which SQLite re-prepares a
    /// statement whose schema changed (its columns may have changed with it).
    ///
    /// The rows decode straight into an array as large as the statement's previous result (so a
    /// query run again allocates once and copies nothing); rows past that gather in a buffer of
    /// their own, appended at the end. (An `append` to an array of a type only known at run
    /// time looks the array's type up on every call, which costs more than decoding a row.)
    func decodeRows<T: Decodable>(
        _ type: T.Type, _ statement: Statement, limit: Int = .max, decoder makeDecoder: (StatementState) -> RowDecoder
    ) throws -> [T] {
        guard limit > 0, try stepRaw(statement) else {
            if limit > 0 { StatementState.of(statement).rowCountHint = 0 }
            return []
        }
        let state = StatementState.of(statement)
        let decoder = makeDecoder(state)
        var finished = false
        var rows = try [T](unsafeUninitializedCapacity: Swift.min(limit, Swift.max(state.rowCountHint, 16))) {
            buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            // The first row, stepped to above.
            base.initialize(to: try decoder.decodeRow(T.self))
            initialized = 1
            while initialized < buffer.count {
                guard try stepRaw(statement) else {
                    finished = true
                    return
                }
                (base + initialized).initialize(to: try decoder.decodeRow(T.self))
                initialized += 1
            }
        }
        if !finished, rows.count < limit {
            rows += try decodeRemainingRows(type, statement, decoder, limit: limit - rows.count)
        }
        state.rowCountHint = rows.count
        if rows.capacity > 1024, rows.count < rows.capacity / 4 {
            // The previous result was much larger: do not keep its room.
            return rows.withUnsafeBufferPointer { source in
                [T](unsafeUninitializedCapacity: source.count) { buffer, initialized in
                    if let target = buffer.baseAddress, let from = source.baseAddress {
                        target.initialize(from: from, count: source.count)
                    }
                    initialized = source.count
                }
            }
        }
        return rows
    }

    /// The rows past the expected count, gathered in a growing buffer.
    private func decodeRemainingRows<T: Decodable>(
        _ type: T.Type, _ statement: Statement, _ decoder: RowDecoder, limit: Int
    ) throws -> [T] {
        var capacity = 0
        var count = 0
        var storage = UnsafeMutablePointer<T>.allocate(capacity: 0)
        defer {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
        while count < limit, try stepRaw(statement) {
            if count == capacity {
                capacity = Swift.max(16, capacity * 2)
                let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
                Self.move(count, from: storage, to: grown)
                storage.deallocate()
                storage = grown
            }
            (storage + count).initialize(to: try decoder.decodeRow(T.self))
            count += 1
        }
        // An array made with no capacity is the shared empty array, whose count the initializer
        // would write (the same 0, but from every thread at once).
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            Self.move(count, from: storage, to: base)
            initialized = count
            count = 0
        }
    }

    /// Moves `count` values to uninitialized memory: one copy of the bytes for the types that
    /// allow it (most), since moving a type only known at run time goes value by value.
    @inline(__always)
    private static func move<T>(_ count: Int, from source: UnsafeMutablePointer<T>, to target: UnsafeMutablePointer<T>)
    {
        if _isBitwiseTakable(T.self) {
            UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count * MemoryLayout<T>.stride)
        } else {
            target.moveInitialize(from: source, count: count)
        }
    }

    /// Runs `statement` to completion with the connection locked by the caller.
    func runRaw(_ statement: Statement) throws(Result) {
        while try stepRaw(statement) {}
        sqlite3_reset(statement.handle)
    }

    /// SQLite's error for `code`, built by Core as for every tier.
    func sqliteError(_ code: Int32, _ statement: Statement?) -> Result {
        lastError(code: code, statement: statement)
    }

    /// Runs `body` with a cached statement for `sql` and the connection locked.
    func withRawStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        try withLockedCachedStatement(sql, body)
    }
}

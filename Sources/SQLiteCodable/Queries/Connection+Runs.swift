import Foundation

// The Codable tier's statement runs, through Core's `Statement` (binding, stepping) with the
// connection locked by the caller, decoding each row straight from the statement through the
// decoders its state keeps.
extension Connection {
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
        guard limit > 0, try statement.step() else {
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
                guard try statement.step() else {
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
        while count < limit, try statement.step() {
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
    private static func move<T>(_ count: Int, from source: UnsafeMutablePointer<T>, to target: UnsafeMutablePointer<T>)
    {
        if _isBitwiseTakable(T.self) {
            UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count * MemoryLayout<T>.stride)
        } else {
            target.moveInitialize(from: source, count: count)
        }
    }

    /// Runs `sql` with `values` bound in order, through the statement cache, with the
    /// connection locked by the caller (`sqlite3_changes64` and `sqlite3_last_insert_rowid` then
    /// tell its effect).
    func runStatement(_ sql: String, _ values: [SQLValue]) throws {
        _ = try runCachedLocked(sql, binding: values.count) { handle in Self.bind(values, to: handle) }
    }

    /// Binds `values` to parameters 1 to `values.count`; returns `SQLITE_OK` or the first
    /// failing code.
    static func bind(_ values: [SQLValue], to handle: OpaquePointer) -> Int32 {
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: handle, at: Int32(offset + 1))
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }
}

import Foundation

// The Codable tier's statement runs, with the connection locked by the caller: binding, stepping
// and decoding each row straight from the statement through the decoders its state keeps.
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

    /// Resets `statement` and binds core-tier bindings to its parameters in order, as Core
    /// binds them, with the connection locked by the caller.
    func bindRaw(_ statement: Statement, bindings: [Binding?]) throws(Result) {
        sqlite3_reset(statement.handle)
        try statement.bindLocked(bindings)
    }

    /// Steps `statement` with the connection locked by the caller: `true` while there is a row.
    /// At its end the statement is left there (an EXPLAIN too): every run of this tier resets
    /// before binding.
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

    /// Runs `statement` to completion with the connection locked by the caller. The statement is
    /// left at its end, as Core's runs leave theirs: SQLite ends its transaction there, and every
    /// way in resets before binding.
    func runRaw(_ statement: Statement) throws(Result) {
        while try stepRaw(statement) {}
    }

    /// Runs `sql` with `values` bound, through the statement cache, with the connection locked
    /// by the caller (`sqlite3_changes64` and `sqlite3_last_insert_rowid` then tell its effect).
    func runRaw(_ sql: String, _ values: [SQLValue]) throws {
        try withRawStatement(sql) { statement in
            try bindRaw(statement, values)
            try runRaw(statement)
        }
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

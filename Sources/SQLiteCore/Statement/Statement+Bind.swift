extension Statement {
    /// Binds values to the parameters by position, after resetting the statement.
    ///
    /// The number of values must equal ``parameterCount``: a mismatch is thrown by the next
    /// `run`, `scalar` or `step` (this call keeps SQLite.swift's non-throwing signature).
    ///
    /// ```swift
    /// for row in try db.prepare("SELECT * FROM users WHERE age > ?").bind(21) { ... }
    /// ```
    @discardableResult
    public func bind(_ values: Binding?...) -> Statement {
        bind(values)
    }

    // Measured: unspecialized, the generic bind entry points cost about 11 % on insert-positional core (callgrind).
    /// Binds non-optional values by position, after resetting the statement: the fast path of
    /// `bind(42, "x")`, with no array and no existential boxing.
    @inlinable
    @discardableResult
    public func bind<each V: Binding>(_ values: repeat each V) -> Statement {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        sqlite3_reset(handle)
        do throws(Result) {
            try bindLocked(repeat each values)
        } catch {
            pendingError = error
        }
        return self
    }

    /// Binds an array of values to the parameters by position, after resetting the statement.
    @discardableResult
    public func bind(_ values: [Binding?]) -> Statement {
        try? resetAndBind(deferringError: true) { () throws(Result) in try bindLocked(values) }
        return self
    }

    /// Binds values to the parameters by name, after resetting the statement. Keys may carry
    /// their prefix (`":email"`, `"@email"`, `"$email"`) or not (`"email"`).
    @discardableResult
    public func bind(_ values: [String: Binding?]) -> Statement {
        try? resetAndBind(deferringError: true) { () throws(Result) in try bindLocked(values) }
        return self
    }

    /// Binds `values` by position after resetting the statement, throwing at once for a
    /// mismatch (`Connection.prepare(_:_:)`'s binding).
    func bindNow(_ values: [Binding?]) throws(Result) {
        try resetAndBind(deferringError: false) { () throws(Result) in try bindLocked(values) }
    }

    /// Binds `values` by name after resetting the statement, throwing at once for a mismatch.
    func bindNow(_ values: [String: Binding?]) throws(Result) {
        try resetAndBind(deferringError: false) { () throws(Result) in try bindLocked(values) }
    }

    /// Resets the statement and runs `bind` with the lock held. A deferred error is kept for
    /// the next `run`, `scalar` or `step` to throw (the non-throwing `bind` forms).
    private func resetAndBind(deferringError deferred: Bool, _ bind: () throws(Result) -> Void) throws(Result) {
        try connection.lock.withLock { () throws(Result) in
            sqlite3_reset(handle)
            do throws(Result) {
                try bind()
            } catch {
                if !deferred { throw error }
                pendingError = error
            }
        }
    }

    /// Binds one value to parameter `index` (1-based), leaving the others as they are; throws
    /// at once for an index out of range or a value SQLite cannot store. After binding this
    /// way, every parameter must have been given a value before the statement runs.
    public func bind(_ value: Binding?, at index: Int) throws {
        try connection.lock.withLock { () throws(Result) in
            guard index >= 1, index <= parameterCount else {
                throw Result.misuse(
                    "parameter index \(index) is out of range 1...\(parameterCount)", code: SQLITE_RANGE,
                    statement: self)
            }
            sqlite3_reset(handle)
            try bindValue(value, at: Int32(index))
            // Binding again, one parameter at a time, replaces an earlier failed bind.
            pendingError = nil
            markBound(index)
        }
    }

    /// Binds one value to the parameter named `name`; throws at once for an unknown name.
    public func bind(_ value: Binding?, named name: String) throws {
        try connection.lock.withLock { () throws(Result) in
            let index = try indexForBinding(named: name)
            sqlite3_reset(handle)
            try bindValue(value, at: index)
            pendingError = nil
            markBound(Int(index))
        }
    }

    /// The 1-based index of the parameter `name` (with or without its prefix).
    public func parameterIndex(named name: String) throws -> Int32 {
        try connection.lock.withLock { () throws(Result) -> Int32 in try indexForBinding(named: name) }
    }

    /// The parameter names in order (`nil` for positional `?` parameters).
    public var parameterNames: [String?] {
        (0..<Int32(parameterCount)).map { offset in
            sqlite3_bind_parameter_name(handle, offset + 1).map { String(cString: $0) }
        }
    }

    // MARK: - Under the lock

    /// Binds `values` by position to a statement the caller has reset, with the connection's
    /// lock held by the caller: the higher tiers' path, which skips the locking of
    /// ``bind(_:)-([Binding?])``.
    @usableFromInline
    package func bindLocked(_ values: [Binding?]) throws(Result) {
        guard values.count == parameterCount else { throw bindingCountMismatch(given: values.count) }
        // Borrow each element in place through the buffer: iterating the array would copy
        // every existential through generic value witnesses, costing more than the bind.
        let failure = values.withUnsafeBufferPointer { buffer -> (code: Int32, error: Result?)? in
            for offset in buffer.indices {
                let index = Int32(truncatingIfNeeded: offset + 1)
                do throws(Result) {
                    let code = try buffer[offset]?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
                    if code != SQLITE_OK { return (code, nil) }
                } catch {
                    return (error.code, error)
                }
            }
            return nil
        }
        if let failure {
            // Not runnable with the earlier values of the parameters after the failing one.
            bindingsDone(complete: false)
            if let error = failure.error { throw Result.misuse(error.message, code: error.code, statement: self) }
            throw connection.error(code: failure.code, statement: self)
        }
        bindingsSucceeded()
    }

    func bindLocked(_ values: [String: Binding?]) throws(Result) {
        bindingsDone(complete: false)
        // Which parameters got a value: a bit per parameter, on the stack.
        let words = (parameterCount + 63) / 64
        let names = nameTable()
        let boundCount = try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Swift.max(words, 1)) {
            bits throws(Result) -> Int in
            bits.initialize(repeating: 0)
            var boundCount = 0
            for (ordinal, position) in values.indices.enumerated() {
                let name = values.keys[position]
                guard let index = names.index(of: name, expected: ordinal) else {
                    throw unknownParameterError(named: name)
                }
                // Borrow the value in place (iterating the pairs would copy each existential).
                try bindValue(values.values[position], at: index)
                let word = Int(index - 1) / 64
                let bit = UInt64(1) << UInt64((index - 1) % 64)
                if bits[word] & bit == 0 {
                    bits[word] |= bit
                    boundCount += 1
                }
            }
            return boundCount
        }
        guard boundCount == parameterCount else {
            let bound = Set(values.keys.compactMap { try? indexForBinding(named: $0) })
            let missing = (1...Int32(Swift.max(parameterCount, 1))).filter { !bound.contains($0) }
                .map { sqlite3_bind_parameter_name(handle, $0).map { String(cString: $0) } ?? "?\($0)" }
            throw Result.misuse(
                "no value given for parameter(s) \(missing.joined(separator: ", "))", code: SQLITE_RANGE,
                statement: self)
        }
        bindingsSucceeded()
    }

    /// The index of parameter `name` (with or without its prefix), with the lock held.
    func indexForBinding(named name: String) throws(Result) -> Int32 {
        guard let index = nameTable().index(of: name, expected: 0) else {
            throw unknownParameterError(named: name)
        }
        return index
    }

    /// The names the parameters answer to, read from SQLite on first use and kept with the
    /// statement. Call with the lock held.
    @usableFromInline
    func nameTable() -> ParameterNameTable {
        if let table = parameterNameTable { return table }
        let table = ParameterNameTable(statement: handle, parameterCount: parameterCount)
        parameterNameTable = table
        return table
    }

    /// The error for binding a name no parameter has.
    @usableFromInline
    @inline(never)
    func unknownParameterError(named name: String) -> Result {
        .misuse("no parameter named \(name) in the statement", code: SQLITE_RANGE, statement: self)
    }

    func bindValue(_ value: Binding?, at index: Int32) throws(Result) {
        let code: Int32
        if let value {
            do {
                code = try value.bind(to: handle, at: index)
            } catch {
                // Attach the statement to errors raised by the value itself.
                throw Result.misuse(error.message, code: error.code, statement: self)
            }
        } else {
            code = sqlite3_bind_null(handle, index)
        }
        if code != SQLITE_OK { throw connection.error(code: code, statement: self) }
    }

    private func markBound(_ index: Int) {
        if bindingsComplete { return }
        var set = partialBindings ?? Set()
        set.insert(index)
        if set.count == parameterCount {
            bindingsComplete = true
            partialBindings = nil
        } else {
            partialBindings = set
        }
    }
}

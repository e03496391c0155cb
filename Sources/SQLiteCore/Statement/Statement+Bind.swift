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

    /// Binds an array of values to the parameters by position, after resetting the statement.
    @discardableResult
    public func bind(_ values: [Binding?]) -> Statement {
        connection.lock.withLock {
            sqlite3_reset(handle)
            do throws(Result) {
                try bindLocked(values)
            } catch {
                pendingError = error
            }
        }
        return self
    }

    /// Binds values to the parameters by name, after resetting the statement. Keys may carry
    /// their prefix (`":email"`, `"@email"`, `"$email"`) or not (`"email"`).
    @discardableResult
    public func bind(_ values: [String: Binding?]) -> Statement {
        connection.lock.withLock {
            sqlite3_reset(handle)
            do throws(Result) {
                try bindLocked(values)
            } catch {
                pendingError = error
            }
        }
        return self
    }

    /// Binds one value to parameter `index` (1-based), leaving the others as they are; throws
    /// at once for an index out of range or a value SQLite cannot store. After binding this
    /// way, every parameter must have been given a value before the statement runs.
    public func bind(_ value: Binding?, at index: Int) throws(Result) {
        try connection.lock.withLock { () throws(Result) in
            guard index >= 1, index <= parameterCount else {
                throw Result.misuse(
                    "parameter index \(index) is out of range 1...\(parameterCount)", code: SQLITE_RANGE,
                    statement: self)
            }
            sqlite3_reset(handle)
            try bindValue(value, at: Int32(index))
            markBound(index)
        }
    }

    /// Binds one value to the parameter named `name`; throws at once for an unknown name.
    public func bind(_ value: Binding?, named name: String) throws(Result) {
        try connection.lock.withLock { () throws(Result) in
            let index = try parameterIndex(named: name)
            sqlite3_reset(handle)
            try bindValue(value, at: index)
            markBound(Int(index))
        }
    }

    /// The 1-based index of the parameter `name` (with or without its prefix).
    public func parameterIndex(named name: String) throws(Result) -> Int32 {
        var index = sqlite3_bind_parameter_index(handle, name)
        if index == 0, let first = name.utf8.first, first != UInt8(ascii: ":"), first != UInt8(ascii: "@"),
            first != UInt8(ascii: "$")
        {
            for prefix in [":", "@", "$"] {
                index = sqlite3_bind_parameter_index(handle, prefix + name)
                if index != 0 { break }
            }
        }
        guard index != 0 else {
            throw Result.misuse("no parameter named \(name) in the statement", code: SQLITE_RANGE, statement: self)
        }
        return index
    }

    /// The parameter names in order (`nil` for positional `?` parameters).
    public var parameterNames: [String?] {
        (0..<Int32(parameterCount)).map { offset in
            sqlite3_bind_parameter_name(handle, offset + 1).map { String(cString: $0) }
        }
    }

    // MARK: - Under the lock

    @usableFromInline
    func bindLocked(_ values: [Binding?]) throws(Result) {
        pendingError = nil
        // Incomplete until every value is bound: a value failing part way must not leave the
        // statement runnable with the earlier values of the parameters after it.
        bindingsComplete = false
        guard values.count == parameterCount else {
            throw Result.misuse(
                "\(parameterCount) value(s) expected, \(values.count) given", code: SQLITE_RANGE,
                statement: self)
        }
        var index: Int32 = 1
        for value in values {
            try bindValue(value, at: index)
            index += 1
        }
        bindingsComplete = true
    }

    func bindLocked(_ values: [String: Binding?]) throws(Result) {
        pendingError = nil
        bindingsComplete = false
        var bound = Set<Int32>()
        for (name, value) in values {
            let index = try parameterIndex(named: name)
            try bindValue(value, at: index)
            bound.insert(index)
        }
        guard bound.count == parameterCount else {
            let missing = (1...Int32(Swift.max(parameterCount, 1))).filter { !bound.contains($0) }
                .map { sqlite3_bind_parameter_name(handle, $0).map { String(cString: $0) } ?? "?\($0)" }
            throw Result.misuse(
                "no value given for parameter(s) \(missing.joined(separator: ", "))", code: SQLITE_RANGE,
                statement: self)
        }
        bindingsComplete = true
    }

    @usableFromInline
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

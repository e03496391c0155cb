extension Connection {
    /// Creates (or replaces) an SQL function `function` backed by `block`, which receives the
    /// arguments as `Binding?` values and returns `Int64`, `Int`, `Bool` (as 0/1), `Double`,
    /// `String`, ``Blob`` or `nil`.
    ///
    /// ```swift
    /// try db.createFunction("reverse", argumentCount: 1, deterministic: true) { args in
    ///     (args[0] as? String).map { String($0.reversed()) }
    /// }
    /// try db.scalar("SELECT reverse('abc')")   // "cba"
    /// ```
    ///
    /// Unlike SQLite.swift's, this works on Linux (the closure is passed as a context pointer,
    /// not as an Objective-C block) and the block may throw: the error becomes the SQL
    /// statement's error instead of a crash.
    ///
    /// - Parameters:
    ///   - function: the SQL name.
    ///   - argumentCount: the number of arguments; `nil` for any number.
    ///   - deterministic: whether the result depends only on the arguments, which lets SQLite
    ///     use it in indexes and factor calls out (`SQLITE_DETERMINISTIC`).
    ///   - block: the implementation.
    public func createFunction(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        _ block: @escaping @Sendable (_ args: [Binding?]) throws -> Binding?
    ) throws(Result) {
        typealias Function = @Sendable ([Binding?]) throws -> Binding?
        let arity = try functionArity(argumentCount)
        let box = Unmanaged.passRetained(CallbackBox<Function>(block)).toOpaque()
        let code = connection.lock.withLock {
            sqlite3_create_function_v2(
                handle, function, arity, functionFlags(deterministic: deterministic), box,
                { context, count, values in
                    guard let pointer = sqlite3_user_data(context) else { return }
                    let arguments = FunctionValues.arguments(count, values)
                    do {
                        FunctionValues.setResult(
                            try CallbackBox<Function>.from(pointer).function(arguments), in: context)
                    } catch {
                        FunctionValues.setError(FunctionValues.message(for: error), in: context)
                    }
                }, nil, nil,
                { pointer in
                    guard let pointer else { return }
                    Unmanaged<CallbackBox<Function>>.fromOpaque(pointer).release()
                })
        }
        // On failure SQLite has already called the destructor, releasing the box.
        if code != SQLITE_OK { throw connection.lock.withLock { connection.error(code: code, statement: nil) } }
    }

    func functionFlags(deterministic: Bool) -> Int32 {
        SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
    }
}

/// SQLite's arity for an optional argument count: -1 for "any number".
func functionArity(_ argumentCount: UInt?) throws(Result) -> Int32 {
    guard let argumentCount else { return -1 }
    // SQLite checks the upper limit (SQLITE_MAX_FUNCTION_ARG) itself.
    guard let arity = Int32(exactly: argumentCount) else {
        throw Result.misuse("\(argumentCount) is too many arguments for a function", code: SQLITE_RANGE)
    }
    return arity
}

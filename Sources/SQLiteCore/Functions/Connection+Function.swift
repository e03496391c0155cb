extension Connection {
    /// Creates (or replaces) an SQL function `function` backed by `block`, which receives the
    /// arguments as `Binding?` values and returns `Int64`, `Int`, `Bool` (as 0/1), `Double`,
    /// `String`, ``Blob`` or `nil`.
    ///
    /// ```swift
    /// db.createFunction("reverse", argumentCount: 1, deterministic: true) { args in
    ///     (args[0] as? String).map { String($0.reversed()) }
    /// }
    /// try db.scalar("SELECT reverse('abc')")   // "cba"
    /// ```
    ///
    /// The signature is SQLite.swift's: the call does not throw. It also works on Linux (the
    /// closure is passed as a context pointer, not as an Objective-C block), and the block may
    /// throw: the error becomes the SQL statement's error.
    ///
    /// Should SQLite refuse the registration (a name longer than 255 bytes, too many
    /// arguments, or redefining a function while a statement using it is part way through its
    /// rows), the failure is reported where the function is used: SQL calling it fails with the
    /// registration's error, as do calls to a definition SQLite kept. Use
    /// ``defineFunction(_:argumentCount:deterministic:_:)`` to have it thrown at once.
    ///
    /// - Parameters:
    ///   - function: the SQL name.
    ///   - argumentCount: the number of arguments; `nil` for any number.
    ///   - deterministic: whether the result depends only on the arguments, which lets SQLite
    ///     use it in indexes and factor calls out (`SQLITE_DETERMINISTIC`).
    ///   - block: the implementation. It runs on the thread stepping the statement, with the
    ///     connection's lock held.
    @preconcurrency
    public func createFunction(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        _ block: @escaping @Sendable (_ args: [Binding?]) throws -> Binding?
    ) {
        _ = registerFunction(function, argumentCount, deterministic, ScalarFunction(block))
    }

    /// ``createFunction(_:argumentCount:deterministic:_:)``, throwing at once when SQLite
    /// refuses the registration.
    ///
    /// ```swift
    /// try db.defineFunction("reverse", argumentCount: 1, deterministic: true) { args in
    ///     (args[0] as? String).map { String($0.reversed()) }
    /// }
    /// ```
    ///
    /// - Throws: ``Result`` when the function cannot be registered.
    @preconcurrency
    public func defineFunction(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        _ block: @escaping @Sendable (_ args: [Binding?]) throws -> Binding?
    ) throws {
        if let error = registerFunction(function, argumentCount, deterministic, ScalarFunction(block)) { throw error }
    }

    /// Registers a scalar function, an aggregate or a window function; returns the error when
    /// SQLite refuses it, after recording it for the function's later uses.
    func registerFunction(
        _ name: String, _ argumentCount: UInt?, _ deterministic: Bool, _ function: RegisteredFunction
    ) -> Result? {
        connection.lock.withLock { () -> Result? in
            if connection.isClosed { return connection.closedError() }
            // SQLite's own limit (SQLITE_MAX_FUNCTION_ARG) applies to counts that fit an Int32.
            let arity = argumentCount.map { Int32(clamping: $0) } ?? -1
            let flags = SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
            // SQLite holds a reference until it drops the function, or at once on failure.
            let pointer = Unmanaged.passRetained(function).toOpaque()
            let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
                guard let pointer else { return }
                Unmanaged<RegisteredFunction>.fromOpaque(pointer).release()
            }
            let code: Int32
            if let aggregate = function as? AggregateFunction {
                let window = aggregate.isWindow
                code = sqlite3_create_window_function(
                    handle, name, arity, flags, pointer, { AggregateFunction.from($0)?.step($0, $1, $2) },
                    { AggregateFunction.from($0)?.final($0) }, window ? { AggregateFunction.from($0)?.value($0) } : nil,
                    window ? { AggregateFunction.from($0)?.inverse($0, $1, $2) } : nil, release)
            } else {
                code = sqlite3_create_function_v2(
                    handle, name, arity, flags, pointer, { ScalarFunction.from($0)?.call($0, $1, $2) }, nil, nil,
                    release)
            }
            guard code == SQLITE_OK else {
                let error = registrationError(name, code)
                connection.functions.failed(error, name: name, arity: arity)
                return error
            }
            connection.functions.registered(function, name: name, arity: arity)
            return nil
        }
    }

    /// The error for a registration SQLite refused with `code`. Some refusals leave no message
    /// of their own (the connection's message is then about an earlier call): SQLite's text for
    /// the code stands in.
    private func registrationError(_ name: String, _ code: Int32) -> Result {
        let detail =
            sqlite3_errcode(handle) == code
            ? String(cString: sqlite3_errmsg(handle)) : String(cString: sqlite3_errstr(code))
        return Result(
            message: "cannot register SQL function \(name): \(detail)", primaryCode: code & 0xFF, extendedCode: code,
            statement: nil, extended: connection.usesExtendedErrorCodes)
    }
}

/// A scalar function's closure, called from SQLite's C callback.
final class ScalarFunction: RegisteredFunction, @unchecked Sendable {
    let block: @Sendable ([Binding?]) throws -> Binding?

    init(_ block: @escaping @Sendable ([Binding?]) throws -> Binding?) { self.block = block }

    func call(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        if reportsFailure(in: context) { return }
        FunctionValues.setResult(in: context) { try block(FunctionValues.arguments(count, values)) }
    }
}

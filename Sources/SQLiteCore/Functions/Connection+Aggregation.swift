extension Connection {
    /// Creates an aggregate SQL function from an initial value, a `reduce` step called for
    /// each row, and a `result` that turns the final value into the SQL result.
    ///
    /// ```swift
    /// try db.createAggregation(
    ///     "customConcat", initialValue: "",
    ///     reduce: { last, args in last + " " + (args.first as? String ?? "") },
    ///     result: { $0 })
    /// try db.scalar("SELECT customConcat(email) FROM users")
    /// ```
    ///
    /// Each aggregate evaluation (each group) starts again from `initialValue`.
    public func createAggregation<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false, initialValue: T,
        reduce: @escaping @Sendable (T, [Binding?]) throws -> T, result: @escaping @Sendable (T) throws -> Binding?
    ) throws(Result) {
        nonisolated(unsafe) let initial = initialValue
        try createAggregation(
            functionName, argumentCount: argumentCount, deterministic: deterministic,
            factory: { initial }, reduce: reduce, result: result)
    }

    /// Creates an aggregate SQL function whose state is an object made fresh for each
    /// evaluation by `initialValue` (the class-based form: mutate the object in `reduce`).
    ///
    /// ```swift
    /// final class Stats { var count = 0; var sum = 0.0 }
    /// try db.createAggregation(
    ///     "mean", argumentCount: 1, initialValue: { Stats() },
    ///     reduce: { stats, args in
    ///         stats.count += 1
    ///         stats.sum += args[0] as? Double ?? 0
    ///         return stats
    ///     },
    ///     result: { $0.count == 0 ? nil : $0.sum / Double($0.count) })
    /// ```
    public func createAggregation<T: AnyObject>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @escaping @Sendable () -> T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) throws(Result) {
        try createAggregation(
            aggregate, argumentCount: argumentCount, deterministic: deterministic, factory: initialValue,
            reduce: reduce, result: result)
    }

    private func createAggregation<T>(
        _ name: String, argumentCount: UInt?, deterministic: Bool, factory: @escaping @Sendable () -> T,
        reduce: @escaping @Sendable (T, [Binding?]) throws -> T, result: @escaping @Sendable (T) throws -> Binding?
    ) throws(Result) {
        let arity = try functionArity(argumentCount)
        let definition = AggregateDefinition(factory: factory, reduce: reduce, result: result)
        let box = Unmanaged.passRetained(definition as AnyAggregateDefinition).toOpaque()
        let code = connection.lock.withLock {
            sqlite3_create_function_v2(
                handle, name, arity, functionFlags(deterministic: deterministic), box, nil,
                { context, count, values in
                    guard let pointer = sqlite3_user_data(context) else { return }
                    Unmanaged<AnyAggregateDefinition>.fromOpaque(pointer).takeUnretainedValue()
                        .step(context, count, values)
                },
                { context in
                    guard let pointer = sqlite3_user_data(context) else { return }
                    Unmanaged<AnyAggregateDefinition>.fromOpaque(pointer).takeUnretainedValue().final(context)
                },
                { pointer in
                    guard let pointer else { return }
                    Unmanaged<AnyAggregateDefinition>.fromOpaque(pointer).release()
                })
        }
        if code != SQLITE_OK { throw connection.lock.withLock { connection.error(code: code, statement: nil) } }
    }
}

/// The type-erased face of an aggregate, called from SQLite's C callbacks.
class AnyAggregateDefinition: @unchecked Sendable {
    func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {}
    func final(_ context: OpaquePointer?) {}
}

/// An aggregate's functions. The running state of one evaluation lives in a box whose pointer
/// is stored in SQLite's aggregate context, created at the first row and released by `final`
/// (which SQLite calls once per evaluation, also when the statement is reset early).
final class AggregateDefinition<T>: AnyAggregateDefinition, @unchecked Sendable {
    final class State {
        var value: T
        var failed = false
        init(_ value: T) { self.value = value }
    }

    let factory: @Sendable () -> T
    let reduce: @Sendable (T, [Binding?]) throws -> T
    let result: @Sendable (T) throws -> Binding?

    init(
        factory: @escaping @Sendable () -> T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) {
        self.factory = factory
        self.reduce = reduce
        self.result = result
    }

    private typealias Slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>

    override func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let raw = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)) else {
            sqlite3_result_error_nomem(context)
            return
        }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let state: State
        if let existing = slot.pointee {
            state = Unmanaged<State>.fromOpaque(existing).takeUnretainedValue()
        } else {
            state = State(factory())
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
        }
        if state.failed { return }
        do {
            state.value = try reduce(state.value, FunctionValues.arguments(count, values))
        } catch {
            state.failed = true
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }

    override func final(_ context: OpaquePointer?) {
        // Size 0: look up the context without creating one (no rows means no step was made).
        let value: T
        var failed = false
        if let raw = sqlite3_aggregate_context(context, 0),
            let pointer = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee
        {
            let state = Unmanaged<State>.fromOpaque(pointer).takeRetainedValue()
            value = state.value
            failed = state.failed
        } else {
            value = factory()
        }
        if failed { return }
        do {
            FunctionValues.setResult(try result(value), in: context)
        } catch {
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }
}

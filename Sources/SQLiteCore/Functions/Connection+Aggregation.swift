extension Connection {
    /// Creates an aggregate SQL function from an initial value, a `reduce` step called for
    /// each row, and a `result` that turns the final value into the SQL result.
    ///
    /// ```swift
    /// db.createAggregation(
    ///     "customConcat", initialValue: "",
    ///     reduce: { last, args in last + " " + (args.first as? String ?? "") },
    ///     result: { $0 })
    /// try db.scalar("SELECT customConcat(email) FROM users")
    /// ```
    ///
    /// Each aggregate evaluation (each group) starts again from `initialValue`. The signature
    /// is SQLite.swift's: the call does not throw (a refused registration is reported where the
    /// aggregate is used, as ``createFunction(_:argumentCount:deterministic:_:)`` describes),
    /// and `reduce` and `result` may throw: the error becomes the SQL statement's error.
    @preconcurrency
    public func createAggregation<T>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false, initialValue: T,
        reduce: @escaping @Sendable (T, [Binding?]) throws -> T, result: @escaping @Sendable (T) throws -> Binding?
    ) {
        _ = registerFunction(
            aggregate, argumentCount, deterministic, ReduceAggregate(initialValue, reduce: reduce, result: result))
    }

    /// `createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`
    /// for an object state, as SQLite.swift declares it: every evaluation starts from the
    /// same `initialValue` object, so `reduce` should return a new object rather than mutate
    /// it. Use the form taking a closure for an object made fresh for each evaluation.
    @preconcurrency
    public func createAggregation<T: AnyObject>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false, initialValue: T,
        reduce: @escaping @Sendable (T, [Binding?]) throws -> T, result: @escaping @Sendable (T) throws -> Binding?
    ) {
        _ = registerFunction(
            aggregate, argumentCount, deterministic, ReduceAggregate(initialValue, reduce: reduce, result: result))
    }

    /// Creates an aggregate SQL function whose state is an object made fresh for each
    /// evaluation by `initialValue` (mutate the object in `reduce`).
    ///
    /// ```swift
    /// final class Stats { var count = 0; var sum = 0.0 }
    /// db.createAggregation(
    ///     "mean", argumentCount: 1, initialValue: { Stats() },
    ///     reduce: { stats, args in
    ///         stats.count += 1
    ///         stats.sum += args[0] as? Double ?? 0
    ///         return stats
    ///     },
    ///     result: { $0.count == 0 ? nil : $0.sum / Double($0.count) })
    /// ```
    @preconcurrency
    public func createAggregation<T: AnyObject>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @escaping @Sendable () -> T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) {
        _ = registerFunction(
            aggregate, argumentCount, deterministic,
            ReduceAggregate(factory: initialValue, reduce: reduce, result: result))
    }

    /// Creates an aggregate SQL function over state that the caller allocates and frees, as
    /// SQLite.swift declares it: `state` allocates the state of an evaluation (each group),
    /// `step` updates it for each row, and `final` makes the SQL result from it and frees it.
    ///
    /// ```swift
    /// db.createAggregation(
    ///     "total", argumentCount: 1,
    ///     step: { args, sum in sum.pointee += args[0] as? Double ?? 0 },
    ///     final: { sum in
    ///         defer { sum.deallocate() }
    ///         return sum.pointee
    ///     },
    ///     state: {
    ///         let sum = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    ///         sum.initialize(to: 0)
    ///         return sum
    ///     })
    /// ```
    ///
    /// `final` is called exactly once for each state `state` made: also for a group with no
    /// rows, and also after `step` threw (its result is then ignored and the step's error
    /// reported), so it can always free the state.
    @preconcurrency
    public func createAggregation<T>(
        _ functionName: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        step: @escaping @Sendable ([Binding?], UnsafeMutablePointer<T>) throws -> Void,
        final: @escaping @Sendable (UnsafeMutablePointer<T>) throws -> Binding?,
        state: @escaping @Sendable () -> UnsafeMutablePointer<T>
    ) {
        _ = registerFunction(
            functionName, argumentCount, deterministic, ReduceAggregate(pointerState: state, step: step, final: final))
    }

    /// `createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`,
    /// throwing at once when SQLite refuses the registration.
    ///
    /// ```swift
    /// try db.defineAggregation(
    ///     "total", initialValue: 0.0, reduce: { sum, args in sum + (args[0] as? Double ?? 0) },
    ///     result: { $0 })
    /// ```
    @preconcurrency
    public func defineAggregation<T>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false, initialValue: T,
        reduce: @escaping @Sendable (T, [Binding?]) throws -> T, result: @escaping @Sendable (T) throws -> Binding?
    ) throws {
        let function = ReduceAggregate(initialValue, reduce: reduce, result: result)
        if let error = registerFunction(aggregate, argumentCount, deterministic, function) { throw error }
    }

    /// The form of `createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)`
    /// taking a fresh object for each evaluation, throwing at once when SQLite refuses the
    /// registration.
    @preconcurrency
    public func defineAggregation<T: AnyObject>(
        _ aggregate: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @escaping @Sendable () -> T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) throws {
        let function = ReduceAggregate(factory: initialValue, reduce: reduce, result: result)
        if let error = registerFunction(aggregate, argumentCount, deterministic, function) { throw error }
    }
}

/// The type-erased face of an aggregate, called from SQLite's C callbacks.
class AggregateFunction: RegisteredFunction, @unchecked Sendable {
    func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {}
    func final(_ context: OpaquePointer?) {}
}

/// An aggregate's functions. The running state of one evaluation lives in a box whose pointer
/// is stored in SQLite's aggregate context, created at the first row and released by `final`
/// (which SQLite calls once per evaluation, also when the statement is reset early or a step
/// failed).
///
/// SQLite calls these only while a statement steps, with the connection's lock held, which
/// serializes every use of the closures and of the values they share.
final class ReduceAggregate<T>: AggregateFunction, @unchecked Sendable {
    final class State {
        var value: T
        var failed = false
        init(_ value: T) { self.value = value }
    }

    let factory: () -> T
    let reduce: ([Binding?], T) throws -> T
    let result: (T) throws -> Binding?
    /// Called instead of `result` for an evaluation whose step failed, to free its state.
    let discard: ((T) -> Void)?

    private init(
        factory: @escaping () -> T, reduce: @escaping ([Binding?], T) throws -> T,
        result: @escaping (T) throws -> Binding?, discard: ((T) -> Void)?
    ) {
        self.factory = factory
        self.reduce = reduce
        self.result = result
        self.discard = discard
    }

    /// Each evaluation starts from a copy of `initialValue` (the same object, for a class).
    convenience init(
        _ initialValue: T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) {
        self.init(
            factory: { initialValue }, reduce: { arguments, value in try reduce(value, arguments) }, result: result,
            discard: nil)
    }

    /// Each evaluation starts from a value `factory` makes.
    convenience init(
        factory: @escaping @Sendable () -> T, reduce: @escaping @Sendable (T, [Binding?]) throws -> T,
        result: @escaping @Sendable (T) throws -> Binding?
    ) {
        self.init(
            factory: factory, reduce: { arguments, value in try reduce(value, arguments) }, result: result,
            discard: nil)
    }

    /// The state is memory the caller's closures allocate, update and free.
    convenience init<Pointee>(
        pointerState state: @escaping @Sendable () -> T,
        step: @escaping @Sendable ([Binding?], T) throws -> Void, final: @escaping @Sendable (T) throws -> Binding?
    ) where T == UnsafeMutablePointer<Pointee> {
        self.init(
            factory: state,
            reduce: { arguments, pointer in
                try step(arguments, pointer)
                return pointer
            }, result: final, discard: { pointer in _ = try? final(pointer) })
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
        if let failure {
            state.failed = true
            FunctionValues.setError(failure.message, in: context)
            return
        }
        do {
            state.value = try reduce(FunctionValues.arguments(count, values), state.value)
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
            if let failure {
                FunctionValues.setError(failure.message, in: context)
                return
            }
            value = factory()
        }
        if failed {
            discard?(value)
            return
        }
        do {
            FunctionValues.setResult(try result(value), in: context)
        } catch {
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }
}

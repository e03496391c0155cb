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
        let function = Aggregate(initial: { initialValue }, reduce: reduce, result: result)
        _ = registerFunction(aggregate, argumentCount, deterministic, function)
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
        let function = Aggregate(initial: { initialValue }, reduce: reduce, result: result)
        _ = registerFunction(aggregate, argumentCount, deterministic, function)
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
            aggregate, argumentCount, deterministic, Aggregate(initial: initialValue, reduce: reduce, result: result))
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
        let aggregate = Aggregate(
            initial: state, step: { pointer, arguments in try step(arguments, pointer) }, final: final,
            discard: { pointer in _ = try? final(pointer) })
        _ = registerFunction(functionName, argumentCount, deterministic, aggregate)
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
        let function = Aggregate(initial: { initialValue }, reduce: reduce, result: result)
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
        let function = Aggregate(initial: initialValue, reduce: reduce, result: result)
        if let error = registerFunction(aggregate, argumentCount, deterministic, function) { throw error }
    }
}

/// An aggregate or window function, as SQLite's C callbacks see it (``Aggregate`` holds the
/// closures).
class AggregateFunction: RegisteredFunction, @unchecked Sendable {
    /// Whether SQLite gets ``value(_:)`` and ``inverse(_:_:_:)``: a window function.
    var isWindow: Bool { false }
    func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {}
    func inverse(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {}
    func value(_ context: OpaquePointer?) {}
    func final(_ context: OpaquePointer?) {}
}

/// An aggregate's or window function's closures. The state of one evaluation (a group, or a
/// window) lives in a box whose pointer is stored in SQLite's aggregate context, created at the
/// first row and released by `final`, which SQLite calls once per evaluation, also when the
/// statement fails or is reset early.
///
/// SQLite calls these only while a statement steps, with the connection's lock held, which
/// serializes every use of the closures and of the states.
final class Aggregate<State>: AggregateFunction, @unchecked Sendable {
    final class Box {
        var state: State
        var failed = false
        init(_ state: State) { self.state = state }
    }

    let initial: () -> State
    let stepRow: (inout State, [Binding?]) throws -> Void
    /// A window function's: removes a row from the window, and gives the current result.
    let inverseRow: ((inout State, [Binding?]) throws -> Void)?
    let currentValue: ((State) throws -> Binding?)?
    let result: (State) throws -> Binding?
    /// Called instead of `result` for an evaluation whose step failed, to free its state.
    let discard: ((State) -> Void)?

    init(
        initial: @escaping () -> State, step: @escaping (inout State, [Binding?]) throws -> Void,
        inverse: ((inout State, [Binding?]) throws -> Void)? = nil, value: ((State) throws -> Binding?)? = nil,
        final: @escaping (State) throws -> Binding?, discard: ((State) -> Void)? = nil
    ) {
        self.initial = initial
        stepRow = step
        inverseRow = inverse
        currentValue = value
        result = final
        self.discard = discard
    }

    /// SQLite.swift's aggregates: `reduce` returns the next state.
    convenience init(
        initial: @escaping () -> State, reduce: @escaping @Sendable (State, [Binding?]) throws -> State,
        result: @escaping @Sendable (State) throws -> Binding?
    ) {
        self.init(initial: initial, step: { state, arguments in state = try reduce(state, arguments) }, final: result)
    }

    override var isWindow: Bool { inverseRow != nil }

    /// The box of the evaluation, made at its first row.
    private func box(_ context: OpaquePointer?) -> Box? {
        guard let raw = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)) else {
            sqlite3_result_error_nomem(context)
            return nil
        }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let existing = slot.pointee { return Unmanaged<Box>.fromOpaque(existing).takeUnretainedValue() }
        let box = Box(initial())
        slot.pointee = Unmanaged.passRetained(box).toOpaque()
        return box
    }

    /// The box of the evaluation, without making one (no row was added yet).
    private func existingBox(_ context: OpaquePointer?) -> Unmanaged<Box>? {
        // Size 0: look up the context without creating one.
        sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee
            .map { Unmanaged<Box>.fromOpaque($0) }
    }

    private func apply(
        _ change: ((inout State, [Binding?]) throws -> Void)?, _ context: OpaquePointer?, _ count: Int32,
        _ values: UnsafeMutablePointer<OpaquePointer?>?
    ) {
        guard let change, let box = box(context), !box.failed else { return }
        if reportsFailure(in: context) {
            box.failed = true
            return
        }
        do {
            try change(&box.state, FunctionValues.arguments(count, values))
        } catch {
            box.failed = true
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }

    override func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        apply(stepRow, context, count, values)
    }

    override func inverse(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        apply(inverseRow, context, count, values)
    }

    override func value(_ context: OpaquePointer?) {
        guard let currentValue, !reportsFailure(in: context) else { return }
        let box = existingBox(context)?.takeUnretainedValue()
        // The failing step reported its error: the statement does not ask again.
        if box?.failed == true { return }
        FunctionValues.setResult(in: context) { try currentValue(box?.state ?? initial()) }
    }

    override func final(_ context: OpaquePointer?) {
        let state: State
        // Releases the box: SQLite calls this once per evaluation.
        if let box = existingBox(context)?.takeRetainedValue() {
            if box.failed {
                discard?(box.state)
                return
            }
            state = box.state
        } else {
            if reportsFailure(in: context) { return }
            state = initial()
        }
        FunctionValues.setResult(in: context) { try result(state) }
    }
}

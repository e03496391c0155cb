extension Connection {
    /// Creates an aggregate SQL function that also works as a window function
    /// (`sqlite3_create_window_function`): `step` adds a row to the state of a window,
    /// `inverse` removes the oldest row as the window frame moves on, `value` gives the result
    /// for the current frame, and `final` the result when the window (or, used as a plain
    /// aggregate, the group) is done.
    ///
    /// ```swift
    /// db.createWindowFunction(
    ///     "sumInt", argumentCount: 1, initialValue: Int64(0),
    ///     step: { sum, args in sum += args[0] as? Int64 ?? 0 },
    ///     inverse: { sum, args in sum -= args[0] as? Int64 ?? 0 },
    ///     value: { $0 })
    /// try db.prepare("""
    ///     SELECT x, sumInt(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t
    ///     """)
    /// ```
    ///
    /// Each window (each partition, or each group of a plain aggregate) starts from a fresh
    /// `initialValue`, evaluated then (so `initialValue: Stats()` makes an object per window).
    /// `final` defaults to `value`. The closures may throw: the error becomes the SQL
    /// statement's error. They run on the thread stepping the statement, with the
    /// connection's lock held: they must not use the connection. The state is released when
    /// SQLite finalizes the window, also when the statement fails or is reset early.
    ///
    /// Like ``createAggregation(_:argumentCount:deterministic:initialValue:reduce:result:)-8er8h``,
    /// the call does not throw: a refused registration is reported where the function is
    /// used. ``defineWindowFunction(_:argumentCount:deterministic:initialValue:step:inverse:value:final:)``
    /// throws it at once.
    @preconcurrency
    public func createWindowFunction<State>(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @autoclosure @escaping @Sendable () -> State,
        step: @escaping @Sendable (_ state: inout State, _ args: [Binding?]) throws -> Void,
        inverse: @escaping @Sendable (_ state: inout State, _ args: [Binding?]) throws -> Void,
        value: @escaping @Sendable (_ state: State) throws -> Binding?,
        final: (@Sendable (_ state: State) throws -> Binding?)? = nil
    ) {
        _ = registerFunction(
            function, argumentCount, deterministic,
            WindowAggregate(
                initialValue: initialValue, step: step, inverse: inverse, value: value, final: final ?? value))
    }

    /// ``createWindowFunction(_:argumentCount:deterministic:initialValue:step:inverse:value:final:)``,
    /// throwing at once when SQLite refuses the registration.
    ///
    /// ```swift
    /// try db.defineWindowFunction(
    ///     "sumInt", argumentCount: 1, initialValue: Int64(0),
    ///     step: { sum, args in sum += args[0] as? Int64 ?? 0 },
    ///     inverse: { sum, args in sum -= args[0] as? Int64 ?? 0 },
    ///     value: { $0 })
    /// ```
    ///
    /// - Throws: ``Result`` when the function cannot be registered.
    @preconcurrency
    public func defineWindowFunction<State>(
        _ function: String, argumentCount: UInt? = nil, deterministic: Bool = false,
        initialValue: @autoclosure @escaping @Sendable () -> State,
        step: @escaping @Sendable (_ state: inout State, _ args: [Binding?]) throws -> Void,
        inverse: @escaping @Sendable (_ state: inout State, _ args: [Binding?]) throws -> Void,
        value: @escaping @Sendable (_ state: State) throws -> Binding?,
        final: (@Sendable (_ state: State) throws -> Binding?)? = nil
    ) throws {
        let window = WindowAggregate(
            initialValue: initialValue, step: step, inverse: inverse, value: value, final: final ?? value)
        if let error = registerFunction(function, argumentCount, deterministic, window) { throw error }
    }

    /// Registers `pointer` (a retained ``WindowAggregateFunction``) with SQLite's four window
    /// callbacks. Call with the lock held.
    static func registerWindowFunction(
        _ handle: OpaquePointer, _ name: String, _ arity: Int32, _ flags: Int32, _ pointer: UnsafeMutableRawPointer,
        _ release: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void
    ) -> Int32 {
        sqlite3_create_window_function(
            handle, name, arity, flags, pointer,
            { context, count, values in
                guard let pointer = sqlite3_user_data(context) else { return }
                Unmanaged<WindowAggregateFunction>.fromOpaque(pointer).takeUnretainedValue().step(
                    context, count, values)
            },
            { context in
                guard let pointer = sqlite3_user_data(context) else { return }
                Unmanaged<WindowAggregateFunction>.fromOpaque(pointer).takeUnretainedValue().final(context)
            },
            { context in
                guard let pointer = sqlite3_user_data(context) else { return }
                Unmanaged<WindowAggregateFunction>.fromOpaque(pointer).takeUnretainedValue().value(context)
            },
            { context, count, values in
                guard let pointer = sqlite3_user_data(context) else { return }
                Unmanaged<WindowAggregateFunction>.fromOpaque(pointer).takeUnretainedValue().inverse(
                    context, count, values)
            }, release)
    }
}

/// The type-erased face of a window function, called from SQLite's C callbacks.
class WindowAggregateFunction: AggregateFunction, @unchecked Sendable {
    func value(_ context: OpaquePointer?) {}
    func inverse(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {}
}

/// A window function's closures. The state of one window lives in a box whose pointer is
/// stored in SQLite's aggregate context, created at the first row and released by `final`,
/// which SQLite calls once per window, also when the statement fails or is reset early.
///
/// SQLite calls these only while a statement steps, with the connection's lock held, which
/// serializes every use of the closures and of the states.
final class WindowAggregate<State>: WindowAggregateFunction, @unchecked Sendable {
    final class Box {
        var state: State
        var failed = false
        init(_ state: State) { self.state = state }
    }

    let initialValue: () -> State
    let stepRow: (inout State, [Binding?]) throws -> Void
    let inverseRow: (inout State, [Binding?]) throws -> Void
    let currentValue: (State) throws -> Binding?
    let finalValue: (State) throws -> Binding?

    init(
        initialValue: @escaping @Sendable () -> State,
        step: @escaping @Sendable (inout State, [Binding?]) throws -> Void,
        inverse: @escaping @Sendable (inout State, [Binding?]) throws -> Void,
        value: @escaping @Sendable (State) throws -> Binding?, final: @escaping @Sendable (State) throws -> Binding?
    ) {
        self.initialValue = initialValue
        stepRow = step
        inverseRow = inverse
        currentValue = value
        finalValue = final
    }

    /// The box of the window being evaluated, made at its first row.
    private func box(_ context: OpaquePointer?) -> Box? {
        guard let raw = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)) else {
            sqlite3_result_error_nomem(context)
            return nil
        }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let existing = slot.pointee { return Unmanaged<Box>.fromOpaque(existing).takeUnretainedValue() }
        let box = Box(initialValue())
        slot.pointee = Unmanaged.passRetained(box).toOpaque()
        return box
    }

    /// The box of the window being evaluated, without making one (no row was added yet).
    private func existingBox(_ context: OpaquePointer?) -> UnsafeMutableRawPointer? {
        sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee
    }

    private func apply(
        _ change: (inout State, [Binding?]) throws -> Void, _ context: OpaquePointer?, _ count: Int32,
        _ values: UnsafeMutablePointer<OpaquePointer?>?
    ) {
        guard let box = box(context), !box.failed else { return }
        if let failure {
            box.failed = true
            FunctionValues.setError(failure.message, in: context)
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
        if let failure {
            FunctionValues.setError(failure.message, in: context)
            return
        }
        let state: State
        if let pointer = existingBox(context) {
            let box = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
            // The failing step reported its error: the statement does not ask again.
            if box.failed { return }
            state = box.state
        } else {
            state = initialValue()
        }
        do {
            FunctionValues.setResult(try currentValue(state), in: context)
        } catch {
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }

    override func final(_ context: OpaquePointer?) {
        let state: State
        if let pointer = existingBox(context) {
            // Releases the box: SQLite calls this once per window.
            let box = Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue()
            if box.failed { return }
            state = box.state
        } else {
            if let failure {
                FunctionValues.setError(failure.message, in: context)
                return
            }
            state = initialValue()
        }
        do {
            FunctionValues.setResult(try finalValue(state), in: context)
        } catch {
            FunctionValues.setError(FunctionValues.message(for: error), in: context)
        }
    }
}

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
            Aggregate(initial: initialValue, step: step, inverse: inverse, value: value, final: final ?? value))
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
        let window = Aggregate(initial: initialValue, step: step, inverse: inverse, value: value, final: final ?? value)
        if let error = registerFunction(function, argumentCount, deterministic, window) { throw error }
    }
}

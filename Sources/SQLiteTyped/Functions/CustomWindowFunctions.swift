extension Connection {
    /// Registers the window function `function` taking 1 argument (see Core's
    /// `defineWindowFunction`) and returns a Swift function building calls to it, to use with
    /// ``ExpressionType/over(partitionBy:orderBy:)`` or as a plain aggregate:
    ///
    /// ```swift
    /// let runningTotal: (Expression<Int64>) -> Expression<Int64> = try db.createWindowFunction(
    ///     "runningTotal", initialValue: Int64(0),
    ///     step: { total, amount in total += amount },
    ///     inverse: { total, amount in total -= amount },
    ///     value: { $0 })
    /// sales.select(day, runningTotal(amount).over(partitionBy: [shop], orderBy: [day]))
    /// // SELECT "day", "runningTotal"("amount") OVER (PARTITION BY "shop" ORDER BY "day") FROM "sales"
    /// ```
    ///
    /// `step` adds a row's argument to the window's state, `inverse` removes it as the frame
    /// moves on, `value` gives the result for the current frame, and `final` (default:
    /// `value`) the result when the window is done. Each window starts from a fresh
    /// `initialValue`. Arguments of the wrong type, or `NULL` for a non-optional argument,
    /// make the SQL call fail, as do errors the closures throw.
    @preconcurrency
    public func createWindowFunction<Z: FunctionValue, A: FunctionValue, State>(
        _ function: String, deterministic: Bool = false, initialValue: @autoclosure @escaping @Sendable () -> State,
        step: @escaping @Sendable (inout State, A) throws -> Void,
        inverse: @escaping @Sendable (inout State, A) throws -> Void,
        value: @escaping @Sendable (State) throws -> Z,
        final: (@Sendable (State) throws -> Z)? = nil
    ) throws -> @Sendable (Expression<A>) -> Expression<Z> {
        let final = final ?? value
        try defineWindowFunction(
            function, argumentCount: 1, deterministic: deterministic, initialValue: initialValue(),
            step: { state, arguments in try step(&state, A.fromArgument(arguments[0])) },
            inverse: { state, arguments in try inverse(&state, A.fromArgument(arguments[0])) },
            value: { try value($0).functionResult }, final: { try final($0).functionResult })
        let name = SQLText.quote(function)
        return { a in SQLText.call(name, [a] as [Expressible]) }
    }

    /// Registers the window function `function` taking 2 arguments and returns a Swift
    /// function building calls to it (see
    /// ``createWindowFunction(_:deterministic:initialValue:step:inverse:value:final:)``):
    ///
    /// ```swift
    /// let weightedSum: (Expression<Double>, Expression<Double>) -> Expression<Double> =
    ///     try db.createWindowFunction(
    ///         "weightedSum", initialValue: 0.0,
    ///         step: { sum, value, weight in sum += value * weight },
    ///         inverse: { sum, value, weight in sum -= value * weight },
    ///         value: { $0 })
    /// ```
    @preconcurrency
    public func createWindowFunction<Z: FunctionValue, A: FunctionValue, B: FunctionValue, State>(
        _ function: String, deterministic: Bool = false, initialValue: @autoclosure @escaping @Sendable () -> State,
        step: @escaping @Sendable (inout State, A, B) throws -> Void,
        inverse: @escaping @Sendable (inout State, A, B) throws -> Void,
        value: @escaping @Sendable (State) throws -> Z,
        final: (@Sendable (State) throws -> Z)? = nil
    ) throws -> @Sendable (Expression<A>, Expression<B>) -> Expression<Z> {
        let final = final ?? value
        try defineWindowFunction(
            function, argumentCount: 2, deterministic: deterministic, initialValue: initialValue(),
            step: { state, arguments in
                try step(&state, A.fromArgument(arguments[0]), B.fromArgument(arguments[1]))
            },
            inverse: { state, arguments in
                try inverse(&state, A.fromArgument(arguments[0]), B.fromArgument(arguments[1]))
            },
            value: { try value($0).functionResult }, final: { try final($0).functionResult })
        let name = SQLText.quote(function)
        return { a, b in SQLText.call(name, [a, b] as [Expressible]) }
    }
}

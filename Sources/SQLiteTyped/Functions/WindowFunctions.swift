// SQLite's window functions (https://www.sqlite.org/windowfunctions.html). Each takes the
// window's ordering, `OVER (ORDER BY ...)`; the `partitionBy:` forms add `PARTITION BY`, and
// ``ExpressionType/over(partitionBy:orderBy:)`` turns any aggregate into a window function.

/// `function OVER (PARTITION BY ... ORDER BY ...)`.
func windowed<T>(_ function: Expression<Void>, partitionBy: [Expressible], orderBy: [Expressible]) -> Expression<T> {
    let partition = SQLText.join(", ", partitionBy)
    let order = SQLText.join(", ", orderBy)
    var clauses: [String] = []
    if !partitionBy.isEmpty { clauses.append("PARTITION BY " + partition.template) }
    if !orderBy.isEmpty { clauses.append("ORDER BY " + order.template) }
    return Expression(
        function.template + " OVER (" + clauses.joined(separator: " ") + ")",
        function.bindings + partition.bindings + order.bindings)
}

extension ExpressionType {
    /// The expression (usually an aggregate) as a window function:
    /// `balance.sum.over(partitionBy: [managerId], orderBy: [id])` renders
    /// `sum("balance") OVER (PARTITION BY "manager_id" ORDER BY "id")`.
    public func over(partitionBy: [Expressible] = [], orderBy: [Expressible] = []) -> Expression<UnderlyingType> {
        windowed(expression, partitionBy: partitionBy, orderBy: orderBy)
    }
}

/// `row_number() OVER (ORDER BY ...)`: the row's 1-based number in the window.
public func rowNumber(_ orderBy: Expressible) -> Expression<Int> {
    windowed(Expression(literal: "row_number()"), partitionBy: [], orderBy: [orderBy])
}

/// `row_number() OVER (PARTITION BY ... ORDER BY ...)`.
public func rowNumber(partitionBy: [Expressible], orderBy: [Expressible]) -> Expression<Int> {
    windowed(Expression(literal: "row_number()"), partitionBy: partitionBy, orderBy: orderBy)
}

/// `rank() OVER (ORDER BY ...)`: the rank with gaps.
public func rank(_ orderBy: Expressible) -> Expression<Int> {
    windowed(Expression(literal: "rank()"), partitionBy: [], orderBy: [orderBy])
}

/// `rank() OVER (PARTITION BY ... ORDER BY ...)`.
public func rank(partitionBy: [Expressible], orderBy: [Expressible]) -> Expression<Int> {
    windowed(Expression(literal: "rank()"), partitionBy: partitionBy, orderBy: orderBy)
}

/// `dense_rank() OVER (ORDER BY ...)`: the rank without gaps.
public func denseRank(_ orderBy: Expressible) -> Expression<Int> {
    windowed(Expression(literal: "dense_rank()"), partitionBy: [], orderBy: [orderBy])
}

/// `percent_rank() OVER (ORDER BY ...)`: (rank - 1) / (rows - 1).
public func percentRank(_ orderBy: Expressible) -> Expression<Double> {
    windowed(Expression(literal: "percent_rank()"), partitionBy: [], orderBy: [orderBy])
}

/// `cume_dist() OVER (ORDER BY ...)`: the cumulative distribution.
public func cumeDist(_ orderBy: Expressible) -> Expression<Double> {
    windowed(Expression(literal: "cume_dist()"), partitionBy: [], orderBy: [orderBy])
}

/// `ntile(n) OVER (ORDER BY ...)`: the row's bucket among `size` buckets.
public func ntile(_ size: Int, _ orderBy: Expressible) -> Expression<Int> {
    windowed(Expression("ntile(?)", [size]), partitionBy: [], orderBy: [orderBy])
}

extension ExpressionType where UnderlyingType: Value {
    /// `lag(expr, offset[, default]) OVER (ORDER BY ...)`: the value `offset` rows before.
    public func lag(offset: Int = 0, default defaultValue: Expressible? = nil, _ orderBy: Expressible)
        -> Expression<UnderlyingType?>
    {
        offsetFunction("lag", offset, defaultValue, orderBy)
    }

    /// `lead(expr, offset[, default]) OVER (ORDER BY ...)`: the value `offset` rows after.
    public func lead(offset: Int = 0, default defaultValue: Expressible? = nil, _ orderBy: Expressible)
        -> Expression<UnderlyingType?>
    {
        offsetFunction("lead", offset, defaultValue, orderBy)
    }

    /// `first_value(expr) OVER (ORDER BY ...)`.
    public func firstValue(_ orderBy: Expressible) -> Expression<UnderlyingType> {
        windowed(SQLText.call("first_value", self), partitionBy: [], orderBy: [orderBy])
    }

    /// `last_value(expr) OVER (ORDER BY ...)`.
    public func lastValue(_ orderBy: Expressible) -> Expression<UnderlyingType> {
        windowed(SQLText.call("last_value", self), partitionBy: [], orderBy: [orderBy])
    }

    /// `nth_value(expr, n) OVER (ORDER BY ...)`: the value of row `index` of the frame.
    public func value(_ index: Int, _ orderBy: Expressible) -> Expression<UnderlyingType?> {
        windowed(SQLText.call("nth_value", [self, index]), partitionBy: [], orderBy: [orderBy])
    }

    private func offsetFunction<T>(_ name: String, _ offset: Int, _ defaultValue: Expressible?, _ orderBy: Expressible)
        -> Expression<T>
    {
        var arguments: [Expressible] = [self, Expression<Void>(literal: String(offset))]
        if let defaultValue { arguments.append(defaultValue) }
        return windowed(SQLText.call(name, arguments), partitionBy: [], orderBy: [orderBy])
    }
}

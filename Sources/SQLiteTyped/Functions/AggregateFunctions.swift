extension ExpressionType {
    /// The expression prefixed with `DISTINCT`, for aggregates: `name.distinct.count` renders
    /// `count(DISTINCT "name")`.
    public var distinct: Expression<UnderlyingType> {
        Expression("DISTINCT " + template, bindings)
    }

    /// The number of rows where the expression is not `NULL`: `count("name")`.
    public var count: Expression<Int> {
        SQLText.call("count", self)
    }
}

extension ExpressionType where UnderlyingType: Value, UnderlyingType.Datatype: Comparable {
    /// The largest value, nil for no rows: `max("id")`.
    public var max: Expression<UnderlyingType?> { SQLText.call("max", self) }

    /// The smallest value, nil for no rows: `min("id")`.
    public var min: Expression<UnderlyingType?> { SQLText.call("min", self) }
}

extension ExpressionType
where
    UnderlyingType: _OptionalType, UnderlyingType.WrappedType: Value,
    UnderlyingType.WrappedType.Datatype: Comparable
{
    /// The largest non-`NULL` value, nil for none: `max("age")`.
    public var max: Expression<UnderlyingType> { SQLText.call("max", self) }

    /// The smallest non-`NULL` value, nil for none: `min("age")`.
    public var min: Expression<UnderlyingType> { SQLText.call("min", self) }
}

extension ExpressionType where UnderlyingType: Value, UnderlyingType.Datatype: NumericDatatype {
    /// The average as a double, nil for no rows: `avg("balance")`.
    public var average: Expression<Double?> { SQLText.call("avg", self) }

    /// The sum, nil for no rows: `sum("balance")`.
    public var sum: Expression<UnderlyingType?> { SQLText.call("sum", self) }

    /// The sum as a double, 0.0 for no rows: `total("balance")`.
    public var total: Expression<Double> { SQLText.call("total", self) }
}

extension ExpressionType
where
    UnderlyingType: _OptionalType, UnderlyingType.WrappedType: Value,
    UnderlyingType.WrappedType.Datatype: NumericDatatype
{
    /// The average of the non-`NULL` values, nil for none: `avg("age")`.
    public var average: Expression<Double?> { SQLText.call("avg", self) }

    /// The sum of the non-`NULL` values, nil for none: `sum("age")`.
    public var sum: Expression<UnderlyingType> { SQLText.call("sum", self) }

    /// The sum of the non-`NULL` values as a double, 0.0 for none: `total("age")`.
    public var total: Expression<Double> { SQLText.call("total", self) }
}

extension ExpressionType where UnderlyingType == String {
    /// The values joined with `separator` (`,` by default): `group_concat("email", ',')`.
    public func groupConcat(_ separator: String = ",") -> Expression<String?> {
        SQLText.call("group_concat", [self, separator])
    }
}

extension ExpressionType where UnderlyingType == String? {
    /// The non-`NULL` values joined with `separator`: `group_concat("name", ',')`.
    public func groupConcat(_ separator: String = ",") -> Expression<String?> {
        SQLText.call("group_concat", [self, separator])
    }
}

extension ExpressionType where UnderlyingType == Int {
    /// `count(*)`: the number of rows (`Expression<Int>.count(*)`).
    public static func count(_ star: Star) -> Expression<Int> {
        Expression(literal: "count(*)")
    }
}

/// `count(*)`: the number of rows, for select lists: `users.select(count(*))`.
public func count(_ star: Star) -> Expression<Int> {
    Expression(literal: "count(*)")
}

/// One assignment of a column, for `insert`, `update` and `upsert`: built with `<-` and the
/// compound operators (`+=`, `++`, ...).
///
/// ```swift
/// try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
/// try db.run(counters.update(count++))      // SET "count" = ("count" + 1)
/// ```
public struct Setter: Sendable {
    /// The column being set.
    let column: Expression<Void>
    /// What it is set to.
    let value: SetterValue

    init(column: Expressible, value: Expressible) {
        self.column = column.expression
        let expression = value.expression
        if expression.template == "?", expression.bindings.count == 1 {
            self.value = .binding(expression.bindings[0])
        } else {
            self.value = .expression(expression)
        }
    }

    @usableFromInline
    init(column: Expression<Void>, binding: Binding?) {
        self.column = column
        self.value = .binding(binding)
    }
}

/// A setter's value: a single bound value (the common case, kept without an array) or SQL.
@usableFromInline
enum SetterValue: Sendable {
    case binding(Binding?)
    case expression(Expression<Void>)

    /// The value's template.
    var template: String {
        switch self {
        case .binding: "?"
        case .expression(let expression): expression.template
        }
    }

    /// Appends the value's bindings to `bindings`.
    func appendBindings(to bindings: inout [Binding?]) {
        switch self {
        case .binding(let binding): bindings.append(binding)
        case .expression(let expression): bindings += expression.bindings
        }
    }
}

extension Setter: Expressible {
    /// The assignment as SQL: `"column" = value`.
    public var expression: Expression<Void> {
        var bindings = column.bindings
        value.appendBindings(to: &bindings)
        return Expression(column.template + " = " + value.template, bindings)
    }
}

infix operator <- : AssignmentPrecedence
postfix operator ++
postfix operator --

/// Sets `column` to another expression.
public func <- <V: Value>(column: Expression<V>, value: Expression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets `column` to a value (bound, never inlined).
public func <- <V: Value>(column: Expression<V>, value: V) -> Setter {
    Setter(column: column.expression, binding: value.datatypeValue)
}

/// Sets an optional column to an expression.
public func <- <V: Value>(column: Expression<V?>, value: Expression<V>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to an optional expression.
public func <- <V: Value>(column: Expression<V?>, value: Expression<V?>) -> Setter {
    Setter(column: column, value: value)
}

/// Sets an optional column to a value, `nil` for `NULL`.
public func <- <V: Value>(column: Expression<V?>, value: V?) -> Setter {
    Setter(column: column.expression, binding: value?.datatypeValue)
}

/// Adds to a numeric column: `"c" = ("c" + value)`.
public func += <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("+", lhs, rhs) as Expression<Void>)
}

/// Adds to a numeric column: `"c" = ("c" + value)`.
public func += <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("+", lhs, bound(rhs)) as Expression<Void>)
}

/// Adds to a numeric column: `"c" = ("c" + value)`.
public func += <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("+", lhs, rhs) as Expression<Void>)
}

/// Adds to a numeric column: `"c" = ("c" + value)`.
public func += <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("+", lhs, rhs) as Expression<Void>)
}

/// Adds to a numeric column: `"c" = ("c" + value)`.
public func += <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("+", lhs, bound(rhs)) as Expression<Void>)
}

/// Subtracts from a numeric column: `"c" = ("c" - value)`.
public func -= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("-", lhs, rhs) as Expression<Void>)
}

/// Subtracts from a numeric column: `"c" = ("c" - value)`.
public func -= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("-", lhs, bound(rhs)) as Expression<Void>)
}

/// Subtracts from a numeric column: `"c" = ("c" - value)`.
public func -= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("-", lhs, rhs) as Expression<Void>)
}

/// Subtracts from a numeric column: `"c" = ("c" - value)`.
public func -= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("-", lhs, rhs) as Expression<Void>)
}

/// Subtracts from a numeric column: `"c" = ("c" - value)`.
public func -= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("-", lhs, bound(rhs)) as Expression<Void>)
}

/// Multiplies a numeric column: `"c" = ("c" * value)`.
public func *= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("*", lhs, rhs) as Expression<Void>)
}

/// Multiplies a numeric column: `"c" = ("c" * value)`.
public func *= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("*", lhs, bound(rhs)) as Expression<Void>)
}

/// Multiplies a numeric column: `"c" = ("c" * value)`.
public func *= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("*", lhs, rhs) as Expression<Void>)
}

/// Multiplies a numeric column: `"c" = ("c" * value)`.
public func *= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("*", lhs, rhs) as Expression<Void>)
}

/// Multiplies a numeric column: `"c" = ("c" * value)`.
public func *= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("*", lhs, bound(rhs)) as Expression<Void>)
}

/// Divides a numeric column: `"c" = ("c" / value)`.
public func /= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("/", lhs, rhs) as Expression<Void>)
}

/// Divides a numeric column: `"c" = ("c" / value)`.
public func /= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("/", lhs, bound(rhs)) as Expression<Void>)
}

/// Divides a numeric column: `"c" = ("c" / value)`.
public func /= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("/", lhs, rhs) as Expression<Void>)
}

/// Divides a numeric column: `"c" = ("c" / value)`.
public func /= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("/", lhs, rhs) as Expression<Void>)
}

/// Divides a numeric column: `"c" = ("c" / value)`.
public func /= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: NumericDatatype {
    Setter(column: lhs, value: SQLText.infix("/", lhs, bound(rhs)) as Expression<Void>)
}

/// Sets an integer column to its remainder: `"c" = ("c" % value)`.
public func %= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("%", lhs, rhs) as Expression<Void>)
}

/// Sets an integer column to its remainder: `"c" = ("c" % value)`.
public func %= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("%", lhs, bound(rhs)) as Expression<Void>)
}

/// Sets an integer column to its remainder: `"c" = ("c" % value)`.
public func %= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("%", lhs, rhs) as Expression<Void>)
}

/// Sets an integer column to its remainder: `"c" = ("c" % value)`.
public func %= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("%", lhs, rhs) as Expression<Void>)
}

/// Sets an integer column to its remainder: `"c" = ("c" % value)`.
public func %= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("%", lhs, bound(rhs)) as Expression<Void>)
}

/// Shifts an integer column left: `"c" = ("c" << value)`.
public func <<= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("<<", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column left: `"c" = ("c" << value)`.
public func <<= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("<<", lhs, bound(rhs)) as Expression<Void>)
}

/// Shifts an integer column left: `"c" = ("c" << value)`.
public func <<= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("<<", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column left: `"c" = ("c" << value)`.
public func <<= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("<<", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column left: `"c" = ("c" << value)`.
public func <<= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("<<", lhs, bound(rhs)) as Expression<Void>)
}

/// Shifts an integer column right: `"c" = ("c" >> value)`.
public func >>= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix(">>", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column right: `"c" = ("c" >> value)`.
public func >>= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix(">>", lhs, bound(rhs)) as Expression<Void>)
}

/// Shifts an integer column right: `"c" = ("c" >> value)`.
public func >>= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix(">>", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column right: `"c" = ("c" >> value)`.
public func >>= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix(">>", lhs, rhs) as Expression<Void>)
}

/// Shifts an integer column right: `"c" = ("c" >> value)`.
public func >>= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix(">>", lhs, bound(rhs)) as Expression<Void>)
}

/// Bitwise-ands an integer column: `"c" = ("c" & value)`.
public func &= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("&", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ands an integer column: `"c" = ("c" & value)`.
public func &= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("&", lhs, bound(rhs)) as Expression<Void>)
}

/// Bitwise-ands an integer column: `"c" = ("c" & value)`.
public func &= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("&", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ands an integer column: `"c" = ("c" & value)`.
public func &= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("&", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ands an integer column: `"c" = ("c" & value)`.
public func &= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("&", lhs, bound(rhs)) as Expression<Void>)
}

/// Bitwise-ors an integer column: `"c" = ("c" | value)`.
public func |= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("|", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ors an integer column: `"c" = ("c" | value)`.
public func |= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("|", lhs, bound(rhs)) as Expression<Void>)
}

/// Bitwise-ors an integer column: `"c" = ("c" | value)`.
public func |= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("|", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ors an integer column: `"c" = ("c" | value)`.
public func |= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("|", lhs, rhs) as Expression<Void>)
}

/// Bitwise-ors an integer column: `"c" = ("c" | value)`.
public func |= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: SQLText.infix("|", lhs, bound(rhs)) as Expression<Void>)
}

/// Sets an integer column to its exclusive or with `rhs` (see `^`).
public func ^= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: lhs ^ rhs)
}

/// Sets an integer column to its exclusive or with `rhs` (see `^`).
public func ^= <V: Value>(lhs: Expression<V>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: lhs ^ rhs)
}

/// Sets an integer column to its exclusive or with `rhs` (see `^`).
public func ^= <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: lhs ^ rhs)
}

/// Sets an integer column to its exclusive or with `rhs` (see `^`).
public func ^= <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: lhs ^ rhs)
}

/// Sets an integer column to its exclusive or with `rhs` (see `^`).
public func ^= <V: Value>(lhs: Expression<V?>, rhs: V) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: lhs, value: lhs ^ rhs)
}

/// Appends to a text column: `"c" = ("c" || value)`.
public func += (lhs: Expression<String>, rhs: Expression<String>) -> Setter {
    Setter(column: lhs, value: SQLText.infix("||", lhs, rhs) as Expression<Void>)
}

/// Appends to a text column: `"c" = ("c" || value)`.
public func += (lhs: Expression<String>, rhs: String) -> Setter {
    Setter(column: lhs, value: SQLText.infix("||", lhs, bound(rhs)) as Expression<Void>)
}

/// Appends to a text column: `"c" = ("c" || value)`.
public func += (lhs: Expression<String?>, rhs: Expression<String>) -> Setter {
    Setter(column: lhs, value: SQLText.infix("||", lhs, rhs) as Expression<Void>)
}

/// Appends to a text column: `"c" = ("c" || value)`.
public func += (lhs: Expression<String?>, rhs: Expression<String?>) -> Setter {
    Setter(column: lhs, value: SQLText.infix("||", lhs, rhs) as Expression<Void>)
}

/// Appends to a text column: `"c" = ("c" || value)`.
public func += (lhs: Expression<String?>, rhs: String) -> Setter {
    Setter(column: lhs, value: SQLText.infix("||", lhs, bound(rhs)) as Expression<Void>)
}

/// Increments an integer column: `"c" = ("c" + 1)`.
public postfix func ++ <V: Value>(column: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: column, value: SQLText.infix("+", column, Expression<Void>("?", [Int64(1)])) as Expression<Void>)
}

/// Increments an integer column: `"c" = ("c" + 1)`.
public postfix func ++ <V: Value>(column: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: column, value: SQLText.infix("+", column, Expression<Void>("?", [Int64(1)])) as Expression<Void>)
}

/// Decrements an integer column: `"c" = ("c" - 1)`.
public postfix func -- <V: Value>(column: Expression<V>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: column, value: SQLText.infix("-", column, Expression<Void>("?", [Int64(1)])) as Expression<Void>)
}

/// Decrements an integer column: `"c" = ("c" - 1)`.
public postfix func -- <V: Value>(column: Expression<V?>) -> Setter where V.Datatype: IntegerDatatype {
    Setter(column: column, value: SQLText.infix("-", column, Expression<Void>("?", [Int64(1)])) as Expression<Void>)
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One assignment of a column, for `insert`, `update` and `upsert`: built with `<-` and the
/// compound operators (`+=`, `++`, ...).
///
/// ```swift
/// try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
/// try db.run(counters.update(count++))      // SET "count" = ("count" + 1)
/// ```
public struct Setter: Sendable {
    /// The column being set.
    @usableFromInline let column: Expression<Void>
    /// What it is set to.
    @usableFromInline let value: SetterValue

    init(column: Expressible, value: Expressible) {
        self.column = column.expression
        let expression = value.expression
        if expression.template == "?", expression.bindings.count == 1 {
            self.value = expression.bindings[0].map { SetterValue($0) } ?? .null
        } else {
            self.value = .expression(expression)
        }
    }

    @inlinable
    init(column: Expression<Void>, value: SetterValue) {
        self.column = column
        self.value = value
    }
}

/// A setter's value: a single bound value (the common case, kept without an array, and by
/// its concrete type for the common binding types so that it is copied and bound without
/// going through a `Binding` existential) or SQL.
@usableFromInline
enum SetterValue: Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case int(Int)
    case bool(Bool)
    case null
    /// Any other binding (`Blob`, an unsigned integer...), boxed to keep setters small.
    case other(BoxedBinding)
    case expression(Expression<Void>)

    /// The value of a binding, by its concrete type when it is one of the common ones.
    @inlinable
    init<B: Binding>(_ binding: B) {
        if B.self == Int64.self {
            self = .integer(unsafeBitCast(binding, to: Int64.self))
        } else if B.self == String.self {
            self = .text(unsafeBitCast(binding, to: String.self))
        } else if B.self == Double.self {
            self = .real(unsafeBitCast(binding, to: Double.self))
        } else if B.self == Int.self {
            self = .int(unsafeBitCast(binding, to: Int.self))
        } else if B.self == Bool.self {
            self = .bool(unsafeBitCast(binding, to: Bool.self))
        } else {
            self = .other(BoxedBinding(binding))
        }
    }

    /// The value bound for `value`: its `datatypeValue`, except `Data`, which is bound from its
    /// own bytes (its `Datatype`, SQLite.swift's `Blob`, would be a copy of them).
    @inlinable
    init<V: Value>(value: V) {
        if V.self == Data.self {
            self = .other(BoxedBinding(unsafeBitCast(value, to: Data.self)))
        } else {
            self.init(value.datatypeValue)
        }
    }

    /// The value's template.
    var template: String {
        switch self {
        case .expression(let expression): expression.template
        default: "?"
        }
    }

    /// Whether the value is a single bound value (rendered `?`).
    var isBound: Bool {
        if case .expression = self { return false }
        return true
    }

    /// The number of parameters the value binds.
    var parameterCount: Int {
        if case .expression(let expression) = self { return expression.bindings.count }
        return 1
    }

    /// Appends the value's bindings to `bindings`.
    func appendBindings(to bindings: inout [Binding?]) {
        switch self {
        case .integer(let value): bindings.append(value)
        case .real(let value): bindings.append(value)
        case .text(let value): bindings.append(value)
        case .int(let value): bindings.append(value)
        case .bool(let value): bindings.append(value)
        case .null: bindings.append(nil)
        // `Data` shows as its `Datatype`, as in SQLite.swift; it is bound from its own bytes.
        case .other(let box): bindings.append((box.value as? Data)?.datatypeValue ?? box.value)
        case .expression(let expression): bindings += expression.bindings
        }
    }

    /// Binds the value's bindings to the raw statement from parameter `index` on, advancing
    /// `index`; returns `SQLITE_OK` or the failing code.
    func bind(to handle: OpaquePointer, at index: inout Int32) throws(Result) -> Int32 {
        index += 1
        switch self {
        case .integer(let value): return sqlite3_bind_int64(handle, index, value)
        case .real(let value): return sqlite3_bind_double(handle, index, value)
        case .text(let value): return value.bind(to: handle, at: index)
        case .int(let value): return sqlite3_bind_int64(handle, index, Int64(value))
        case .bool(let value): return sqlite3_bind_int64(handle, index, value ? 1 : 0)
        case .null: return sqlite3_bind_null(handle, index)
        case .other(let box): return try box.value.bind(to: handle, at: index)
        case .expression(let expression):
            index -= 1
            for binding in expression.bindings {
                index += 1
                let code = try binding?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
                if code != SQLITE_OK { return code }
            }
            return SQLITE_OK
        }
    }
}

/// A bound value other than SQLite's `Int64`, `Double` and `String`, in a box.
@usableFromInline
final class BoxedBinding: Sendable {
    let value: Binding

    @usableFromInline
    init(_ value: Binding) {
        self.value = value
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

extension Setter: CustomStringConvertible {
    /// The assignment as SQL with its value inlined: `(email <- "alice@mac.com").description`
    /// is `"email" = 'alice@mac.com'`.
    public var description: String {
        asSQL()
    }
}

/// The precedence of `<-`, as SQLite.swift declares it: below assignment, grouping left.
precedencegroup ColumnAssignment {
    associativity: left
    assignment: true
    lowerThan: AssignmentPrecedence
}

infix operator <- : ColumnAssignment
postfix operator ++
postfix operator --

/// Sets `column` to another expression.
public func <- <V: Value>(column: Expression<V>, value: Expression<V>) -> Setter {
    Setter(column: column, value: value)
}

// Measured: the setters unspecialized cost about 20 % on insert-named typed (callgrind).
/// Sets `column` to a value (bound, never inlined).
@inlinable
public func <- <V: Value>(column: Expression<V>, value: V) -> Setter {
    Setter(column: Expression<Void>(column.template, column.bindings), value: SetterValue(value: value))
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
@inlinable
public func <- <V: Value>(column: Expression<V?>, value: V?) -> Setter {
    Setter(
        column: Expression<Void>(column.template, column.bindings),
        value: value.map { SetterValue(value: $0) } ?? .null)
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

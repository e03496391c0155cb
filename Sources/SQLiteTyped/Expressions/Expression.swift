/// A typed piece of SQL: a column, a literal, a bound value, or any combination of them built
/// with the operators and functions of this module.
///
/// The type parameter is what the expression evaluates to; an optional type (`Expression<String?>`)
/// says it may be `NULL`:
///
/// ```swift
/// let id = Expression<Int64>("id")            // "id"
/// let name = Expression<String?>("name")      // "name", may be NULL
/// let one = Expression<Int>(literal: "1")     // 1, as written
/// ```
///
/// The initializer taking a single string quotes it as an identifier; use
/// ``ExpressionType/init(literal:)`` for raw SQL. Also available as ``SQLExpression``, for
/// code that also imports Foundation's `Expression`.
public struct Expression<Datatype>: ExpressionType, Sendable {
    /// The Swift type the expression evaluates to.
    public typealias UnderlyingType = Datatype

    /// The SQL text with `?` placeholders.
    public var template: String

    /// The values bound to the placeholders.
    public var bindings: [Binding?]

    /// An expression from a template and its bindings.
    public init(_ template: String, _ bindings: [Binding?]) {
        self.template = template
        self.bindings = bindings
    }
}

/// Another name for ``Expression``, for files that also import Foundation (whose own
/// `Expression` type would otherwise make the name ambiguous).
public typealias SQLExpression<Datatype> = Expression<Datatype>

/// The `ROWID` pseudo-column of a table.
public let rowid = Expression<Int64>("ROWID")

/// `CAST (expression AS type)`, converting to another value type:
/// `cast(age) as Expression<String>` renders `CAST ("age" AS TEXT)`.
public func cast<T: Value, U: Value>(_ expression: Expression<T>) -> Expression<U> {
    Expression("CAST (\(expression.template) AS \(U.declaredDatatype))", expression.bindings)
}

/// `CAST (expression AS type)` of an optional expression.
public func cast<T: Value, U: Value>(_ expression: Expression<T?>) -> Expression<U?> {
    Expression("CAST (\(expression.template) AS \(U.declaredDatatype))", expression.bindings)
}

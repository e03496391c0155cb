/// A typed SQL expression: a template (SQL with `?` placeholders) and the values to bind.
///
/// ``Expression`` is the one conforming type; the protocol lets generic code accept any
/// expression whatever its type.
public protocol ExpressionType: Expressible, CustomStringConvertible {
    /// The Swift type the expression evaluates to (`Void` for untyped SQL).
    associatedtype UnderlyingType = Void

    /// The SQL text, with `?` where each binding goes.
    var template: String { get }

    /// The values bound to the template's `?` placeholders, in order.
    var bindings: [Binding?] { get }

    /// An expression from a template and its bindings.
    init(_ template: String, _ bindings: [Binding?])
}

extension ExpressionType {
    /// A literal SQL expression, used as written: `Expression<Int>(literal: "count(*)")`.
    public init(literal: String) { self.init(literal, []) }

    /// A quoted identifier, usually a column name: `Expression<String>("email")` renders
    /// `"email"` (a `"` inside the name is doubled).
    public init(_ identifier: String) { self.init(SQLText.quote(identifier), []) }

    /// The same SQL retyped: `Expression<String?>(nameExpression)`.
    public init<U: ExpressionType>(_ expression: U) {
        self.init(expression.template, expression.bindings)
    }

    /// The expression as untyped SQL.
    public var expression: Expression<Void> { Expression(template, bindings) }

    /// The SQL with the bindings inlined; see ``Expressible/asSQL()``.
    public var description: String { asSQL() }

    /// The expression followed by `ASC`, for ``QueryType/order(_:)-(Expressible...)``.
    public var asc: Expressible { Expression<Void>(template + " ASC", bindings) }

    /// The expression followed by `DESC`.
    public var desc: Expressible { Expression<Void>(template + " DESC", bindings) }

    /// The expression followed by `ASC NULLS FIRST`.
    public var ascNullsFirst: Expressible {
        Expression<Void>(template + " ASC NULLS FIRST", bindings)
    }

    /// The expression followed by `ASC NULLS LAST`.
    public var ascNullsLast: Expressible {
        Expression<Void>(template + " ASC NULLS LAST", bindings)
    }

    /// The expression followed by `DESC NULLS FIRST`.
    public var descNullsFirst: Expressible {
        Expression<Void>(template + " DESC NULLS FIRST", bindings)
    }

    /// The expression followed by `DESC NULLS LAST`.
    public var descNullsLast: Expressible {
        Expression<Void>(template + " DESC NULLS LAST", bindings)
    }

    /// The expression followed by `AS` and a quoted alias, for a select list:
    /// `id.as("user_id")` renders `"id" AS "user_id"`.
    public func `as`(_ name: String) -> Expressible {
        Expression<Void>(template + " AS " + SQLText.quote(name), bindings)
    }
}

extension ExpressionType where UnderlyingType: Value {
    /// A bound value: `Expression(value: 42)` renders `?` bound to 42.
    public init(value: UnderlyingType) { self.init("?", [value.datatypeValue]) }
}

extension ExpressionType where UnderlyingType: _OptionalType, UnderlyingType.WrappedType: Value {
    /// The SQL `NULL` as a bound value.
    public static var null: Self { self.init(value: nil) }

    /// A bound optional value; `nil` binds `NULL`.
    public init(value: UnderlyingType.WrappedType?) { self.init("?", [value?.datatypeValue]) }
}

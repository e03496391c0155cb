/// SQLite.swift types a few results of optional operands as non-optional: `LIKE` and `MATCH`
/// on an `Expression<String?>`, `IN` with an optional expression, and `??` between two optional
/// expressions. Ours are optional, since each can be `NULL`, and an unannotated expression
/// keeps that type. These overloads give SQLite.swift's type where the program asks for it by
/// name (`let isMac: Expression<Bool> = email.like("%@mac.com")`), so such code compiles
/// unchanged; they are never chosen when both would do.
extension Expression where Datatype == String? {
    /// `("email" LIKE 'pattern')` typed `Expression<Bool>`, as SQLite.swift types it; `NULL`
    /// when the column is.
    @_disfavoredOverload
    public func like(_ pattern: String, escape character: Character? = nil) -> Expression<Bool> {
        Expression<Bool>(like(pattern, escape: character) as Expression<Bool?>)
    }

    /// `LIKE` with a pattern expression, typed `Expression<Bool>` as in SQLite.swift.
    @_disfavoredOverload
    public func like(_ pattern: Expression<String>, escape character: Character? = nil) -> Expression<Bool> {
        Expression<Bool>(like(pattern, escape: character) as Expression<Bool?>)
    }

    /// `("body" MATCH 'query')` typed `Expression<Bool>`, as in SQLite.swift.
    @_disfavoredOverload
    public func match(_ pattern: String) -> Expression<Bool> {
        Expression<Bool>(match(pattern) as Expression<Bool?>)
    }
}

extension Collection where Element: Value, Element.Datatype: Equatable, Self: Sendable {
    /// `("age" IN (20, 30))` for an optional expression, typed `Expression<Bool>` as in
    /// SQLite.swift.
    @_disfavoredOverload
    public func contains(_ expression: Expression<Element?>) -> Expression<Bool> {
        Expression<Bool>(contains(expression) as Expression<Bool?>)
    }
}

/// `ifnull(optional, default)` with an optional default, typed `Expression<V>` as in
/// SQLite.swift: reading it from a row where both are `NULL` fails as reading any `NULL`
/// through a non-optional expression does.
@_disfavoredOverload
public func ?? <V: Value>(optional: Expression<V?>, defaultValue: Expression<V?>) -> Expression<V> {
    Expression<V>((optional ?? defaultValue) as Expression<V?>)
}

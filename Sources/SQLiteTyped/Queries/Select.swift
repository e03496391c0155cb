/// The type of `*`, so that `users.select(*)` and `users[*]` read like SQL.
public typealias Star = (Expression<Binding>?, Expression<Binding>?) -> Expression<Void>

/// `*`: every column, as in `users.select(*)` or `users[*]`.
public func * (_: Expression<Binding>?, _: Expression<Binding>?) -> Expression<Void> {
    Expression(literal: "*")
}

extension QueryType {
    /// Selects the given columns or expressions instead of `*`.
    ///
    /// ```swift
    /// users.select(id, email)   // SELECT "id", "email" FROM "users"
    /// ```
    public func select(_ column: Expressible, _ more: Expressible...) -> Self {
        select(false, [column] + more)
    }

    /// Selects distinct rows of the given columns: `SELECT DISTINCT ...`.
    public func select(distinct column: Expressible, _ more: Expressible...) -> Self {
        select(true, [column] + more)
    }

    /// Selects a list of columns or expressions.
    public func select(_ all: [Expressible]) -> Self { select(false, all) }

    /// Selects distinct rows of a list of columns.
    public func select(distinct all: [Expressible]) -> Self { select(true, all) }

    /// Selects every column: `users.select(*)`.
    public func select(_ star: Star) -> Self { select(false, [star(nil, nil)]) }

    /// Selects distinct rows of every column: `SELECT DISTINCT *`.
    public func select(distinct star: Star) -> Self { select(true, [star(nil, nil)]) }

    func select(_ distinct: Bool, _ columns: [Expressible]) -> Self {
        modified { $0.select = (distinct, columns.map(\.expression)) }
    }

    /// Selects one typed column, giving a query for `Connection.scalar(_:)`.
    public func select<V: Value>(_ column: Expression<V>) -> ScalarQuery<V> {
        scalarQuery(false, column)
    }

    /// Selects one optional typed column.
    public func select<V: Value>(_ column: Expression<V?>) -> ScalarQuery<V?> {
        scalarQuery(false, column)
    }

    /// Selects the distinct values of one typed column.
    public func select<V: Value>(distinct column: Expression<V>) -> ScalarQuery<V> {
        scalarQuery(true, column)
    }

    /// Selects the distinct values of one optional typed column.
    public func select<V: Value>(distinct column: Expression<V?>) -> ScalarQuery<V?> {
        scalarQuery(true, column)
    }

    func scalarQuery<T, U>(_ distinct: Bool, _ column: Expression<T>) -> ScalarQuery<U> {
        var clauses = self.clauses
        clauses.select = (distinct, [column.expression])
        return ScalarQuery(clauses: clauses)
    }

    /// The number of rows the query matches, for `db.scalar(users.count)`:
    /// `SELECT count(*) FROM "users"`.
    public var count: ScalarQuery<Int> { scalarQuery(false, Expression<Void>(literal: "count(*)")) }
}

/// `EXISTS (subquery)`: whether the subquery returns any row.
///
/// ```swift
/// users.filter(exists(posts.filter(posts[userId] == users[id])))
/// ```
public func exists(_ query: QueryType) -> Expression<Bool> {
    let inner = query.expression
    return Expression("EXISTS (" + inner.template + ")", inner.bindings)
}

extension QueryType {
    /// `(expression IN (subquery))`: whether `element` is among the values the query selects.
    ///
    /// ```swift
    /// users.filter(posts.select(userId).contains(id))
    /// // SELECT * FROM "users" WHERE ("id" IN (SELECT "user_id" FROM "posts"))
    /// ```
    public func contains(_ element: Expressible) -> Expression<Bool> {
        let inner = expression
        let wrapped = Expression<Void>("(" + inner.template + ")", inner.bindings)
        return SQLText.infix("IN", element, wrapped)
    }
}

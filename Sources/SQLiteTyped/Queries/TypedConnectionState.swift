/// What the typed tier keeps with each connection: the text of the simple select and of the
/// insert it rendered last, so that a query or insert built anew in a loop is not rendered
/// again (the statement cache then finds the statement by that text).
///
/// It lives in the connection's tier store, made on first use, and is touched only with the
/// connection's lock held (the lock the tier holds anyway around the statement it then uses),
/// so it has no lock of its own, is shared by no other connection, and is not `Sendable`.
/// ``Connection/clearStatementCache()`` drops it with the statements.
final class TypedConnectionState {
    /// The simple `SELECT` rendered last.
    var lastSelect: LastSelectShape?

    /// The `INSERT` built from setters rendered last.
    var lastInsert: LastInsertShape?

    /// The statement for `clauses`, its text rendered unless it is the last one's, and its
    /// bindings in rendering order. `limit` replaces the query's own limit when given (`pluck`
    /// asks for one row), so that the caller need not copy the clauses to change it.
    func select(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?? = nil) -> Expression<Void> {
        let limit = limit ?? clauses.limit
        if let last = lastSelect, last.matches(clauses, limit: limit) {
            return Expression(last.sql, clauses.filters?.bindings ?? [])
        }
        var limited = clauses
        limited.limit = limit
        var renderer = SQLRenderer()
        renderer.appendSelect(limited)
        let expression = renderer.expression
        if let last = LastSelectShape(clauses, limit: limit, sql: expression.template) { lastSelect = last }
        return expression
    }

    /// The SQL of an insert of `setters` into `target` and the number of parameters it binds:
    /// the last insert's text when it is the same, else rendered.
    func insert(_ target: InsertTarget, _ setters: SetterList) -> (sql: String, parameterCount: Int) {
        if let last = lastInsert, last.matches(target, setters) { return (last.sql, setters.count) }
        let sql = target.render(setters)
        if let last = LastInsertShape(target, setters, sql: sql) { lastInsert = last }
        return (sql, setters.parameterCount)
    }
}

extension Connection {
    /// The typed tier's state for this connection, made on first use. Call it with the
    /// connection's lock held (``withTierStoreLock(_:)``).
    var typedState: TypedConnectionState {
        if let state = tierObject(.typed) as? TypedConnectionState { return state }
        let state = TypedConnectionState()
        setTierObject(state, for: .typed)
        return state
    }
}

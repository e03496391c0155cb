/// A `DELETE` statement; `try db.run(delete)` runs it and returns the number of rows deleted.
public struct Delete: ExpressionType, Sendable {
    /// The statement text.
    public var template: String
    /// The values to bind.
    public var bindings: [Binding?]

    /// A delete from its text and bindings.
    public init(_ template: String, _ bindings: [Binding?]) {
        self.template = template
        self.bindings = bindings
    }
}

extension QueryType {
    /// `DELETE FROM "table"` for the rows the query's filter selects (every row without one).
    ///
    /// ```swift
    /// try db.run(users.filter(id == 1).delete())   // DELETE FROM "users" WHERE ("id" = 1)
    /// ```
    ///
    /// Ordered or limited queries delete through a rowid subquery, as ``update(_:)-([Setter])`` does.
    public func delete() -> Delete {
        var renderer = SQLRenderer()
        renderer.append("DELETE FROM " + qualifiedTableName)
        appendRowSelection(to: &renderer)
        return Delete(renderer.sql, renderer.bindings)
    }
}

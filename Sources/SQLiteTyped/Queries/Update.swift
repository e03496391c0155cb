/// An `UPDATE` statement; `try db.run(update)` runs it and returns the number of rows changed.
public struct Update: ExpressionType, Sendable {
    /// The statement text.
    public var template: String
    /// The values to bind.
    public var bindings: [Binding?]

    /// An update from its text and bindings.
    public init(_ template: String, _ bindings: [Binding?]) {
        self.template = template
        self.bindings = bindings
    }
}

extension QueryType {
    /// `UPDATE "table" SET ...` for the rows the query's filter selects (every row without one).
    ///
    /// ```swift
    /// try db.run(users.filter(id == 1).update(email <- "alice@me.com"))
    /// // UPDATE "users" SET "email" = 'alice@me.com' WHERE ("id" = 1)
    /// ```
    ///
    /// With `order` or `limit` on the query, the rows are chosen by
    /// `WHERE rowid IN (SELECT rowid FROM ... ORDER BY ... LIMIT ...)`, since this SQLite is
    /// built without `UPDATE ... LIMIT`.
    public func update(_ values: Setter...) -> Update {
        update(values)
    }

    /// Updates with a list of setters.
    public func update(_ values: [Setter]) -> Update {
        var renderer = SQLRenderer()
        renderer.append("UPDATE " + qualifiedTableName + " SET ")
        for (offset, setter) in values.enumerated() {
            if offset > 0 { renderer.append(", ") }
            renderer.append(setter.column.template + " = " + setter.value.template)
            renderer.bindings += setter.column.bindings
            setter.value.appendBindings(to: &renderer.bindings)
        }
        appendRowSelection(to: &renderer)
        return Update(renderer.sql, renderer.bindings)
    }

    /// Appends the `WHERE` clause of an `UPDATE` or `DELETE`, as a rowid subquery when the
    /// query is ordered or limited.
    func appendRowSelection(to renderer: inout SQLRenderer) {
        if clauses.order.isEmpty && clauses.limit == nil {
            renderer.appendWhere(clauses.filters)
            return
        }
        renderer.append(" WHERE rowid IN (SELECT rowid FROM " + qualifiedTableName)
        renderer.appendWhere(clauses.filters)
        renderer.appendOrderAndLimit(clauses)
        renderer.append(")")
    }
}

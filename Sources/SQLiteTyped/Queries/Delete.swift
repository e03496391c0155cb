/// A `DELETE` statement; `try db.run(delete)` runs it and returns the number of rows deleted.
public struct Delete: ExpressionType, Sendable {
    /// The statement text.
    public var template: String
    /// The values to bind.
    public var bindings: [Binding?]
    /// The parts of a delete of a limited query, which `db.run` renders for the table.
    var limitedRows: LimitedRows?

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
    /// A limited query (`users.order(id).limit(1).delete()`) deletes the rows
    /// ``update(_:)-([Setter])`` would update: SQLite.swift's `DELETE ... ORDER BY ... LIMIT ...`
    /// where the SQLite library takes it, otherwise a subquery on the rowid, or on the primary
    /// key of a `WITHOUT ROWID` table.
    public func delete() -> Delete {
        var renderer = SQLRenderer()
        renderer.append("DELETE FROM " + qualifiedTableName)
        let limitedRows = appendRowSelection(to: &renderer)
        var delete = Delete(renderer.sql, renderer.bindings)
        delete.limitedRows = limitedRows
        return delete
    }
}

/// An `UPDATE` statement; `try db.run(update)` runs it and returns the number of rows changed.
public struct Update: ExpressionType, Sendable {
    /// The statement text.
    public var template: String
    /// The values to bind.
    public var bindings: [Binding?]
    /// The parts of an update of a limited query, which `db.run` renders for the table.
    var limitedRows: LimitedRows?

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
    /// With a `limit` on the query (and its `order`), the statement is SQLite.swift's
    /// `UPDATE ... WHERE ... ORDER BY ... LIMIT ...` when the SQLite library takes it
    /// (`SQLITE_ENABLE_UPDATE_DELETE_LIMIT`); otherwise, as in the vendored build, the rows are
    /// chosen by `WHERE rowid IN (SELECT rowid FROM ... ORDER BY ... LIMIT ...)`, and
    /// `db.run` chooses them by the primary key of a `WITHOUT ROWID` table instead
    /// (`("a", "b") IN (SELECT "a", "b" ...)`). An `order` without a `limit` is left out: it
    /// changes no other rows.
    public func update(_ values: Setter...) -> Update {
        update(values)
    }

    /// Updates with a list of setters.
    public func update(_ values: [Setter]) -> Update {
        var renderer = SQLRenderer()
        renderer.append("UPDATE " + qualifiedTableName + " SET ")
        renderer.append(values.map(\.expression))
        let limitedRows = appendRowSelection(to: &renderer)
        var update = Update(renderer.sql, renderer.bindings)
        update.limitedRows = limitedRows
        return update
    }
}

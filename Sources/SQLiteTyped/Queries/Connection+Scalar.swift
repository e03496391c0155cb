extension Connection {
    /// The value of a ``Select`` statement, such as ``QueryType/exists``:
    /// `try db.scalar(users.filter(id == 1).exists)`.
    ///
    /// Throws ``QueryError/unexpectedNullValue(name:)`` when the statement returns `NULL` or
    /// no row, and ``ColumnTypeMismatch`` when the value is of another type.
    public func scalar<V: Value>(_ query: Select<V>) throws -> V {
        guard let value = try readScalar(query.template, query.bindings, V.self, name: query.template) else {
            throw QueryError.unexpectedNullValue(name: query.template)
        }
        return try Row.cast(value, to: V.self, query.template)
    }

    /// The value of a ``Select`` statement with an optional result, nil for `NULL` or no row.
    public func scalar<V: Value>(_ query: Select<V?>) throws -> V.ValueType? {
        try readScalar(query.template, query.bindings, V.self, name: query.template)
    }

    /// The value of a single-column query for any `Value` type, as SQLite.swift declares it,
    /// so that code generic over `T: Value` can read `db.scalar(table.select(Expression<T>("c")))`.
    /// (Concrete types such as `Int64` take the overload for `V.ValueType == V`.)
    public func scalar<V: Value>(_ query: ScalarQuery<V>) throws -> V {
        let name = query.clauses.select.columns.first?.template ?? ""
        let expression = query.expression
        guard let value = try readScalar(expression.template, expression.bindings, V.self, name: name) else {
            throw QueryError.unexpectedNullValue(name: name)
        }
        return try Row.cast(value, to: V.self, name)
    }

    /// The value of a single optional column query for any `Value` type, nil for `NULL` or no
    /// row, as `V.ValueType?` as in SQLite.swift.
    public func scalar<V: Value>(_ query: ScalarQuery<V?>) throws -> V.ValueType? {
        let expression = query.expression
        return try readScalar(
            expression.template, expression.bindings, V.self, name: query.clauses.select.columns.first?.template ?? "")
    }

    /// Reads the first column of the first row of `sql` through `V.fromDatatypeValue`, nil for
    /// `NULL` or no row; `name` names the value in errors.
    private func readScalar<V: Value>(_ sql: String, _ bindings: [Binding?], _ type: V.Type, name: String) throws
        -> V.ValueType?
    {
        let statement = try cachedStatement(sql)
        defer { returnToCache(statement) }
        if !bindings.isEmpty { statement.bind(bindings) }
        guard try statement.step() else { return nil }
        return try Row.readLiveValue(V.self, RowSource(statement: statement), 0, name)
    }
}

extension Connection {
    /// Prepares `query` for lazy iteration; each row is a ``Row``.
    ///
    /// ```swift
    /// for user in try db.prepare(users) {
    ///     print(user[id], user[email])
    /// }
    /// ```
    ///
    /// The statement comes from the connection's statement cache, so running the same query
    /// shape again does not prepare it again. An error while iterating stops the program, as in
    /// SQLite.swift (see `RowIterator.next()`), rather than end the loop early; use
    /// ``prepareRowIterator(_:)`` to have it thrown.
    ///
    /// The result is an `AnySequence<Row>`, as in SQLite.swift; iterating it again runs the
    /// query again.
    public func prepare(_ query: QueryType) throws -> AnySequence<Row> {
        let clauses = query.clauses
        let expression = Self.select(clauses)
        let iterator = try rowIterator(expression, clauses)
        return AnySequence(RowSequence(connection: self, query: expression, clauses: clauses, iterator: iterator))
    }

    /// Prepares `query` for iteration with errors thrown from ``RowIterator/failableNext()``.
    public func prepareRowIterator(_ query: QueryType) throws -> RowIterator {
        let clauses = query.clauses
        return try rowIterator(Self.select(clauses), clauses)
    }

    /// The first row `query` returns (adding `LIMIT 1`), or nil when there is none.
    ///
    /// ```swift
    /// if let user = try db.pluck(users.filter(id == 1)) { print(user[email]) }
    /// ```
    ///
    /// Generic rather than taking `any QueryType`, so that a query in a loop is not boxed on
    /// every call; an `any QueryType` value is accepted all the same.
    public func pluck<Query: QueryType>(_ query: Query) throws -> Row? {
        try pluckRow(query.clauses)
    }

    private func pluckRow(_ clauses: QueryClauses) throws -> Row? {
        let query = Self.select(clauses, limit: (1, clauses.limit?.offset))
        return try withLockedCachedStatement(query.template) { statement throws -> Row? in
            if !query.bindings.isEmpty {
                // A statement that ran to its end last time is not busy, so the cache left it
                // as it was; binding needs it reset (cheap when it already is).
                sqlite3_reset(statement.handle)
                try statement.bindLocked(query.bindings)
            }
            guard try statement.step() else { return nil }
            // After the step, which re-prepares a statement whose schema changed.
            let source = RowSource(statement: statement)
            source.materialize()
            return Row(map: columnMap(statement, clauses), source: source)
        }
    }

    /// Runs an insert and returns the new row's rowid.
    ///
    /// ```swift
    /// let rowid = try db.run(users.insert(email <- "alice@mac.com"))
    /// ```
    @discardableResult
    public func run(_ query: Insert) throws -> Int64 {
        guard query.values.kind == .bindings else {
            // Bound straight from the setters or the other tier's values: no array of bindings,
            // no copy of the insert's values, and one taking of the lock.
            return try runCached(query.template, binding: query.values.parameterCount) { handle throws(Result) in
                try query.values.bind(to: handle)
            }
        }
        return try withLock {
            try runCached(query.template, query.values.bindings)
            return sqlite3_last_insert_rowid(handle)
        }
    }

    /// Runs an update and returns the number of rows it changed.
    ///
    /// An update of a limited query (`users.order(id).limit(1).update(...)`) on a SQLite
    /// library without `UPDATE ... LIMIT` chooses its rows by the table's rowid, or by the
    /// primary key of a `WITHOUT ROWID` table (read from the schema); on a view it throws
    /// `Result`.
    @discardableResult
    public func run(_ query: Update) throws -> Int {
        try withLock {
            try runCached(statementText(query.template, query.limitedRows), query.bindings)
            return changes
        }
    }

    /// Runs a delete and returns the number of rows it deleted; a delete of a limited query
    /// chooses its rows as ``run(_:)-(Update)`` does.
    @discardableResult
    public func run(_ query: Delete) throws -> Int {
        try withLock {
            try runCached(statementText(query.template, query.limitedRows), query.bindings)
            return changes
        }
    }

    /// The value of a single-column query: `try db.scalar(users.count)`.
    public func scalar<V: Value>(_ query: ScalarQuery<V>) throws -> V where V.ValueType == V {
        guard let value = try scalarValue(query.expression, V.self, query.clauses) else {
            throw QueryError.unexpectedNullValue(name: query.clauses.select.columns.first?.template ?? "")
        }
        return value
    }

    /// The value of a single optional column query, nil for `NULL` or no row:
    /// `try db.scalar(users.select(id.max))`.
    public func scalar<V: Value>(_ query: ScalarQuery<V?>) throws -> V? where V.ValueType == V {
        try scalarValue(query.expression, V.self, query.clauses)
    }

    /// The value of an expression: `try db.scalar(exists(users.filter(id == 1)))` runs
    /// `SELECT EXISTS (...)`.
    public func scalar<V: Value>(_ expression: Expression<V>) throws -> V where V.ValueType == V {
        guard let value = try scalarValue(selectExpression(expression), V.self, nil) else {
            throw QueryError.unexpectedNullValue(name: expression.template)
        }
        return value
    }

    /// The value of an optional expression, nil for `NULL`.
    public func scalar<V: Value>(_ expression: Expression<V?>) throws -> V? where V.ValueType == V {
        try scalarValue(selectExpression(expression), V.self, nil)
    }

    // MARK: - Internals

    private func selectExpression<T>(_ expression: Expression<T>) -> Expression<Void> {
        Expression("SELECT " + expression.template, expression.bindings)
    }

    /// Runs `sql` through the statement cache with `bindings`.
    func runCached(_ sql: String, _ bindings: [Binding?]) throws {
        try withLockedCachedStatement(sql) { statement in _ = try statement.run(bindings) }
    }

    /// Reads the first column of the first row of `query` as `V`.
    func scalarValue<V: Value>(_ query: Expression<Void>, _ type: V.Type, _ clauses: QueryClauses?) throws -> V?
    where V.ValueType == V {
        let statement = try cachedStatement(query.template)
        defer { returnToCache(statement) }
        if !query.bindings.isEmpty { statement.bind(query.bindings) }
        guard try statement.step() else { return nil }
        return try Row.readLive(
            V.self, RowSource(statement: statement), 0, clauses?.select.columns.first?.template ?? query.template)
    }

    /// A row iterator over `query` from the statement cache.
    func rowIterator(_ query: Expression<Void>, _ clauses: QueryClauses) throws -> RowIterator {
        let statement = try cachedStatement(query.template)
        // A binding mistake is recorded by `bind` and thrown by the first step.
        if !query.bindings.isEmpty { statement.bind(query.bindings) }
        return RowIterator(statement: statement, clauses: clauses, connection: self)
    }

    /// The `SELECT` statement of `clauses`, rendered anew: the statement cache finds its
    /// prepared statement by this text. `limit` replaces the query's own limit when given
    /// (`pluck` asks for one row), so that the clauses need no copy to change it.
    static func select(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)? = nil) -> Expression<Void> {
        var renderer = SQLRenderer()
        renderer.appendSelect(clauses, limit: limit)
        return renderer.expression
    }

    /// The column map of a run of `statement`, from the columns Core reports for it now: call
    /// it after the run's first step, which re-prepares a statement whose schema changed.
    /// `clauses` nil for raw SQL. The keys of raw SQL and of a query that selects no `*` are
    /// kept by Core with the statement's column layout; those of a query with a `*` (whose
    /// joined tables' column counts may change without changing this statement's columns) are
    /// made for the run.
    func columnMap(_ statement: Statement, _ clauses: QueryClauses?) -> ColumnMap {
        guard let clauses else {
            return ColumnMap(statement.columnsDerived { RawColumnKeys($0) }.columns)
        }
        let columns = clauses.select.columns
        let hasStar = columns.contains { column in
            column.template.utf8.withContiguousStorageIfAvailable { $0.last == UInt8(ascii: "*") } ?? true
        }
        if !hasStar {
            let keys = statement.columnsDerived { layout in
                layout.count == columns.count
                    ? ColumnKeys(selected: columns.map(\.template), layout: layout)
                    : ColumnKeys(clauses: clauses, layout: layout) { _ in nil }
            }
            // Another query rendered to the same text would select the same templates; checked,
            // as a string comparison of identical strings costs little.
            if keys.matches(selected: columns) { return ColumnMap(keys) }
        }
        return ColumnMap(
            ColumnKeys(clauses: clauses, layout: statement.columnLayout) { table in
                // The table's columns as Core's layout of a cached `SELECT *` reports them after
                // a step, which re-prepares the statement if the table changed since.
                try? withLockedCachedStatement("SELECT * FROM " + table + " LIMIT 0") { probe in
                    _ = try probe.step()
                    return probe.columnLayout.count
                }
            })
    }
}

/// The keys of raw SQL's columns (``ColumnKeys/init(rawLayout:)``), as Core keeps them with a
/// column layout: a type of their own, apart from a query's keys for the same text.
final class RawColumnKeys: Sendable {
    let columns: ColumnKeys

    init(_ layout: ColumnLayout) {
        columns = ColumnKeys(rawLayout: layout)
    }

}

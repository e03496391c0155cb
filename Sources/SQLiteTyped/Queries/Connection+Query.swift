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
        let (expression, iterator) = try withTierStoreLock {
            let expression = typedState.select(clauses)
            return (expression, try lockedRowIterator(expression, clauses))
        }
        return AnySequence(RowSequence(connection: self, query: expression, clauses: clauses, iterator: iterator))
    }

    /// Prepares `query` for iteration with errors thrown from ``RowIterator/failableNext()``.
    public func prepareRowIterator(_ query: QueryType) throws -> RowIterator {
        let clauses = query.clauses
        return try withTierStoreLock {
            try lockedRowIterator(typedState.select(clauses), clauses)
        }
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
        // One lock for the whole lookup, the shape cache and the statement cache included: the
        // calls below take it again without contention.
        try withTierStoreLock { () throws -> Row? in
            let query = typedState.select(clauses, limit: (1, clauses.limit?.offset))
            let statement = try lockedCachedStatement(query.template)
            defer { returnLockedToCache(statement) }
            if !query.bindings.isEmpty {
                // A statement that ran to its end last time is not busy, so the cache left it
                // as it was; binding needs it reset (cheap when it already is).
                sqlite3_reset(statement.handle)
                try statement.bindLocked(query.bindings)
            }
            guard try statement.step() else { return nil }
            // After the step, which re-prepares a statement whose schema changed.
            let map = columnMap(statement, clauses)
            return Row(map: map, source: map.copiedRowSource(statement))
        }
    }

    /// Runs an insert and returns the new row's rowid.
    ///
    /// ```swift
    /// let rowid = try db.run(users.insert(email <- "alice@mac.com"))
    /// ```
    @discardableResult
    public func run(_ query: Insert) throws -> Int64 {
        if query.storedTemplate == nil {
            // Built from setters: the text from the connection's shape cache, the statement from
            // its statement cache, under one taking of the lock.
            lockTierStore()
            defer { unlockTierStore() }
            let (sql, count) = typedState.insert(query.target, query.values.setters)
            return try runCachedLocked(sql, binding: count) { handle throws(Result) in
                try query.values.bind(to: handle)
            }
        }
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
        try withTierStoreLock { try lockedRowIterator(query, clauses) }
    }

    /// ``rowIterator(_:_:)`` with the connection's lock held.
    private func lockedRowIterator(_ query: Expression<Void>, _ clauses: QueryClauses) throws -> RowIterator {
        let statement = try lockedCachedStatement(query.template)
        // A binding mistake is recorded by `bind` and thrown by the first step.
        if !query.bindings.isEmpty { statement.bind(query.bindings) }
        return RowIterator(statement: statement, clauses: clauses, connection: self)
    }

    /// The statement's column map, built and attached on its first use, and built again when
    /// SQLite re-prepared the statement with other columns (Core then empties its tier store).
    /// Call it after the first step of each run.
    func columnMap(_ statement: Statement, _ clauses: QueryClauses?) -> ColumnMap {
        if let attached = statement.tierObject(.typed) as? ColumnMap { return attached }
        return buildColumnMap(statement, clauses)
    }

    /// A new column map for the statement's current columns, attached to it unless it holds
    /// for this run only (a joined `SELECT *`); `clauses` nil for raw SQL.
    private func buildColumnMap(_ statement: Statement, _ clauses: QueryClauses?) -> ColumnMap {
        guard let clauses else {
            let map = ColumnMap.build(rawStatement: statement)
            statement.setTierObject(map, for: .typed)
            return map
        }
        let (map, probed) = ColumnMap.build(clauses: clauses, statement: statement) { table in
            try? self.prepare("SELECT * FROM " + table).columnCount
        }
        if !probed { statement.setTierObject(map, for: .typed) }
        return map
    }
}

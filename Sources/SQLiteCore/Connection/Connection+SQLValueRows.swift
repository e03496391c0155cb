extension Connection {
    /// Runs one SQL statement and returns all its rows, each as an array of ``SQLValue`` in
    /// column order (SkipSQL's `selectAll(sql:parameters:)`).
    ///
    /// ```swift
    /// let rows = try db.selectAll(sql: "SELECT 1, 1.1 + 2.2, 'AB' || 'C'")
    /// // [[.integer(1), .real(3.3000000000000003), .text("ABC")]]
    /// let adults = try db.selectAll(sql: "SELECT name FROM users WHERE age >= ?", parameters: [18])
    /// ```
    ///
    /// The statement comes from the connection's statement cache, so running the same SQL again
    /// does not prepare it again; each row's columns are those of the statement as it runs
    /// (SQLite re-prepares it after a schema change, maybe with other columns).
    ///
    /// - Throws: ``Result`` for invalid SQL, SQL holding more than one statement, a number of
    ///   parameters other than the statement's, or a failure while running it.
    public func selectAll(sql: String, parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        try selectAll(sql: sql, parameters: parameters.map { $0 as Binding? })
    }

    /// ``selectAll(sql:parameters:)-(_,[SQLValue])`` with parameters of any ``Binding`` type:
    /// `parameters: [name, age]` for a `String` and an `Int` variable.
    @_disfavoredOverload
    public func selectAll(sql: String, parameters: [Binding?]) throws -> [[SQLValue]] {
        try withSQLValueRows(sql, parameters) { statement, _ in statement.row.lockedSQLValues() }
    }

    /// Runs one SQL statement and returns all its rows, each as a dictionary from column name
    /// to ``SQLValue`` (SQLiteDB's `query(sql:parameters:)`). A NULL column is present, as
    /// ``SQLValue/null``; of two columns with the same name, the later one is kept.
    ///
    /// ```swift
    /// let rows = try db.query(sql: "SELECT * FROM customers WHERE name = ?", parameters: ["John"])
    /// let lastName = rows.first?["last_name"]?.textValue
    /// ```
    ///
    /// Unlike SQLiteDB's, the values are ``SQLValue``s, not `Any`: read them with
    /// ``SQLValue/textValue``, ``SQLValue/int64Value``..., or use ``query(_:_:)`` for
    /// `Binding?` values to cast with `as?`.
    ///
    /// - Throws: ``Result`` as ``selectAll(sql:parameters:)-(_,[SQLValue])`` does.
    public func query(sql: String, parameters: [SQLValue] = []) throws -> [[String: SQLValue]] {
        try query(sql: sql, parameters: parameters.map { $0 as Binding? })
    }

    /// ``query(sql:parameters:)-(_,[SQLValue])`` with parameters of any ``Binding`` type:
    /// `parameters: [name]` for a `String` variable, as SQLiteDB writes it.
    @_disfavoredOverload
    public func query(sql: String, parameters: [Binding?]) throws -> [[String: SQLValue]] {
        try withSQLValueRows(sql, parameters) { statement, names in
            let values = statement.row.lockedSQLValues()
            var row: [String: SQLValue] = [:]
            row.reserveCapacity(names.count)
            for (name, value) in zip(names, values) { row[name] = value }
            return row
        }
    }

    /// Runs `sql` from the statement cache with `parameters` bound by position, and returns
    /// `read(statement, columnNames)` for each row, with the lock held throughout. The names
    /// are read after the first step: SQLite re-prepares a statement whose schema changed there.
    private func withSQLValueRows<Row>(
        _ sql: String, _ parameters: [Binding?], _ read: (Statement, [String]) -> Row
    ) throws -> [Row] {
        try withLockedCachedStatement(sql) { statement in
            // A statement whose rows ran out is not reset when it goes back to the cache.
            sqlite3_reset(statement.handle)
            try statement.bindLocked(parameters)
            var names: [String]?
            var rows: [Row] = []
            while try statement.step() {
                let columns = names ?? statement.columnNames
                names = columns
                rows.append(read(statement, columns))
            }
            return rows
        }
    }
}

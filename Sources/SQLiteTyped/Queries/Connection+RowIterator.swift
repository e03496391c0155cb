extension Connection {
    /// Runs raw SQL and iterates its rows as typed ``Row``s, errors thrown from
    /// ``RowIterator/failableNext()``. Columns are found by their quoted result names:
    ///
    /// ```swift
    /// let rows = try db.prepareRowIterator("SELECT id, email FROM users WHERE id > ?", bindings: 1)
    /// while let row = try rows.failableNext() { print(row[id], row[email]) }
    /// ```
    public func prepareRowIterator(_ statement: String, bindings: Binding?...) throws -> RowIterator {
        try prepareRowIterator(statement, bindings: bindings)
    }

    /// Runs raw SQL with a list of bindings and iterates its rows as typed ``Row``s.
    public func prepareRowIterator(_ statement: String, bindings: [Binding?]) throws -> RowIterator {
        let prepared = try cachedStatement(statement)
        // A binding mistake is recorded by `bind` and thrown by the first step.
        if !bindings.isEmpty { prepared.bind(bindings) }
        return RowIterator(statement: prepared, clauses: nil, connection: self)
    }
}

import Foundation

extension Connection {
    /// The pairs of records an inner join finds: each `Left` with the `Right` that `condition`
    /// matches (a left record matching several right records appears once per match).
    ///
    /// ```swift
    /// let pairs: [(Book, Author)] = try db.fetchAll(
    ///     Book.self, joining: Author.self, on: Book.foreignKey("author_id", to: Author.self))
    /// // SELECT "book".*, "author".* FROM "book" INNER JOIN "author" ON ("book"."author_id" = "author"."id")
    /// ```
    ///
    /// `filter` and `order` may name either table's columns, qualified with
    /// ``Record/column(_:)`` when both tables have the name. The two records must live in
    /// different tables.
    public func fetchAll<Left: Record, Right: Record>(
        _ left: Left.Type, joining right: Right.Type, on condition: SQLExpression<Bool>,
        filter: SQLExpression<Bool?>? = nil, order: [Expressible] = [], limit: Int? = nil
    ) throws -> [(Left, Right)] {
        var pairs: [(Left, Right)] = []
        try joinRows(Left.self, Right.self, "INNER JOIN", condition, filter, order, limit) { left, right in
            guard let right else { return }
            pairs.append((left, right))
        }
        return pairs
    }

    /// The pairs of records a left outer join finds: every `Left`, with each `Right` that
    /// `condition` matches, or with `nil` when none does.
    ///
    /// ```swift
    /// let shelves: [(Author, Book?)] = try db.fetchAll(
    ///     Author.self, leftJoining: Book.self, on: Book.foreignKey("author_id", to: Author.self))
    /// ```
    public func fetchAll<Left: Record, Right: Record>(
        _ left: Left.Type, leftJoining right: Right.Type, on condition: SQLExpression<Bool>,
        filter: SQLExpression<Bool?>? = nil, order: [Expressible] = [], limit: Int? = nil
    ) throws -> [(Left, Right?)] {
        var pairs: [(Left, Right?)] = []
        try joinRows(Left.self, Right.self, "LEFT OUTER JOIN", condition, filter, order, limit) { left, right in
            pairs.append((left, right))
        }
        return pairs
    }

    /// The SQL of a join of two record tables.
    static func joinSQL(
        _ leftTable: String, _ rightTable: String, _ join: String, _ condition: SQLExpression<Bool>,
        _ filter: SQLExpression<Bool?>?, _ order: [Expressible], _ limit: Int?
    ) -> (String, [Binding?]) {
        let left = SQLIdentifier.quote(leftTable)
        let right = SQLIdentifier.quote(rightTable)
        var sql = "SELECT \(left).*, \(right).* FROM \(left) \(join) \(right) ON " + condition.template
        var bindings = condition.bindings
        if let filter {
            sql += " WHERE " + filter.template
            bindings += filter.bindings
        }
        if !order.isEmpty {
            let terms = order.map(\.expression)
            sql += " ORDER BY " + terms.map(\.template).joined(separator: ", ")
            bindings += terms.flatMap(\.bindings)
        }
        if let limit { sql += " LIMIT \(limit)" }
        return (sql, bindings)
    }

    private func joinRows<Left: Record, Right: Record>(
        _ left: Left.Type, _ right: Right.Type, _ join: String, _ condition: SQLExpression<Bool>,
        _ filter: SQLExpression<Bool?>?, _ order: [Expressible], _ limit: Int?, _ body: (Left, Right?) throws -> Void
    ) throws {
        try withLock {
            let leftPlan = recordPlan(Left.self)
            let rightPlan = recordPlan(Right.self)
            let (sql, bindings) = Self.joinSQL(
                leftPlan.tableName, rightPlan.tableName, join, condition, filter, order, limit)
            try withRawStatement(sql) { statement in
                try bindRaw(statement, bindings: bindings)
                // The columns are counted and the decoders found after the first step, in which
                // SQLite re-prepares a statement whose schema changed.
                guard try stepRaw(statement) else { return }
                let leftCount = try tableColumns(leftPlan.tableName).count
                let state = StatementState.of(statement)
                let leftDecoder = state.decoder(
                    for: Left.self, statement: statement, range: 0..<leftCount, naming: leftPlan.naming,
                    options: leftPlan.options, userInfo: [:], cached: true)
                let rightDecoder = state.decoder(
                    for: Right.self, statement: statement, range: leftCount..<statement.columnCount,
                    naming: rightPlan.naming, options: rightPlan.options, userInfo: [:], cached: true)
                let rightMap = rightDecoder.lookup.map
                let rightKey = rightMap.indices[rightPlan.primaryKey.column]
                let rightColumns = rightMap.base..<(rightMap.base + rightMap.names.count)
                repeat {
                    let leftRecord = try leftDecoder.decodeRow(Left.self)
                    let row = RowReader(statement.handle)
                    let missing =
                        rightKey.map { row.isNull(at: Int32($0)) }
                        ?? rightColumns.allSatisfy { row.isNull(at: Int32($0)) }
                    try body(leftRecord, missing ? nil : try rightDecoder.decodeRow(Right.self))
                } while try stepRaw(statement)
            }
        }
    }
}

import Foundation

extension Connection {
    /// Updates the rows of `records` (by primary key, every column) in one transaction (a
    /// savepoint inside an open one): if one update fails, none is kept. Returns how many rows
    /// were updated (a record without a row updates none).
    ///
    /// ```swift
    /// try db.updateMany(items)
    /// ```
    @discardableResult
    public func updateMany<R: Record>(_ records: [R]) throws -> Int {
        try countChanged(records) { record in try update(record) }
    }

    /// Deletes the rows of `records` (by primary key) in one transaction (a savepoint inside
    /// an open one): if one delete fails, none is kept. Returns how many rows were deleted.
    ///
    /// ```swift
    /// try db.deleteMany(items)
    /// ```
    @discardableResult
    public func deleteMany<R: Record>(_ records: [R]) throws -> Int {
        try countChanged(records) { record in try delete(record) }
    }

    // MARK: - Internals of the record calls

    /// Runs `change` on each of `records` in one transaction (a savepoint inside an open one)
    /// and returns how many it changed.
    private func countChanged<R>(_ records: [R], _ change: (R) throws -> Bool) throws -> Int {
        try inTransaction {
            var count = 0
            for record in records where try change(record) { count += 1 }
            return count
        }
    }

    /// Inserts `record`, then reads its row back into it (its new key, timestamps, defaults).
    func insertRecord<R: Record>(_ record: inout R) throws -> Int64 {
        try withLock {
            let rowid = try insert(record)
            let plan = try usablePlan(R.self)
            let key: SQLValue
            if plan.primaryKey.isAutoIncrement {
                key = .integer(rowid)
            } else {
                let (columns, values) = try plan.encode(record)
                key = values[try plan.keyIndex(columns)]
            }
            if let stored = try findRecord(R.self, key: key) { record = stored }
            return rowid
        }
    }

    /// Updates the row of `record` with every column, then, when the type keeps timestamps,
    /// reads it back into it; `false` when no row has its key.
    func updateRecord<R: Record>(_ record: inout R) throws -> Bool {
        try withLock {
            guard try update(record) else { return false }
            let plan = try usablePlan(R.self)
            if plan.timestamps {
                let (columns, values) = try plan.encode(record)
                if let stored = try findRecord(R.self, key: values[try plan.keyIndex(columns)]) { record = stored }
            }
            return true
        }
    }

    /// Updates the columns `assignments` makes (checked against the table before anything
    /// runs) in the row of `record`, by its primary key, then reads the row back into it;
    /// `false` when no row has its key.
    func updateRecord<R: Record>(_ record: inout R, _ assignments: (RecordColumns) throws -> [RecordAssignment])
        throws -> Bool
    {
        try withLock {
            let plan = try usablePlan(R.self)
            let (encoded, values) = try plan.encode(record)
            let key = values[try plan.keyIndex(encoded)]
            let columns = try recordColumns(plan)
            let made = try assignments(columns)
            let keyColumn = plan.primaryKey.column
            guard try runUpdate(plan, columns, made, where: keyColumn.quotedIdentifier + " = ?", [key]) > 0
            else { return false }
            // The key may have been assigned a value: read the row under its new one.
            let assigned = made.last { $0.column.lowercased() == keyColumn.lowercased() }
            let newKey = assigned?.template == "?" ? assigned?.values.first : nil
            if let stored = try findRecord(R.self, key: newKey ?? key) { record = stored }
            return true
        }
    }

    /// Updates the columns `assignments` makes in the rows `condition` selects (both checked
    /// before anything runs) and returns how many rows changed.
    func updateRecords<R: Record>(
        _ type: R.Type, _ assignments: (RecordColumns) throws -> [RecordAssignment],
        where condition: (RecordColumns) throws -> (sql: String, values: [SQLValue])
    ) throws -> Int {
        try withLock {
            let plan = try usablePlan(R.self)
            let columns = try recordColumns(plan)
            let made = try assignments(columns)
            let (sql, values) = try condition(columns)
            return try runUpdate(plan, columns, made, where: sql, values)
        }
    }

    /// The records whose `column` is `value` (`nil`: `IS NULL`), in `orders`, at most `limit`.
    func findRecords<R: Record>(
        _ type: R.Type, _ column: String, _ value: Binding?, _ orders: KeyValuePairs<String, Bool>, limit: Int?
    ) throws -> [R] {
        try findRecords(R.self, where: { try $0.conditions([column: value]) }, orders: orders, limit: limit)
    }

    /// Applies `setters` to the rows `filter` selects (nil: every row), its values stored as the
    /// record stores them; returns how many rows changed.
    func updateRecords<R: Record>(_ type: R.Type, _ setters: [Setter], where filter: SQLExpression<Bool?>?) throws
        -> Int
    {
        try updateRecords(
            R.self, { try $0.assignments(setters) },
            where: { columns in
                guard let filter else { return ("", []) }
                return (filter.template, try filter.bindings.map { try columns.value($0, column: "?") })
            })
    }

    /// The records `clause` selects (a condition checked against the table), in `orders`
    /// (column names, `true` ascending), at most `limit` after `offset` (which needs a limit).
    func findRecords<R: Record>(
        _ type: R.Type, where clause: (RecordColumns) throws -> (sql: String, values: [SQLValue]),
        orders: KeyValuePairs<String, Bool>, limit: Int?, offset: Int? = nil
    ) throws -> [R] {
        try withLock {
            let plan = try usablePlan(R.self)
            let columns = try recordColumns(plan)
            let (condition, values) = try clause(columns)
            var sql = plan.selectSQL
            if !condition.isEmpty { sql += " WHERE " + condition }
            sql += try columns.orderBy(orders)
            if let limit { sql += " LIMIT \(limit)" }
            if let offset, limit != nil { sql += " OFFSET \(offset)" }
            return try fetchRecords(R.self, sql: sql, bindings: values.map(\.binding), first: limit == 1)
        }
    }
}

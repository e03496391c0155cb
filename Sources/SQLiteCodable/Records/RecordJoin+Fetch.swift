import Foundation
import SQLiteSchema

extension RecordJoin {
    /// Every row of the join, as one optional record per table: `types` names the record type
    /// of each side, in the join's order.
    ///
    /// ```swift
    /// let rows: [(Employee?, Employee?)] = try e.join(.leftOuter, m, on: e[managerID] == m[id])
    ///     .fetchAll(Employee.self, Employee.self, in: db)
    /// ```
    ///
    /// - Throws: `Result` when `types` are not the join's tables, when two sides share a
    ///   name, and for SQLite's errors; `DecodingError` for a row a record cannot be read from.
    public func fetchAll<each R: Record>(_ types: repeat (each R).Type, in db: Connection) throws
        -> [(repeat (each R)?)]
    {
        var rows: [(repeat (each R)?)] = []
        try db.forEachJoinRow(self, repeat each types) { row in rows.append(row) }
        return rows
    }

    /// The first row of the join, or nil when it has none.
    public func fetchOne<each R: Record>(_ types: repeat (each R).Type, in db: Connection) throws
        -> (repeat (each R)?)?
    {
        var first: (repeat (each R)?)?
        try db.forEachJoinRow(limit(1), repeat each types) { row in first = row }
        return first
    }
}

/// One side of a join being read: the record type's decoder over the side's columns, and the
/// column that tells whether the side has a row.
private struct JoinSide<T: Record> {
    let decoder: RowDecoder
    /// The side's primary key column, or its columns when it has none among them.
    let presence: [Int32]

    /// The side's record in the current row, or nil when the join found none.
    func read(_ row: RowReader) throws -> T? {
        if presence.allSatisfy({ row.isNull(at: $0) }) { return nil }
        return try decoder.decodeRow(T.self)
    }
}

extension Connection {
    /// Runs `join` and hands each row to `body`, with the connection locked.
    func forEachJoinRow<each R: Record>(
        _ join: RecordJoin, _ types: repeat (each R).Type, body: ((repeat (each R)?)) throws -> Void
    ) throws {
        var tables: [String] = []
        for type in repeat each types { tables.append(type.tableName) }
        try join.check(tables: tables)
        let expression = join.expression
        try withLock {
            // Tables on first use: created or completed before the join is prepared.
            for type in repeat each types { try prepareTable(type) }
            try withLockedCachedStatement(expression.template) { statement in
                sqlite3_reset(statement.handle)
                try statement.bindLocked(expression.bindings)
                // The sides' columns are counted, and the decoders found, after the first step,
                // in which SQLite re-prepares a statement whose schema changed.
                guard try statement.step() else { return }
                let state = StatementState.of(statement)
                var start = 0
                func side<T: Record>(_ type: T.Type) throws -> JoinSide<T> {
                    let plan = recordPlan(T.self)
                    let count = try schema.columnNames(table: plan.tableName).count
                    let range = start..<Swift.min(start + count, statement.columnCount)
                    start = range.upperBound
                    let decoder = state.decoder(
                        for: T.self, statement: statement, range: range, naming: plan.naming, options: plan.options,
                        userInfo: [:], record: true)
                    let map = decoder.lookup.map
                    let presence =
                        map.indices[plan.primaryKey.column].map { [Int32($0)] }
                        ?? range.map { Int32($0) }
                    return JoinSide(decoder: decoder, presence: presence)
                }
                let sides = (repeat try side((each R).self))
                let row = RowReader(statement.handle)
                repeat {
                    try body((repeat try (each sides).read(row)))
                } while try statement.step()
            }
        }
    }
}

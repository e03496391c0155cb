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

    // MARK: - Two record types

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
    /// ``Record/column(_:)`` when both tables have the name. For aliases, self-joins, other
    /// kinds of join and more tables, see ``RecordJoin``.
    public func fetchAll<Left: Record, Right: Record>(
        _ left: Left.Type, joining right: Right.Type, on condition: SQLExpression<Bool>,
        filter: SQLExpression<Bool?>? = nil, order: [Expressible] = [], limit: Int? = nil
    ) throws -> [(Left, Right)] {
        var pairs: [(Left, Right)] = []
        let join = Self.narrow(Left.join(.inner, Right.self, on: condition), filter, order, limit)
        try forEachJoinRow(join, Left.self, Right.self) { left, right in
            guard let left, let right else { return }
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
        let join = Self.narrow(Left.join(.leftOuter, Right.self, on: condition), filter, order, limit)
        try forEachJoinRow(join, Left.self, Right.self) { left, right in
            guard let left else { return }
            pairs.append((left, right))
        }
        return pairs
    }

    /// Every row `join` finds, read as records of `types`: ``RecordJoin/fetchAll(_:in:)-(_,Connection)``.
    public func fetchAll<each R: Record>(_ join: RecordJoin, as types: repeat (each R).Type) throws
        -> [(repeat (each R)?)]
    {
        try join.fetchAll(repeat each types, in: self)
    }

    /// `join` with a filter, an order and a limit.
    private static func narrow(
        _ join: RecordJoin, _ filter: SQLExpression<Bool?>?, _ order: [Expressible], _ limit: Int?
    ) -> RecordJoin {
        var join = join
        if let filter { join = join.filter(filter) }
        if !order.isEmpty { join = join.order(order) }
        if let limit { join = join.limit(limit) }
        return join
    }
}

extension RecordJoin {
    /// Every row of the join, read from a `DatabaseQueue` or `DatabasePool`.
    ///
    /// ```swift
    /// let rows = try await e.join(.leftOuter, m, on: e[managerID] == m[id])
    ///     .fetchAll(Employee.self, Employee.self, in: pool)
    /// ```
    public func fetchAll<each R: Record & Sendable>(_ types: repeat (each R).Type, in reader: some DatabaseReader)
        async throws -> [(repeat (each R)?)]
    {
        try await reader.read { db in try self.fetchAll(repeat each types, in: db) }
    }

    /// Every row of the join, read from a `DatabaseQueue` or `DatabasePool`, blocking the calling thread.
    public func fetchAll<each R: Record>(_ types: repeat (each R).Type, in reader: some DatabaseReader) throws
        -> [(repeat (each R)?)]
    {
        try reader.read { db in try fetchAll(repeat each types, in: db) }
    }

    /// The first row of the join, read from a `DatabaseQueue` or `DatabasePool`.
    public func fetchOne<each R: Record & Sendable>(_ types: repeat (each R).Type, in reader: some DatabaseReader)
        async throws -> (repeat (each R)?)?
    {
        try await reader.read { db in try self.fetchOne(repeat each types, in: db) }
    }

    /// The first row of the join, read from a `DatabaseQueue` or `DatabasePool`, blocking the calling thread.
    public func fetchOne<each R: Record>(_ types: repeat (each R).Type, in reader: some DatabaseReader) throws
        -> (repeat (each R)?)?
    {
        try reader.read { db in try fetchOne(repeat each types, in: db) }
    }
}

extension RecordJoin {
    /// Every row of the join, read from the database of the first record type (its
    /// ``Record/database``, its ``Record/databaseName``, or the default ``RecordDatabase``).
    ///
    /// ```swift
    /// RecordDatabase.setDefault(pool)
    /// let rows = try e.join(.leftOuter, m, on: e[managerID] == m[id]).fetchAll(Employee.self, Employee.self)
    /// ```
    public func fetchAll<each R: Record>(_ types: repeat (each R).Type) throws -> [(repeat (each R)?)] {
        try Self.reading(repeat each types) { db in try fetchAll(repeat each types, in: db) }
    }

    /// The async ``fetchAll(_:)``.
    public func fetchAll<each R: Record & Sendable>(_ types: repeat (each R).Type) async throws
        -> [(repeat (each R)?)]
    {
        var all: [any (Record & Sendable).Type] = []
        for type in repeat each types { all.append(type) }
        guard let first = all.first else { throw RecordError.noDatabase(type: "RecordJoin", name: nil) }
        return try await first.resolvedDatabase().access(all, writes: false) { db in
            try self.fetchAll(repeat each types, in: db)
        }
    }

    /// The first row of the join, read from the database of the first record type.
    public func fetchOne<each R: Record>(_ types: repeat (each R).Type) throws -> (repeat (each R)?)? {
        try Self.reading(repeat each types) { db in try fetchOne(repeat each types, in: db) }
    }

    /// Runs `body` in a read of the tables of `types`, on the database of the first.
    private static func reading<each R: Record, T>(_ types: repeat (each R).Type, body: (Connection) throws -> T)
        throws -> T
    {
        var all: [any Record.Type] = []
        for type in repeat each types { all.append(type) }
        guard let first = all.first else { throw RecordError.noDatabase(type: "RecordJoin", name: nil) }
        return try first.resolvedDatabase().access(all, writes: false, body)
    }
}

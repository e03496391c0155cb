import Foundation

// The primary reads of a record type: static methods that take the connection first
// (`Item.fetchAll(in: db, filter: price < 2, order: [name], limit: 10)`), used inside a queue's
// or pool's `read`/`write` closure or on a `Connection`. The filter, the order, the limit and
// the offset come in that order, with those labels, in every one of them.

extension Record {
    /// The record whose primary key is `id`, or nil.
    ///
    /// ```swift
    /// let item = try Item.find(3, in: db)
    /// ```
    ///
    /// One prepared statement and one decoder, kept with the connection, serve every lookup
    /// of the type.
    public static func find(_ id: some Encodable, in db: Connection) throws -> Self? {
        try db.findRecord(Self.self, id: id)
    }

    /// Every record, or those `filter` selects, in `order`, at most `limit` after `offset`.
    ///
    /// ```swift
    /// let all = try Item.fetchAll(in: db)
    /// let firstTen = try Item.fetchAll(in: db, order: [name.asc], limit: 10)
    /// ```
    public static func fetchAll(
        in db: Connection, filter: SQLExpression<Bool?>? = nil, order: [Expressible] = [], limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [Self] {
        let expression = query(filter: filter, order: order, limit: limit, offset: offset).expression
        return try db.fetchRecords(
            Self.self, sql: expression.template, bindings: expression.bindings, first: limit == 1)
    }

    /// The records `filter` selects: `try Item.fetchAll(in: db, filter: price > 10)`.
    public static func fetchAll(
        in db: Connection, filter: SQLExpression<Bool>, order: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Self] {
        try fetchAll(in: db, filter: SQLExpression<Bool?>(filter), order: order, limit: limit, offset: offset)
    }

    /// The first record (that `filter` selects, in `order`), or nil.
    public static func fetchOne(in db: Connection, filter: SQLExpression<Bool?>? = nil, order: [Expressible] = [])
        throws -> Self?
    {
        try fetchAll(in: db, filter: filter, order: order, limit: 1).first
    }

    /// The first record `filter` selects, or nil: `try Item.fetchOne(in: db, filter: name == "Pen")`.
    public static func fetchOne(in db: Connection, filter: SQLExpression<Bool>, order: [Expressible] = []) throws
        -> Self?
    {
        try fetchOne(in: db, filter: SQLExpression<Bool?>(filter), order: order)
    }

    /// The number of records (that `filter` selects).
    ///
    /// ```swift
    /// let expensive = try Item.count(in: db, filter: price > 100)
    /// ```
    public static func count(in db: Connection, filter: SQLExpression<Bool?>? = nil) throws -> Int {
        Int(try firstInteger(in: db, filter: filter) { plan in plan.countSQL } ?? 0)
    }

    /// The number of records `filter` selects.
    public static func count(in db: Connection, filter: SQLExpression<Bool>) throws -> Int {
        try count(in: db, filter: SQLExpression<Bool?>(filter))
    }

    /// Whether there is a record (that `filter` selects).
    ///
    /// ```swift
    /// if try Item.exists(in: db, filter: name == "Pen") { ... }
    /// ```
    public static func exists(in db: Connection, filter: SQLExpression<Bool?>? = nil) throws -> Bool {
        try firstInteger(in: db, filter: filter, suffix: " LIMIT 1") { plan in "SELECT 1 FROM " + plan.quotedTable }
            != nil
    }

    /// Whether there is a record `filter` selects.
    public static func exists(in db: Connection, filter: SQLExpression<Bool>) throws -> Bool {
        try exists(in: db, filter: SQLExpression<Bool?>(filter))
    }

    /// Deletes every record (that `filter` selects) and returns how many were deleted.
    @discardableResult
    public static func deleteAll(in db: Connection, filter: SQLExpression<Bool?>? = nil) throws -> Int {
        try db.withLock {
            _ = try db.usablePlan(Self.self)
            return try db.run(query(filter: filter, order: [], limit: nil, offset: nil).delete())
        }
    }

    /// Deletes every record `filter` selects and returns how many were deleted.
    ///
    /// ```swift
    /// try Item.deleteAll(in: db, filter: price > 100)
    /// ```
    @discardableResult
    public static func deleteAll(in db: Connection, filter: SQLExpression<Bool>) throws -> Int {
        try deleteAll(in: db, filter: SQLExpression<Bool?>(filter))
    }

    /// The first column of the first row (an integer) of `select`'s SQL for the plan, with
    /// `filter`'s condition and then `suffix`; nil when there is no row.
    static func firstInteger(
        in db: Connection, filter: SQLExpression<Bool?>?, suffix: String = "", _ select: (RecordPlan) -> String
    ) throws -> Int64? {
        try db.withLock {
            var sql = select(try db.usablePlan(Self.self))
            var bindings: [Binding?] = []
            if let filter {
                sql += " WHERE " + filter.template
                bindings = filter.bindings
            }
            return try db.withLockedCachedStatement(sql + suffix) { statement in
                sqlite3_reset(statement.handle)
                try statement.bindLocked(bindings)
                return try statement.step() ? sqlite3_column_int64(statement.handle, 0) : nil
            }
        }
    }

    /// The records an SQL condition of your own selects (none: every record), in a read of
    /// the type's database, in `orders`, at most `limit` after `offset`.
    static func findRows(
        sqlWhere condition: String, _ parameters: [Binding?], _ orders: KeyValuePairs<String, Bool>, limit: Int?,
        offset: Int?
    ) throws -> [Self] {
        try resolvedDatabase().read(Self.self) { db in
            try db.findRecords(
                Self.self, where: { condition.isEmpty ? ("", []) : try sqlCondition(condition, parameters, $0) },
                orders: orders, limit: limit, offset: offset)
        }
    }

    /// An SQL condition in parentheses, with its parameters as the record stores values.
    static func sqlCondition(_ condition: String, _ parameters: [Binding?], _ columns: RecordColumns) throws -> (
        sql: String, values: [SQLValue]
    ) {
        ("(" + condition + ")", try parameters.map { try columns.value($0, column: "?") })
    }

    /// The typed-tier query for a filter, an order and a limit on the record's table.
    static func query(filter: SQLExpression<Bool?>?, order: [Expressible], limit: Int?, offset: Int?) -> Table {
        var query = table
        if let filter { query = query.filter(filter) }
        if !order.isEmpty { query = query.order(order) }
        if let limit {
            query = offset.map { query.limit(limit, offset: $0) } ?? query.limit(limit)
        }
        return query
    }
}

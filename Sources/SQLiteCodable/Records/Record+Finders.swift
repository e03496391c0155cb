import Foundation

// The finders: by key, by typed condition, by typed-tier query, by row number, by column
// name and value, by equality conditions, by an SQL condition of your own. Each on a
// connection or on a queue or pool (through its `read`) with `in:`, the record API; without
// `in:`, the same call on the type's database (``Record/resolvedDatabase()``).

extension Record {
    /// Runs a read of this type on its database.
    static func reading<T>(_ body: (Connection) throws -> T) throws -> T {
        try resolvedDatabase().read(Self.self, body)
    }

    /// Runs a read of this type on `writer`.
    static func reading<T>(in writer: some DatabaseWriter, _ body: (Connection) throws -> T) throws -> T {
        try RecordDatabase(writer).read(Self.self, body)
    }

    // MARK: - By key

    /// The record whose primary key is `id`, or nil (SQLiteDB's `rowBy(id:)`).
    ///
    /// ```swift
    /// let item = try Item.find(3)
    /// ```
    public static func find(_ id: some Encodable) throws -> Self? {
        try reading { db in try find(id, in: db) }
    }

    /// ``find(_:)-3vsex`` in a read of `writer`.
    public static func find(_ id: some Encodable, in writer: some DatabaseWriter) throws -> Self? {
        try reading(in: writer) { db in try find(id, in: db) }
    }

    // MARK: - By typed condition

    /// The first record (that `filter` selects, in `orders`), or nil.
    ///
    /// ```swift
    /// let pen = try Item.findFirst(name == "Pen")
    /// let cheapest = try Item.findFirst(orders: [price.asc])
    /// ```
    public static func findFirst(_ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = []) throws -> Self? {
        try reading { db in try fetchOne(in: db, filter: filter, order: orders) }
    }

    /// ``findFirst(_:orders:)-14cmp`` with a non-optional condition.
    public static func findFirst(_ filter: SQLExpression<Bool>, orders: [Expressible] = []) throws -> Self? {
        try findFirst(SQLExpression<Bool?>(filter), orders: orders)
    }

    /// ``findFirst(_:orders:)-14cmp`` on `db`.
    public static func findFirst(_ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], in db: Connection)
        throws -> Self?
    {
        try fetchOne(in: db, filter: filter, order: orders)
    }

    /// ``findFirst(_:orders:)-14cmp`` on `db`, with a non-optional condition.
    public static func findFirst(_ filter: SQLExpression<Bool>, orders: [Expressible] = [], in db: Connection) throws
        -> Self?
    {
        try fetchOne(in: db, filter: filter, order: orders)
    }

    /// ``findFirst(_:orders:)-14cmp`` in a read of `writer`.
    public static func findFirst(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in try fetchOne(in: db, filter: filter, order: orders) }
    }

    /// ``findFirst(_:orders:)-14cmp`` in a read of `writer`, with a non-optional condition.
    public static func findFirst(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) throws -> Self? {
        try findFirst(SQLExpression<Bool?>(filter), orders: orders, in: writer)
    }

    /// Every record, or those `filter` selects, in `orders`, at most `limit` after `offset`.
    ///
    /// ```swift
    /// let all = try Item.findAll()
    /// let iPhones = try Product.findAll(name == "iPhone", orders: [price.desc], limit: 10)
    /// ```
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Self] {
        try reading { db in try fetchAll(in: db, filter: filter, order: orders, limit: limit, offset: offset) }
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` with a non-optional condition.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Self] {
        try findAll(SQLExpression<Bool?>(filter), orders: orders, limit: limit, offset: offset)
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` on `db`.
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in db: Connection
    ) throws -> [Self] {
        try fetchAll(in: db, filter: filter, order: orders, limit: limit, offset: offset)
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` on `db`, with a non-optional condition.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in db: Connection
    ) throws -> [Self] {
        try fetchAll(in: db, filter: filter, order: orders, limit: limit, offset: offset)
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` in a read of `writer`.
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in writer: some DatabaseWriter
    ) throws -> [Self] {
        try reading(in: writer) { db in
            try fetchAll(in: db, filter: filter, order: orders, limit: limit, offset: offset)
        }
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` in a read of `writer`, with a non-optional condition.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in writer: some DatabaseWriter
    ) throws -> [Self] {
        try findAll(SQLExpression<Bool?>(filter), orders: orders, limit: limit, offset: offset, in: writer)
    }

    // MARK: - By typed-tier query

    /// Every record a query on ``table`` selects: ActiveSQLite's chainable query.
    ///
    /// ```swift
    /// let top = try Product.findAll(Product.table.filter(code > 3).order(code).limit(5))
    /// ```
    public static func findAll(_ query: QueryType) throws -> [Self] {
        try reading { db in try db.fetchAll(Self.self, query) }
    }

    /// ``findAll(_:)-oloh`` on `db`.
    public static func findAll(_ query: QueryType, in db: Connection) throws -> [Self] {
        try db.fetchAll(Self.self, query)
    }

    /// ``findAll(_:)-oloh`` in a read of `writer`.
    public static func findAll(_ query: QueryType, in writer: some DatabaseWriter) throws -> [Self] {
        try reading(in: writer) { db in try db.fetchAll(Self.self, query) }
    }

    /// The first record a query on ``table`` selects, or nil.
    public static func findFirst(_ query: QueryType) throws -> Self? {
        try reading { db in try db.fetchOne(Self.self, query) }
    }

    /// ``findFirst(_:)-9jy2d`` on `db`.
    public static func findFirst(_ query: QueryType, in db: Connection) throws -> Self? {
        try db.fetchOne(Self.self, query)
    }

    /// ``findFirst(_:)-9jy2d`` in a read of `writer`.
    public static func findFirst(_ query: QueryType, in writer: some DatabaseWriter) throws -> Self? {
        try reading(in: writer) { db in try db.fetchOne(Self.self, query) }
    }

    // MARK: - Counting

    /// The number of records (that `filter` selects).
    ///
    /// ```swift
    /// let expensive = try Item.count(price > 100)
    /// ```
    public static func count(_ filter: SQLExpression<Bool?>? = nil) throws -> Int {
        try reading { db in try count(in: db, filter: filter) }
    }

    /// ``count(_:)-2ij3k`` with a non-optional condition.
    public static func count(_ filter: SQLExpression<Bool>) throws -> Int {
        try count(SQLExpression<Bool?>(filter))
    }

    /// ``count(_:)-2ij3k`` in a read of `writer` (on a connection: ``count(in:filter:)-(_,SQLExpression<Bool?>?)``).
    public static func count(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) throws -> Int {
        try reading(in: writer) { db in try count(in: db, filter: filter) }
    }

    /// ``count(_:)-2ij3k`` in a read of `writer`, with a non-optional condition.
    public static func count(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) throws -> Int {
        try count(SQLExpression<Bool?>(filter), in: writer)
    }

    /// Whether there is a record (that `filter` selects).
    ///
    /// ```swift
    /// if try Item.exists(name == "Pen") { ... }
    /// ```
    public static func exists(_ filter: SQLExpression<Bool?>? = nil) throws -> Bool {
        try reading { db in try exists(filter, in: db) }
    }

    /// ``exists(_:)-5ylaq`` with a non-optional condition.
    public static func exists(_ filter: SQLExpression<Bool>) throws -> Bool {
        try exists(SQLExpression<Bool?>(filter))
    }

    /// ``exists(_:)-5ylaq`` on `db`.
    public static func exists(_ filter: SQLExpression<Bool?>? = nil, in db: Connection) throws -> Bool {
        try firstInteger(in: db, filter: filter, suffix: " LIMIT 1") { plan in "SELECT 1 FROM " + plan.quotedTable }
            != nil
    }

    /// ``exists(_:)-5ylaq`` on `db`, with a non-optional condition.
    public static func exists(_ filter: SQLExpression<Bool>, in db: Connection) throws -> Bool {
        try exists(SQLExpression<Bool?>(filter), in: db)
    }

    /// ``exists(_:)-5ylaq`` in a read of `writer`.
    public static func exists(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) throws -> Bool {
        try reading(in: writer) { db in try exists(filter, in: db) }
    }

    /// ``exists(_:)-5ylaq`` in a read of `writer`, with a non-optional condition.
    public static func exists(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) throws -> Bool {
        try exists(SQLExpression<Bool?>(filter), in: writer)
    }

    // MARK: - By row number

    /// The record at 0-based position `number` in `orders` (SQLiteDB's `row(number:)`), or
    /// nil past the end (or for a negative number). Without an order, the position is
    /// SQLite's (usually the key's) order.
    ///
    /// ```swift
    /// let third = try Item.findRow(2, orders: [name.asc])
    /// ```
    public static func findRow(_ number: Int, orders: [Expressible] = []) throws -> Self? {
        try reading { db in try findRow(number, orders: orders, in: db) }
    }

    /// ``findRow(_:orders:)-kqgg`` on `db`.
    public static func findRow(_ number: Int, orders: [Expressible] = [], in db: Connection) throws -> Self? {
        try findRow(number, filter: nil, orders: orders, in: db)
    }

    /// ``findRow(_:orders:)-kqgg`` in a read of `writer`.
    public static func findRow(_ number: Int, orders: [Expressible] = [], in writer: some DatabaseWriter) throws
        -> Self?
    {
        try reading(in: writer) { db in try findRow(number, orders: orders, in: db) }
    }

    /// The record at 0-based position `number` among those `filter` selects, in `orders`
    /// (SQLiteDB's `row(number:filter:order:)`), or nil past the end or for a negative number.
    /// Values in the condition are bound, columns quoted, as everywhere in the typed tier.
    ///
    /// ```swift
    /// let secondCheapWatch = try Item.findRow(1, filter: name == "iWatch", orders: [price.asc])
    /// // SELECT * FROM "item" WHERE ("name" = ?) ORDER BY "price" ASC LIMIT 1 OFFSET 1
    /// ```
    public static func findRow(_ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = []) throws
        -> Self?
    {
        try reading { db in try findRow(number, filter: filter, orders: orders, in: db) }
    }

    /// `findRow(_:filter:orders:)` with a non-optional condition.
    public static func findRow(_ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = []) throws -> Self? {
        try findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders)
    }

    /// `findRow(_:filter:orders:)` on `db`.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = [], in db: Connection
    ) throws -> Self? {
        guard number >= 0 else { return nil }
        return try fetchAll(in: db, filter: filter, order: orders, limit: 1, offset: number).first
    }

    /// `findRow(_:filter:orders:)` on `db`, with a non-optional condition.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = [], in db: Connection
    ) throws -> Self? {
        try findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders, in: db)
    }

    /// `findRow(_:filter:orders:)` in a read of `writer`.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in try findRow(number, filter: filter, orders: orders, in: db) }
    }

    /// `findRow(_:filter:orders:)` in a read of `writer`, with a non-optional condition.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) throws -> Self? {
        try findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders, in: writer)
    }
}

import Foundation

// SQLiteDB's names, for the users of SQLiteDB (its README is in the seeds): `rowBy(id:)`,
// `rows(filter:)` and `row(number:filter:order:)` of an `SQLTable` model, as finders on the
// type's database (``Record/resolvedDatabase()``). Each is one call of the primary read
// (`Item.find(_:in:)`, `Item.fetchAll(in:filter:order:limit:offset:)`) or of the by-name finder
// every form shares, inside a read of that database. SQLiteDB's `save()` and `delete()` are
// ActiveSQLite's (Conventions/ActiveSQLite.swift); its plural table names are
// ``Record/pluralTableName``, its `id = -1` ``RecordKey/autoIncrement(_:newRecordMarker:)``;
// its connection calls `query(sql:parameters:)` (rows of `[String: SQLValue]`) and
// `execute(sql:parameters:)` (one statement, returning the new rowid or the changed-row count)
// are Core's, on `Connection`.

extension Record {
    /// The record whose primary key is `id`, or nil (SQLiteDB's `rowBy(id:)`).
    ///
    /// ```swift
    /// let item = try Item.find(3)
    /// ```
    public static func find(_ id: some Encodable) throws -> Self? {
        try resolvedDatabase().read(Self.self) { db in try find(id, in: db) }
    }

    /// The record at 0-based position `number` in `orders` (SQLiteDB's `row(number:)`), or
    /// nil past the end (or for a negative number). Without an order, the position is
    /// SQLite's (usually the key's) order.
    ///
    /// ```swift
    /// let third = try Item.findRow(2, orders: [name.asc])
    /// ```
    public static func findRow(_ number: Int, orders: [Expressible] = []) throws -> Self? {
        try findRow(number, filter: nil, orders: orders)
    }

    /// The record at 0-based position `number` among those `filter` selects, in `orders`
    /// (SQLiteDB's `row(number:filter:order:)`), or nil past the end or for a negative number.
    ///
    /// ```swift
    /// let secondCheapWatch = try Item.findRow(1, filter: name == "iWatch", orders: [price.asc])
    /// // SELECT * FROM "item" WHERE ("name" = ?) ORDER BY "price" ASC LIMIT 1 OFFSET 1
    /// ```
    public static func findRow(_ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = []) throws
        -> Self?
    {
        number < 0 ? nil : try findAll(filter, orders: orders, limit: 1, offset: number).first
    }

    /// `findRow(_:filter:orders:)` with a non-optional condition.
    public static func findRow(_ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = []) throws -> Self? {
        try findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders)
    }

    /// The records an SQL condition of your own selects (SQLiteDB's `rows(filter:)`), its `?`
    /// placeholders bound to `parameters`, in `orders` (column names, `true` ascending).
    ///
    /// ```swift
    /// let pricey = try Item.findAll(sqlWhere: "price > ? AND name LIKE ?", parameters: [10, "P%"])
    /// ```
    ///
    /// The condition is SQL as written: never build it from user input, pass values as
    /// parameters.
    public static func findAll(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:]
    ) throws -> [Self] {
        try findRows(sqlWhere: condition, parameters, orders, limit: nil, offset: nil)
    }

    /// The record at 0-based position `number` among those an SQL condition of your own
    /// selects, in `orders` (column names, `true` ascending): SQLiteDB's
    /// `row(number:filter:order:)` with its values bound and its columns quoted. Nil past the
    /// end or for a negative number; an empty condition (`sqlWhere: ""`) selects every record.
    ///
    /// ```swift
    /// let third = try Category.findRow(2, sqlWhere: "id > ?", parameters: [10], orders: ["name": true])
    /// // SELECT * FROM "Categories" WHERE (id > ?) ORDER BY "name" ASC LIMIT 1 OFFSET 2
    /// ```
    ///
    /// - Throws: ``RecordError/unknownColumn(type:table:column:)`` for an order naming no
    ///   column.
    public static func findRow(
        _ number: Int, sqlWhere condition: String, parameters: [Binding?] = [],
        orders: KeyValuePairs<String, Bool> = [:]
    ) throws -> Self? {
        number < 0 ? nil : try findRows(sqlWhere: condition, parameters, orders, limit: 1, offset: number).first
    }
}

import Foundation

// Finders by column name and value, by equality conditions and by an SQL condition of your
// own. Names are checked against the table's columns before anything runs (a property name
// is mapped to its column); values are always bound.

extension Record {
    // MARK: - By column and value

    /// The first record whose `column` is `value` (`nil`: `IS NULL`), in `orders` (column
    /// names, `true` ascending), or nil.
    ///
    /// ```swift
    /// let watch = try Product.findFirst("name", value: "iWatch")
    /// ```
    ///
    /// - Throws: ``RecordError/unknownColumn(type:table:column:)`` for a name that is not a
    ///   column (nor a property mapped to one).
    public static func findFirst(_ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:]) throws
        -> Self?
    {
        try reading { db in try findFirst(column, value: value, orders: orders, in: db) }
    }

    /// ``findFirst(_:value:orders:)-6atz1`` on `db`.
    public static func findFirst(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in db: Connection
    ) throws -> Self? {
        try db.findRecords(Self.self, where: { try $0.conditions([column: value]) }, orders: orders, limit: 1).first
    }

    /// ``findFirst(_:value:orders:)-6atz1`` in a read of `writer`.
    public static func findFirst(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in try findFirst(column, value: value, orders: orders, in: db) }
    }

    /// The records whose `column` is `value` (`nil`: `IS NULL`), in `orders` (column names,
    /// `true` ascending, in the order given).
    ///
    /// ```swift
    /// let watches = try Product.findAll("name", value: "iWatch", orders: ["price": false, "id": true])
    /// ```
    public static func findAll(_ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:]) throws
        -> [Self]
    {
        try reading { db in try findAll(column, value: value, orders: orders, in: db) }
    }

    /// ``findAll(_:value:orders:)-2opwu`` on `db`.
    public static func findAll(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in db: Connection
    ) throws -> [Self] {
        try db.findRecords(Self.self, where: { try $0.conditions([column: value]) }, orders: orders, limit: nil)
    }

    /// ``findAll(_:value:orders:)-2opwu`` in a read of `writer`.
    public static func findAll(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in writer: some DatabaseWriter
    ) throws -> [Self] {
        try reading(in: writer) { db in try findAll(column, value: value, orders: orders, in: db) }
    }

    // MARK: - By equality conditions

    /// The records matching every condition (`column = value`; a nil value: `IS NULL`), in
    /// `orders`. No conditions: every record.
    ///
    /// ```swift
    /// let outOfStock = try Item.findAll(where: ["stock": 0, "note": nil], orders: ["name": true])
    /// ```
    public static func findAll(where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:]) throws
        -> [Self]
    {
        try reading { db in try findAll(where: conditions, orders: orders, in: db) }
    }

    /// ``findAll(where:orders:)-6w2is`` on `db`.
    public static func findAll(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:], in db: Connection
    ) throws -> [Self] {
        try db.findRecords(Self.self, where: { try $0.conditions(conditions) }, orders: orders, limit: nil)
    }

    /// ``findAll(where:orders:)-6w2is`` in a read of `writer`.
    public static func findAll(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) throws -> [Self] {
        try reading(in: writer) { db in try findAll(where: conditions, orders: orders, in: db) }
    }

    /// The first record matching every condition, in `orders`, or nil.
    public static func findFirst(where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:])
        throws -> Self?
    {
        try reading { db in try findFirst(where: conditions, orders: orders, in: db) }
    }

    /// ``findFirst(where:orders:)-5ff36`` on `db`.
    public static func findFirst(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:], in db: Connection
    ) throws -> Self? {
        try db.findRecords(Self.self, where: { try $0.conditions(conditions) }, orders: orders, limit: 1).first
    }

    /// ``findFirst(where:orders:)-5ff36`` in a read of `writer`.
    public static func findFirst(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in try findFirst(where: conditions, orders: orders, in: db) }
    }

    // MARK: - By an SQL condition

    /// The records an SQL condition of your own selects (SQLiteDB's `rows(filter:)`), its `?`
    /// placeholders bound to `parameters`, in `orders`.
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
        try reading { db in try findAll(sqlWhere: condition, parameters: parameters, orders: orders, in: db) }
    }

    /// ``findAll(sqlWhere:parameters:orders:)-9p62b`` on `db`.
    public static func findAll(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in db: Connection
    ) throws -> [Self] {
        try db.findRecords(
            Self.self, where: { try sqlCondition(condition, parameters, $0) }, orders: orders, limit: nil)
    }

    /// ``findAll(sqlWhere:parameters:orders:)-9p62b`` in a read of `writer`.
    public static func findAll(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) throws -> [Self] {
        try reading(in: writer) { db in
            try findAll(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// The first record an SQL condition of your own selects, in `orders`, or nil.
    public static func findFirst(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:]
    ) throws -> Self? {
        try reading { db in try findFirst(sqlWhere: condition, parameters: parameters, orders: orders, in: db) }
    }

    /// ``findFirst(sqlWhere:parameters:orders:)-8ka7k`` on `db`.
    public static func findFirst(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in db: Connection
    ) throws -> Self? {
        try db.findRecords(Self.self, where: { try sqlCondition(condition, parameters, $0) }, orders: orders, limit: 1)
            .first
    }

    /// ``findFirst(sqlWhere:parameters:orders:)-8ka7k`` in a read of `writer`.
    public static func findFirst(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in
            try findFirst(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
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
        try reading { db in
            try findRow(number, sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// `findRow(_:sqlWhere:parameters:orders:)` on `db`.
    public static func findRow(
        _ number: Int, sqlWhere condition: String, parameters: [Binding?] = [],
        orders: KeyValuePairs<String, Bool> = [:], in db: Connection
    ) throws -> Self? {
        guard number >= 0 else { return nil }
        return try db.findRecords(
            Self.self, where: { condition.isEmpty ? ("", []) : try sqlCondition(condition, parameters, $0) },
            orders: orders, limit: 1, offset: number
        ).first
    }

    /// `findRow(_:sqlWhere:parameters:orders:)` in a read of `writer`.
    public static func findRow(
        _ number: Int, sqlWhere condition: String, parameters: [Binding?] = [],
        orders: KeyValuePairs<String, Bool> = [:], in writer: some DatabaseWriter
    ) throws -> Self? {
        try reading(in: writer) { db in
            try findRow(number, sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// An SQL condition in parentheses, with its parameters as the record stores values.
    static func sqlCondition(_ condition: String, _ parameters: [Binding?], _ columns: RecordColumns) throws -> (
        sql: String, values: [SQLValue]
    ) {
        ("(" + condition + ")", try parameters.map { try columns.value($0, column: "?") })
    }
}

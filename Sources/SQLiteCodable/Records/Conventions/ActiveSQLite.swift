import Foundation
import SQLiteSchema

// ActiveSQLite's names, for the users of ActiveSQLite (its README is in the seeds): a model
// saves, finds, updates and deletes itself on its database without naming one, and a model
// type changes its own table. Each form runs on the type's database (``Record/resolvedDatabase()``:
// its `database`, its `databaseName`, or the default) and is one call of the primary form of
// the connection (`db.save(&record)`, `Item.fetchAll(in:filter:order:limit:offset:)`...) or of
// the by-name machinery every form shares, inside that database's read or write.
//
// Code that has a connection (inside `queue.write { db in ... }`) calls the primary forms.

extension Record {
    // MARK: - Saving, inserting, updating, deleting

    /// Inserts or updates the record in its database, then updates it with what the database
    /// assigned (`db.save(&record)` in a write of the type's database).
    ///
    /// ```swift
    /// var item = Item(name: "Pen", price: 1.5)
    /// try item.save()          // INSERT: item.id is set
    /// item.price = 2
    /// try item.save()          // UPDATE
    /// ```
    ///
    /// - Throws: ``RecordError/noDatabase(type:name:)`` when the type has no database.
    public mutating func save() throws {
        try Self.resolvedDatabase().write(Self.self) { db in try db.save(&self) }
    }

    /// Inserts the record in its database, then reads its row back into it (its new key,
    /// timestamps, column defaults); returns the rowid. A record whose key is taken throws
    /// SQLite's constraint error.
    @discardableResult
    public mutating func insert() throws -> Int64 {
        try Self.resolvedDatabase().write(Self.self) { db in try db.insertRecord(&self) }
    }

    /// Updates the record's row (by primary key) with every column, and its timestamps from
    /// the row when the type keeps them; `false` when no row has its key.
    @discardableResult
    public mutating func update() throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.updateRecord(&self) }
    }

    /// Deletes the record's row, by its primary key; `false` when there was none.
    @discardableResult
    public func delete() throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.delete(self) }
    }

    /// Sets `column` to `value` in the record's row, then reads the row back into the record;
    /// `false` when no row has its key.
    ///
    /// ```swift
    /// try product.update("name", value: "3ds")
    /// ```
    ///
    /// - Throws: ``RecordError/unknownColumn(type:table:column:)``, changing nothing, for a
    ///   name that is not a column (nor a property mapped to one).
    @discardableResult
    public mutating func update(_ column: String, value: Binding?) throws -> Bool {
        try update([column: value])
    }

    /// Sets the columns named in `values` in the record's row, then reads the row back into
    /// the record; `false` when no row has its key. Every name is checked before anything
    /// runs: one unknown name changes nothing.
    ///
    /// ```swift
    /// try product.update(["name": "3ds", "price": 199])
    /// ```
    @discardableResult
    public mutating func update(_ values: [String: Binding?]) throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.updateRecord(&self) { try $0.assignments(values) } }
    }

    /// Applies typed-tier setters to the record's row, then reads the row back into the
    /// record; `false` when no row has its key.
    ///
    /// ```swift
    /// try product.update([price <- 199, stock <- stock - 1])
    /// ```
    @discardableResult
    public mutating func update(_ setters: [Setter]) throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.updateRecord(&self) { try $0.assignments(setters) }
        }
    }

    // MARK: - Batches and conditions

    /// Inserts `records` in one transaction (a savepoint inside an open one) and returns their
    /// rowids (`db.insertMany(_:)`).
    @discardableResult
    public static func insertBatch(_ records: [Self]) throws -> [Int64] {
        try resolvedDatabase().write(Self.self) { db in try db.insertMany(records) }
    }

    /// Updates the rows of `records` (every column, by key) in one transaction and returns how
    /// many rows were updated (`db.updateMany(_:)`).
    @discardableResult
    public static func updateBatch(_ records: [Self]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try db.updateMany(records) }
    }

    /// Deletes the rows of `records` (by key) in one transaction and returns how many rows were
    /// deleted (`db.deleteMany(_:)`).
    @discardableResult
    public static func deleteBatch(_ records: [Self]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try db.deleteMany(records) }
    }

    /// Deletes every record (that `filter` selects) and returns how many were deleted.
    ///
    /// ```swift
    /// try Product.deleteAll(price < 1)
    /// ```
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool?>? = nil) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// ``deleteAll(_:)-9nqd`` with a non-optional condition.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool>) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// Sets the columns named in `values` in every row matching every condition of
    /// `conditions` (`column = value`; nil: `IS NULL`; none: every row) and returns how many
    /// rows changed. Every name is checked before anything runs.
    ///
    /// ```swift
    /// try Product.update(["price": 199], where: ["name": "3ds"])
    /// ```
    @discardableResult
    public static func update(_ values: [String: Binding?], where conditions: [String: Binding?]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in
            try db.updateRecords(Self.self, { try $0.assignments(values) }, where: { try $0.conditions(conditions) })
        }
    }

    /// Applies typed-tier setters to every row `filter` selects (nil: every row) and returns
    /// how many rows changed.
    ///
    /// ```swift
    /// try Product.update([price <- 199], where: name == "3ds")
    /// ```
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try db.updateRecords(Self.self, setters, where: filter) }
    }

    /// ``update(_:where:)-1tgl9`` with a non-optional condition.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>) throws -> Int {
        try update(setters, where: SQLExpression<Bool?>(filter))
    }

    // MARK: - Finders

    /// Every record, or those `filter` selects, in `orders`, at most `limit` after `offset`
    /// (`fetchAll(in:filter:order:limit:offset:)` in a read of the type's database).
    ///
    /// ```swift
    /// let iPhones = try Product.findAll(name == "iPhone", orders: [price.desc], limit: 10)
    /// ```
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Self] {
        try resolvedDatabase().read(Self.self) { db in
            try fetchAll(in: db, filter: filter, order: orders, limit: limit, offset: offset)
        }
    }

    /// ``findAll(_:orders:limit:offset:)-5nrtj`` with a non-optional condition.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Self] {
        try findAll(SQLExpression<Bool?>(filter), orders: orders, limit: limit, offset: offset)
    }

    /// Every record a query on ``table`` selects: ActiveSQLite's chainable query
    /// (`db.fetchAll(_:_:)` in a read of the type's database).
    ///
    /// ```swift
    /// let top = try Product.findAll(Product.table.filter(code > 3).order(code).limit(5))
    /// ```
    public static func findAll(_ query: QueryType) throws -> [Self] {
        try resolvedDatabase().read(Self.self) { db in try db.fetchAll(Self.self, query) }
    }

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
        try resolvedDatabase().read(Self.self) { db in try db.findRecords(Self.self, column, value, orders, limit: 1) }
            .first
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
        try resolvedDatabase().read(Self.self) { db in try db.findRecords(Self.self, column, value, orders, limit: nil)
        }
    }

    // MARK: - The table

    /// Creates the table and its declared indexes (`db.createTable(for:ifNotExists:)`).
    public static func createTable(ifNotExists: Bool = true) throws {
        try resolvedDatabase().write(Self.self) { db in try db.createTable(for: Self.self, ifNotExists: ifNotExists) }
    }

    /// Creates the table, or adds the columns and indexes it lacks; returns the columns added
    /// (`db.syncTable(for:)`).
    @discardableResult
    public static func syncTable() throws -> [String] {
        try resolvedDatabase().write(Self.self) { db in try db.syncTable(for: Self.self) }
    }

    /// Drops the table (`DROP TABLE IF EXISTS`); a type that creates its table on first use
    /// creates it again at its next use.
    public static func dropTable(ifExists: Bool = true) throws {
        try resolvedDatabase().dropTable(Self.self, ifExists: ifExists)
    }

    /// Renames the table `oldName` to the type's table (`ALTER TABLE "old" RENAME TO "item"`).
    public static func renameTable(from oldName: String) throws {
        try resolvedDatabase().write(Self.self) { db in
            try SchemaChanger(connection: db).rename(table: oldName, to: tableName)
        }
    }

    /// Adds the columns of the properties `names` (property or column names, checked before
    /// anything runs) that the table lacks; returns the names of the columns added.
    ///
    /// ```swift
    /// try Item.addColumns(["stock"])
    /// ```
    @discardableResult
    public static func addColumns(_ names: [String]) throws -> [String] {
        try resolvedDatabase().write(Self.self) { db in try db.addColumns(names, for: Self.self) }
    }

    /// Creates an index on typed-tier columns (`CREATE INDEX IF NOT EXISTS "index_item_on_name"`).
    public static func createIndex(_ columns: Expressible..., unique: Bool = false) throws {
        try resolvedDatabase().write(Self.self) { db in
            try db.execute(table.createIndex(columns, unique: unique, ifNotExists: true))
        }
    }

    /// Drops the index ``createIndex(_:unique:)`` makes on the same columns, if it exists.
    public static func dropIndex(_ columns: Expressible...) throws {
        try resolvedDatabase().write(Self.self) { db in try db.execute(table.dropIndex(columns, ifExists: true)) }
    }
}

extension RecordDatabase {
    /// Runs `body` in one transaction on the default database (ActiveSQLite's
    /// `ActiveSQLite.save { }`): committed when it returns, rolled back when it throws. Record
    /// calls inside it that name no database join it.
    ///
    /// ```swift
    /// try RecordDatabase.transaction { db in
    ///     try Product.insertBatch(products)
    ///     try db.save(&user)
    /// }
    /// ```
    ///
    /// - Throws: ``RecordError/noDatabase(type:name:)`` when no default is set.
    @discardableResult
    public static func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try defaultOrThrow().transaction(body)
    }

    /// The async ``transaction(_:)-(_)`` on the default database (ActiveSQLite's
    /// `ActiveSQLite.saveAsync { }`): a queue or a pool runs `body` on its writer's own queue,
    /// a connection on the calling task.
    @discardableResult
    public static func transaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws
        -> T
    {
        try await defaultOrThrow().transaction(body)
    }
}

import Foundation
import SQLiteSchema

// ActiveSQLite's schema calls on the model: create, drop, rename the table, add columns,
// create and drop indexes. Each on the type's database (``Record/resolvedDatabase()``, in a
// write), on a connection, or on a queue or pool (in a write).

extension Record {
    /// Runs a schema change of this type on its database.
    private static func changingSchema<T>(_ body: (Connection) throws -> T) throws -> T {
        try resolvedDatabase().write(Self.self, body)
    }

    // MARK: - Tables

    /// Creates the type's table and declared indexes (see
    /// `Connection.createTable(for:ifNotExists:)`).
    ///
    /// ```swift
    /// try Item.createTable()
    /// ```
    public static func createTable(ifNotExists: Bool = true) throws {
        try changingSchema { db in try db.createTable(for: Self.self, ifNotExists: ifNotExists) }
    }

    /// ``createTable(ifNotExists:)`` on `db`.
    public static func createTable(ifNotExists: Bool = true, in db: Connection) throws {
        try db.createTable(for: Self.self, ifNotExists: ifNotExists)
    }

    /// ``createTable(ifNotExists:)`` in a write of `writer`.
    public static func createTable(ifNotExists: Bool = true, in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try createTable(ifNotExists: ifNotExists, in: db) }
    }

    /// Creates the type's table, or adds the columns and indexes it lacks (see
    /// `Connection.syncTable(for:)`); returns the names of the columns added.
    @discardableResult
    public static func syncTable() throws -> [String] {
        try changingSchema { db in try db.syncTable(for: Self.self) }
    }

    /// ``syncTable()`` on `db`.
    @discardableResult
    public static func syncTable(in db: Connection) throws -> [String] {
        try db.syncTable(for: Self.self)
    }

    /// ``syncTable()`` in a write of `writer`.
    @discardableResult
    public static func syncTable(in writer: some DatabaseWriter) throws -> [String] {
        try RecordDatabase(writer).write(Self.self) { db in try db.syncTable(for: Self.self) }
    }

    /// Drops the type's table with SQLiteSchema's `SchemaChanger` (no error when it is missing,
    /// unless `ifExists` is false). A type that creates its table on first use creates it again
    /// at its next use on this database.
    ///
    /// ```swift
    /// try Product.dropTable()
    /// ```
    public static func dropTable(ifExists: Bool = true) throws {
        let database = try resolvedDatabase()
        try database.write { db in try dropTable(ifExists: ifExists, in: db) }
    }

    /// ``dropTable(ifExists:)`` on `db`.
    public static func dropTable(ifExists: Bool = true, in db: Connection) throws {
        try SchemaChanger(connection: db).drop(table: tableName, ifExists: ifExists)
    }

    /// ``dropTable(ifExists:)`` in a write of `writer`.
    public static func dropTable(ifExists: Bool = true, in writer: some DatabaseWriter) throws {
        let database = RecordDatabase(writer)
        try database.write { db in try dropTable(ifExists: ifExists, in: db) }
    }

    /// Renames the table `oldName` to the type's ``tableName`` (after the type was renamed), with
    /// SQLiteSchema's `SchemaChanger`.
    ///
    /// ```swift
    /// try Product.renameTable(from: "old_product")   // ALTER TABLE "main"."old_product" RENAME TO "product"
    /// ```
    public static func renameTable(from oldName: String) throws {
        try changingSchema { db in try renameTable(from: oldName, in: db) }
    }

    /// ``renameTable(from:)`` on `db`.
    public static func renameTable(from oldName: String, in db: Connection) throws {
        try SchemaChanger(connection: db).rename(table: oldName, to: tableName)
    }

    /// ``renameTable(from:)`` in a write of `writer`.
    public static func renameTable(from oldName: String, in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try renameTable(from: oldName, in: db) }
    }

    // MARK: - Columns

    /// Adds the columns of the named properties (or columns) that the table lacks, as
    /// ``syncTable()`` would add them, and returns the names added; the others are left out.
    ///
    /// ```swift
    /// try Product.addColumns(["newColumn"])
    /// ```
    ///
    /// - Throws: ``RecordError/unknownColumn(type:table:column:)`` for a name that is not a
    ///   property or column of the type, before anything runs; as ``syncTable()`` for a column
    ///   `ALTER TABLE` cannot add.
    @discardableResult
    public static func addColumns(_ names: [String]) throws -> [String] {
        try changingSchema { db in try addColumns(names, in: db) }
    }

    /// ``addColumns(_:)`` on `db`.
    @discardableResult
    public static func addColumns(_ names: [String], in db: Connection) throws -> [String] {
        let schema = try RecordSchema(Self.self)
        let known = RecordColumns(plan: schema.plan, columns: schema.columns.map(\.name))
        let wanted = try Set(names.map { try known.resolve($0) })
        return try db.inTransaction(.immediate) {
            // The columns not asked for count as present, so that only the others are added.
            let existing = try db.schema.columnNames(table: schema.plan.tableName)
            let others = schema.columns.map(\.name).filter { !wanted.contains($0) }
            let missing = try schema.missingColumns(existing: existing + others, foreignKeysOn: db.foreignKeys)
            try db.addMissing(schema, columns: missing.columns, indexes: missing.indexes)
            return missing.columns.map(\.name)
        }
    }

    /// ``addColumns(_:)`` in a write of `writer`.
    @discardableResult
    public static func addColumns(_ names: [String], in writer: some DatabaseWriter) throws -> [String] {
        try RecordDatabase(writer).write(Self.self) { db in try addColumns(names, in: db) }
    }

    // MARK: - Indexes

    /// Creates an index on the type's table over typed-tier columns, named as the typed tier
    /// names it (`index_<table>_on_<columns>`), unless it exists.
    ///
    /// ```swift
    /// try Product.createIndex(name)
    /// try Product.createIndex(name, price, unique: true)
    /// ```
    public static func createIndex(_ columns: Expressible..., unique: Bool = false) throws {
        try changingSchema { db in try db.execute(table.createIndex(columns, unique: unique, ifNotExists: true)) }
    }

    /// ``createIndex(_:unique:)-(Expressible...,_)`` on `db`.
    public static func createIndex(_ columns: Expressible..., unique: Bool = false, in db: Connection) throws {
        try db.execute(table.createIndex(columns, unique: unique, ifNotExists: true))
    }

    /// ``createIndex(_:unique:)-(Expressible...,_)`` in a write of `writer`.
    public static func createIndex(_ columns: Expressible..., unique: Bool = false, in writer: some DatabaseWriter)
        throws
    {
        try RecordDatabase(writer).write(Self.self) { db in
            try db.execute(table.createIndex(columns, unique: unique, ifNotExists: true))
        }
    }

    /// Creates a declared index (its columns named as in the table or by their properties),
    /// unless it exists.
    ///
    /// ```swift
    /// try Item.createIndex(RecordIndex("name", "price", name: "item_by_name"))
    /// ```
    public static func createIndex(_ index: RecordIndex) throws {
        try changingSchema { db in try createIndex(index, in: db) }
    }

    /// ``createIndex(_:)-(RecordIndex)`` on `db`.
    public static func createIndex(_ index: RecordIndex, in db: Connection) throws {
        try db.withLock {
            let plan = try db.usablePlan(Self.self)
            let columns = try db.recordColumns(plan)
            let names = try index.columns.map { try columns.resolve($0) }
            try SchemaChanger(connection: db).alter(table: plan.tableName) { change in
                change.add(index: index.definition(table: plan.tableName, columns: names), ifNotExists: true)
            }
        }
    }

    /// ``createIndex(_:)-(RecordIndex)`` in a write of `writer`.
    public static func createIndex(_ index: RecordIndex, in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try createIndex(index, in: db) }
    }

    /// Drops the index ``createIndex(_:unique:)-(Expressible...,_)`` makes over these columns,
    /// if it exists.
    ///
    /// ```swift
    /// try Product.dropIndex(name)
    /// ```
    public static func dropIndex(_ columns: Expressible...) throws {
        try changingSchema { db in try db.execute(table.dropIndex(columns, ifExists: true)) }
    }

    /// ``dropIndex(_:)-(Expressible...)`` on `db`.
    public static func dropIndex(_ columns: Expressible..., in db: Connection) throws {
        try db.execute(table.dropIndex(columns, ifExists: true))
    }

    /// ``dropIndex(_:)-(Expressible...)`` in a write of `writer`.
    public static func dropIndex(_ columns: Expressible..., in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try db.execute(table.dropIndex(columns, ifExists: true)) }
    }

    /// Drops the index named `name`, if it exists.
    public static func dropIndex(named name: String) throws {
        try changingSchema { db in try dropIndex(named: name, in: db) }
    }

    /// ``dropIndex(named:)`` on `db`.
    public static func dropIndex(named name: String, in db: Connection) throws {
        try db.execute("DROP INDEX IF EXISTS " + name.quotedIdentifier)
    }

    /// ``dropIndex(named:)`` in a write of `writer`.
    public static func dropIndex(named name: String, in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try dropIndex(named: name, in: db) }
    }
}

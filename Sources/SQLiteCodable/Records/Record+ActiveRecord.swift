import Foundation

// Saving, updating and deleting: `in:` a connection, queue or pool (the record API), or
// without `in:` on the type's database (``Record/resolvedDatabase()``). Every form ends in
// the same connection-level call (`Connection.save(_:)`, `insertMany(_:)`...).

extension Record {
    // MARK: - Saving

    /// Inserts or updates the record in its database, then updates it with what the database
    /// assigned: a new auto-increment key, timestamps (see `Connection.save(_:)`).
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

    /// ``save()-6riny`` on `db`.
    public mutating func save(in db: Connection) throws {
        try db.save(&self)
    }

    /// ``save()-6riny`` in a write of `writer`.
    public mutating func save(in writer: some DatabaseWriter) throws {
        try RecordDatabase(writer).write(Self.self) { db in try db.save(&self) }
    }

    /// Inserts the record in its database, then reads its row back into it (its new key,
    /// timestamps, column defaults); returns the rowid. A record whose key is taken throws
    /// SQLite's constraint error.
    ///
    /// ```swift
    /// var item = Item(name: "Pen", price: 1.5)
    /// try item.insert()        // item.id is the new rowid
    /// ```
    @discardableResult
    public mutating func insert() throws -> Int64 {
        try Self.resolvedDatabase().write(Self.self) { db in try db.insertRecord(&self) }
    }

    /// ``insert()-7i16h`` on `db`.
    @discardableResult
    public mutating func insert(in db: Connection) throws -> Int64 {
        try db.insertRecord(&self)
    }

    /// ``insert()-7i16h`` in a write of `writer`.
    @discardableResult
    public mutating func insert(in writer: some DatabaseWriter) throws -> Int64 {
        try RecordDatabase(writer).write(Self.self) { db in try db.insertRecord(&self) }
    }

    /// Updates the record's row (found by its primary key) with every column, and its
    /// timestamps from the row when the type keeps them; `false` when no row has its key.
    ///
    /// ```swift
    /// item.price = 3
    /// try item.update()
    /// ```
    @discardableResult
    public mutating func update() throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.updateRecord(&self) }
    }

    /// ``update()-9uxxy`` on `db`.
    @discardableResult
    public mutating func update(in db: Connection) throws -> Bool {
        try db.updateRecord(&self)
    }

    /// ``update()-9uxxy`` in a write of `writer`.
    @discardableResult
    public mutating func update(in writer: some DatabaseWriter) throws -> Bool {
        try RecordDatabase(writer).write(Self.self) { db in try db.updateRecord(&self) }
    }

    /// Deletes the record's row, by its primary key; `false` when there was none.
    ///
    /// ```swift
    /// try item.delete()
    /// ```
    @discardableResult
    public func delete() throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try db.delete(self) }
    }

    /// ``delete()-10v66`` on `db`.
    @discardableResult
    public func delete(in db: Connection) throws -> Bool {
        try db.delete(self)
    }

    /// ``delete()-10v66`` in a write of `writer`.
    @discardableResult
    public func delete(in writer: some DatabaseWriter) throws -> Bool {
        try RecordDatabase(writer).write(Self.self) { db in try db.delete(self) }
    }

    // MARK: - Batches

    /// Inserts `records` in one transaction (a savepoint inside an open one) and returns their
    /// rowids (see `Connection.insertMany(_:)`).
    ///
    /// ```swift
    /// try Product.insertBatch(products)
    /// ```
    @discardableResult
    public static func insertBatch(_ records: [Self]) throws -> [Int64] {
        try resolvedDatabase().write(Self.self) { db in try db.insertMany(records) }
    }

    /// ``insertBatch(_:)-9o07j`` on `db`.
    @discardableResult
    public static func insertBatch(_ records: [Self], in db: Connection) throws -> [Int64] {
        try db.insertMany(records)
    }

    /// ``insertBatch(_:)-9o07j`` in a write of `writer`.
    @discardableResult
    public static func insertBatch(_ records: [Self], in writer: some DatabaseWriter) throws -> [Int64] {
        try RecordDatabase(writer).write(Self.self) { db in try db.insertMany(records) }
    }

    /// Updates the rows of `records` (every column, by primary key) in one transaction (a
    /// savepoint inside an open one): one failure rolls the whole batch back. Returns how many
    /// rows were updated.
    ///
    /// ```swift
    /// try Item.updateBatch(items)
    /// ```
    @discardableResult
    public static func updateBatch(_ records: [Self]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try db.updateMany(records) }
    }

    /// ``updateBatch(_:)-4pyq0`` on `db`.
    @discardableResult
    public static func updateBatch(_ records: [Self], in db: Connection) throws -> Int {
        try db.updateMany(records)
    }

    /// ``updateBatch(_:)-4pyq0`` in a write of `writer`.
    @discardableResult
    public static func updateBatch(_ records: [Self], in writer: some DatabaseWriter) throws -> Int {
        try RecordDatabase(writer).write(Self.self) { db in try db.updateMany(records) }
    }

    /// Deletes the rows of `records` (by primary key) in one transaction (a savepoint inside
    /// an open one): one failure rolls the whole batch back. Returns how many rows were
    /// deleted.
    @discardableResult
    public static func deleteBatch(_ records: [Self]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try db.deleteMany(records) }
    }

    /// ``deleteBatch(_:)-lfi8`` on `db`.
    @discardableResult
    public static func deleteBatch(_ records: [Self], in db: Connection) throws -> Int {
        try db.deleteMany(records)
    }

    /// ``deleteBatch(_:)-lfi8`` in a write of `writer`.
    @discardableResult
    public static func deleteBatch(_ records: [Self], in writer: some DatabaseWriter) throws -> Int {
        try RecordDatabase(writer).write(Self.self) { db in try db.deleteMany(records) }
    }

    /// Deletes every record (that `filter` selects) and returns how many were deleted.
    ///
    /// ```swift
    /// try Product.deleteAll()
    /// try Product.deleteAll(price < 1)
    /// ```
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool?>? = nil) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// ``deleteAll(_:)-9nqd`` with a non-optional condition.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool>) throws -> Int {
        try deleteAll(SQLExpression<Bool?>(filter))
    }

    /// ``deleteAll(_:)-9nqd`` in a write of `writer`.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) throws -> Int {
        try RecordDatabase(writer).write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// ``deleteAll(_:)-9nqd`` with a non-optional condition, in a write of `writer`.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) throws -> Int {
        try deleteAll(SQLExpression<Bool?>(filter), in: writer)
    }
}

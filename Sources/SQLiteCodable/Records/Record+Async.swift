import Foundation

// The async forms of the ActiveRecord-style calls, for Sendable records: the same names,
// awaited. A queue or a pool runs them on its connections' own queues (reads through `read`,
// writes through `write`); a connection runs them on the calling task. From a synchronous
// context, the synchronous forms are called.

extension Record where Self: Sendable {
    // MARK: - Saving

    /// The async ``save()``.
    ///
    /// ```swift
    /// var item = Item(name: "Pen", price: 1.5)
    /// try await item.save()
    /// ```
    public mutating func save() async throws {
        try await mutate(on: Self.resolvedDatabase()) { db, record in try db.save(&record) }
    }

    /// The async ``save()-8sv5c`` in a write of `writer`.
    public mutating func save(in writer: some DatabaseWriter) async throws {
        try await mutate(on: RecordDatabase(writer)) { db, record in try db.save(&record) }
    }

    /// The async ``insert()``.
    @discardableResult
    public mutating func insert() async throws -> Int64 {
        try await mutate(on: Self.resolvedDatabase()) { db, record in try db.insertRecord(&record) }
    }

    /// The async ``insert()-1dr01`` in a write of `writer`.
    @discardableResult
    public mutating func insert(in writer: some DatabaseWriter) async throws -> Int64 {
        try await mutate(on: RecordDatabase(writer)) { db, record in try db.insertRecord(&record) }
    }

    /// The async ``update()``.
    @discardableResult
    public mutating func update() async throws -> Bool {
        try await mutate(on: Self.resolvedDatabase()) { db, record in try db.updateRecord(&record) }
    }

    /// The async ``update()-5qijq`` in a write of `writer`.
    @discardableResult
    public mutating func update(in writer: some DatabaseWriter) async throws -> Bool {
        try await mutate(on: RecordDatabase(writer)) { db, record in try db.updateRecord(&record) }
    }

    /// Runs `body` on a copy of the record in a write of `database`, and takes the copy back:
    /// what the database assigned (a key, timestamps) reaches the record.
    private mutating func mutate<T: Sendable>(
        on database: RecordDatabase, _ body: @escaping @Sendable (Connection, inout Self) throws -> T
    ) async throws -> T {
        let record = self
        let (changed, result) = try await database.write(Self.self) { db in
            var changed = record
            let result = try body(db, &changed)
            return (changed, result)
        }
        self = changed
        return result
    }

    /// The async ``delete()``.
    @discardableResult
    public func delete() async throws -> Bool {
        try await Self.resolvedDatabase().write(Self.self) { [self] db in try db.delete(self) }
    }

    /// The async ``delete()-8dgzk`` in a write of `writer`.
    @discardableResult
    public func delete(in writer: some DatabaseWriter) async throws -> Bool {
        try await RecordDatabase(writer).write(Self.self) { [self] db in try db.delete(self) }
    }

    // MARK: - Updates by name and by setters

    /// The async ``update(_:value:)``.
    @discardableResult
    public mutating func update(_ column: String, value: Binding?) async throws -> Bool {
        try await update([column: value])
    }

    /// The async ``update(_:value:)-892go`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ column: String, value: Binding?, in writer: some DatabaseWriter) async throws -> Bool
    {
        try await update([column: value], in: writer)
    }

    /// The async ``update(_:)-8rb2v``.
    @discardableResult
    public mutating func update(_ values: [String: Binding?]) async throws -> Bool {
        try await mutate(on: Self.resolvedDatabase()) { db, record in try record.update(values, in: db) }
    }

    /// The async ``update(_:)-8rb2v`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ values: [String: Binding?], in writer: some DatabaseWriter) async throws -> Bool {
        try await mutate(on: RecordDatabase(writer)) { db, record in try record.update(values, in: db) }
    }

    /// The async ``update(_:)-([Setter])``.
    @discardableResult
    public mutating func update(_ setters: [Setter]) async throws -> Bool {
        try await mutate(on: Self.resolvedDatabase()) { db, record in try record.update(setters, in: db) }
    }

    /// The async ``update(_:)-mbli`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ setters: [Setter], in writer: some DatabaseWriter) async throws -> Bool {
        try await mutate(on: RecordDatabase(writer)) { db, record in try record.update(setters, in: db) }
    }

    /// The async ``update(_:where:)-5vi08``.
    @discardableResult
    public static func update(_ values: [String: Binding?], where conditions: [String: Binding?]) async throws -> Int {
        try await resolvedDatabase().write(Self.self) { db in try update(values, where: conditions, in: db) }
    }

    /// The async ``update(_:where:)-5vi08`` in a write of `writer`.
    @discardableResult
    public static func update(
        _ values: [String: Binding?], where conditions: [String: Binding?], in writer: some DatabaseWriter
    ) async throws -> Int {
        try await RecordDatabase(writer).write(Self.self) { db in try update(values, where: conditions, in: db) }
    }

    /// The async ``update(_:where:)-([Setter],SQLExpression<Bool?>?)``.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?) async throws -> Int {
        try await resolvedDatabase().write(Self.self) { db in try update(setters, where: filter, in: db) }
    }

    /// The async ``update(_:where:)-([Setter],SQLExpression<Bool>)``.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>) async throws -> Int {
        try await update(setters, where: SQLExpression<Bool?>(filter))
    }

    /// The async ``update(_:where:)-3mg2p`` in a write of `writer`.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?, in writer: some DatabaseWriter)
        async throws -> Int
    {
        try await RecordDatabase(writer).write(Self.self) { db in try update(setters, where: filter, in: db) }
    }

    /// The async ``update(_:where:)-3vq48`` in a write of `writer`.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>, in writer: some DatabaseWriter)
        async throws -> Int
    {
        try await update(setters, where: SQLExpression<Bool?>(filter), in: writer)
    }

    // MARK: - Batches

    /// The async ``insertBatch(_:)``.
    @discardableResult
    public static func insertBatch(_ records: [Self]) async throws -> [Int64] {
        try await resolvedDatabase().write(Self.self) { db in try db.insertMany(records) }
    }

    /// The async ``insertBatch(_:)-1fy9l`` in a write of `writer`.
    @discardableResult
    public static func insertBatch(_ records: [Self], in writer: some DatabaseWriter) async throws -> [Int64] {
        try await RecordDatabase(writer).write(Self.self) { db in try db.insertMany(records) }
    }

    /// The async ``updateBatch(_:)``.
    @discardableResult
    public static func updateBatch(_ records: [Self]) async throws -> Int {
        try await resolvedDatabase().write(Self.self) { db in try db.updateMany(records) }
    }

    /// The async ``updateBatch(_:)-5p5ho`` in a write of `writer`.
    @discardableResult
    public static func updateBatch(_ records: [Self], in writer: some DatabaseWriter) async throws -> Int {
        try await RecordDatabase(writer).write(Self.self) { db in try db.updateMany(records) }
    }

    /// The async ``deleteBatch(_:)``.
    @discardableResult
    public static func deleteBatch(_ records: [Self]) async throws -> Int {
        try await resolvedDatabase().write(Self.self) { db in try db.deleteMany(records) }
    }

    /// The async ``deleteBatch(_:)-497yk`` in a write of `writer`.
    @discardableResult
    public static func deleteBatch(_ records: [Self], in writer: some DatabaseWriter) async throws -> Int {
        try await RecordDatabase(writer).write(Self.self) { db in try db.deleteMany(records) }
    }

    /// The async ``deleteAll(_:)-(SQLExpression<Bool?>?)``.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool?>? = nil) async throws -> Int {
        try await resolvedDatabase().write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// The async ``deleteAll(_:)-(SQLExpression<Bool>)``.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool>) async throws -> Int {
        try await deleteAll(SQLExpression<Bool?>(filter))
    }

    /// The async ``deleteAll(_:)-7jro5`` in a write of `writer`.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) async throws
        -> Int
    {
        try await RecordDatabase(writer).write(Self.self) { db in try deleteAll(in: db, filter: filter) }
    }

    /// The async ``deleteAll(_:)-2u12a`` in a write of `writer`.
    @discardableResult
    public static func deleteAll(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) async throws -> Int {
        try await deleteAll(SQLExpression<Bool?>(filter), in: writer)
    }

    // MARK: - Finders

    /// The async ``find(_:)``.
    public static func find(_ id: some Encodable & Sendable) async throws -> Self? {
        try await resolvedDatabase().read(Self.self) { db in try find(id, in: db) }
    }

    /// The async ``find(_:)-50rrk`` in a read of `writer`.
    public static func find(_ id: some Encodable & Sendable, in writer: some DatabaseWriter) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in try find(id, in: db) }
    }

    /// The async ``findFirst(_:orders:)-(SQLExpression<Bool?>?,_)``.
    public static func findFirst(_ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = []) async throws
        -> Self?
    {
        try await resolvedDatabase().read(Self.self) { db in try findFirst(filter, orders: orders, in: db) }
    }

    /// The async ``findFirst(_:orders:)-(SQLExpression<Bool>,_)``.
    public static func findFirst(_ filter: SQLExpression<Bool>, orders: [Expressible] = []) async throws -> Self? {
        try await findFirst(SQLExpression<Bool?>(filter), orders: orders)
    }

    /// The async ``findFirst(_:orders:)-68e4y`` in a read of `writer`.
    public static func findFirst(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in try findFirst(filter, orders: orders, in: db) }
    }

    /// The async ``findFirst(_:orders:)-q07c`` in a read of `writer`.
    public static func findFirst(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await findFirst(SQLExpression<Bool?>(filter), orders: orders, in: writer)
    }

    /// The async ``findAll(_:orders:limit:offset:)-(SQLExpression<Bool?>?,_,_,_)``.
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) async throws -> [Self] {
        try await resolvedDatabase().read(Self.self) { db in
            try findAll(filter, orders: orders, limit: limit, offset: offset, in: db)
        }
    }

    /// The async ``findAll(_:orders:limit:offset:)-(SQLExpression<Bool>,_,_,_)``.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil
    ) async throws -> [Self] {
        try await findAll(SQLExpression<Bool?>(filter), orders: orders, limit: limit, offset: offset)
    }

    /// The async ``findAll(_:orders:limit:offset:)-1eoka`` in a read of `writer`.
    public static func findAll(
        _ filter: SQLExpression<Bool?>? = nil, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in writer: some DatabaseWriter
    ) async throws -> [Self] {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findAll(filter, orders: orders, limit: limit, offset: offset, in: db)
        }
    }

    /// The async ``findAll(_:orders:limit:offset:)-6w4og`` in a read of `writer`.
    public static func findAll(
        _ filter: SQLExpression<Bool>, orders: [Expressible] = [], limit: Int? = nil, offset: Int? = nil,
        in writer: some DatabaseWriter
    ) async throws -> [Self] {
        try await findAll(SQLExpression<Bool?>(filter), orders: orders, limit: limit, offset: offset, in: writer)
    }

    /// The async ``findAll(_:)-(QueryType)``.
    public static func findAll(_ query: QueryType) async throws -> [Self] {
        try await resolvedDatabase().read(Self.self) { db in try db.fetchAll(Self.self, query) }
    }

    /// The async ``findAll(_:)-21yoy`` in a read of `writer`.
    public static func findAll(_ query: QueryType, in writer: some DatabaseWriter) async throws -> [Self] {
        try await RecordDatabase(writer).read(Self.self) { db in try db.fetchAll(Self.self, query) }
    }

    /// The async ``findFirst(_:)-(QueryType)``.
    public static func findFirst(_ query: QueryType) async throws -> Self? {
        try await resolvedDatabase().read(Self.self) { db in try db.fetchOne(Self.self, query) }
    }

    /// The async ``findFirst(_:)-75o25`` in a read of `writer`.
    public static func findFirst(_ query: QueryType, in writer: some DatabaseWriter) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in try db.fetchOne(Self.self, query) }
    }

    /// The async ``findRow(_:orders:)``.
    public static func findRow(_ number: Int, orders: [Expressible] = []) async throws -> Self? {
        try await resolvedDatabase().read(Self.self) { db in try findRow(number, orders: orders, in: db) }
    }

    /// The async ``findRow(_:orders:)-2fahm`` in a read of `writer`.
    public static func findRow(_ number: Int, orders: [Expressible] = [], in writer: some DatabaseWriter) async throws
        -> Self?
    {
        try await RecordDatabase(writer).read(Self.self) { db in try findRow(number, orders: orders, in: db) }
    }

    /// The async `findRow(_:filter:orders:)`.
    public static func findRow(_ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = []) async throws
        -> Self?
    {
        try await resolvedDatabase().read(Self.self) { db in try findRow(number, filter: filter, orders: orders, in: db)
        }
    }

    /// The async `findRow(_:filter:orders:)` in a read of `writer`.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool?>?, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findRow(number, filter: filter, orders: orders, in: db)
        }
    }

    /// The async `findRow(_:filter:orders:)` with a non-optional condition.
    public static func findRow(_ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = []) async throws
        -> Self?
    {
        try await findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders)
    }

    /// The async `findRow(_:filter:orders:)` in a read of `writer`, with a non-optional condition.
    public static func findRow(
        _ number: Int, filter: SQLExpression<Bool>, orders: [Expressible] = [], in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await findRow(number, filter: SQLExpression<Bool?>(filter), orders: orders, in: writer)
    }

    /// The async ``count(_:)-(SQLExpression<Bool?>?)``.
    public static func count(_ filter: SQLExpression<Bool?>? = nil) async throws -> Int {
        try await resolvedDatabase().read(Self.self) { db in try count(in: db, filter: filter) }
    }

    /// The async ``count(_:)-(SQLExpression<Bool>)``.
    public static func count(_ filter: SQLExpression<Bool>) async throws -> Int {
        try await count(SQLExpression<Bool?>(filter))
    }

    /// The async ``count(_:)-5sghb`` in a read of `writer`.
    public static func count(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) async throws -> Int
    {
        try await RecordDatabase(writer).read(Self.self) { db in try count(in: db, filter: filter) }
    }

    /// The async ``count(_:)-2ohog`` in a read of `writer`.
    public static func count(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) async throws -> Int {
        try await count(SQLExpression<Bool?>(filter), in: writer)
    }

    /// The async ``exists(_:)-(SQLExpression<Bool?>?)``.
    public static func exists(_ filter: SQLExpression<Bool?>? = nil) async throws -> Bool {
        try await resolvedDatabase().read(Self.self) { db in try exists(filter, in: db) }
    }

    /// The async ``exists(_:)-(SQLExpression<Bool>)``.
    public static func exists(_ filter: SQLExpression<Bool>) async throws -> Bool {
        try await exists(SQLExpression<Bool?>(filter))
    }

    /// The async ``exists(_:)-7dfyw`` in a read of `writer`.
    public static func exists(_ filter: SQLExpression<Bool?>? = nil, in writer: some DatabaseWriter) async throws
        -> Bool
    {
        try await RecordDatabase(writer).read(Self.self) { db in try exists(filter, in: db) }
    }

    /// The async ``exists(_:)-q3qw`` in a read of `writer`.
    public static func exists(_ filter: SQLExpression<Bool>, in writer: some DatabaseWriter) async throws -> Bool {
        try await exists(SQLExpression<Bool?>(filter), in: writer)
    }

    // MARK: - Finders by name

    /// The async ``findFirst(_:value:orders:)``.
    public static func findFirst(_ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:])
        async throws -> Self?
    {
        try await resolvedDatabase().read(Self.self) { db in try findFirst(column, value: value, orders: orders, in: db)
        }
    }

    /// The async ``findFirst(_:value:orders:)-7i5zy`` in a read of `writer`.
    public static func findFirst(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findFirst(column, value: value, orders: orders, in: db)
        }
    }

    /// The async ``findAll(_:value:orders:)``.
    public static func findAll(_ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:])
        async throws -> [Self]
    {
        try await resolvedDatabase().read(Self.self) { db in try findAll(column, value: value, orders: orders, in: db) }
    }

    /// The async ``findAll(_:value:orders:)-70qlr`` in a read of `writer`.
    public static func findAll(
        _ column: String, value: Binding?, orders: KeyValuePairs<String, Bool> = [:], in writer: some DatabaseWriter
    ) async throws -> [Self] {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findAll(column, value: value, orders: orders, in: db)
        }
    }

    /// The async ``findAll(where:orders:)``.
    public static func findAll(where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:])
        async throws -> [Self]
    {
        try await resolvedDatabase().read(Self.self) { db in try findAll(where: conditions, orders: orders, in: db) }
    }

    /// The async ``findAll(where:orders:)-4ec6f`` in a read of `writer`.
    public static func findAll(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) async throws -> [Self] {
        try await RecordDatabase(writer).read(Self.self) { db in try findAll(where: conditions, orders: orders, in: db)
        }
    }

    /// The async ``findFirst(where:orders:)``.
    public static func findFirst(where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:])
        async throws -> Self?
    {
        try await resolvedDatabase().read(Self.self) { db in try findFirst(where: conditions, orders: orders, in: db) }
    }

    /// The async ``findFirst(where:orders:)-5cezb`` in a read of `writer`.
    public static func findFirst(
        where conditions: [String: Binding?], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findFirst(where: conditions, orders: orders, in: db)
        }
    }

    /// The async ``findAll(sqlWhere:parameters:orders:)``.
    public static func findAll(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:]
    ) async throws -> [Self] {
        try await resolvedDatabase().read(Self.self) { db in
            try findAll(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// The async ``findAll(sqlWhere:parameters:orders:)-8vsst`` in a read of `writer`.
    public static func findAll(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) async throws -> [Self] {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findAll(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// The async ``findFirst(sqlWhere:parameters:orders:)``.
    public static func findFirst(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:]
    ) async throws -> Self? {
        try await resolvedDatabase().read(Self.self) { db in
            try findFirst(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }

    /// The async ``findFirst(sqlWhere:parameters:orders:)-4elry`` in a read of `writer`.
    public static func findFirst(
        sqlWhere condition: String, parameters: [Binding?] = [], orders: KeyValuePairs<String, Bool> = [:],
        in writer: some DatabaseWriter
    ) async throws -> Self? {
        try await RecordDatabase(writer).read(Self.self) { db in
            try findFirst(sqlWhere: condition, parameters: parameters, orders: orders, in: db)
        }
    }
}

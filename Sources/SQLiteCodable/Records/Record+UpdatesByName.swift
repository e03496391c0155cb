import Foundation

// Updates by column name and value, by a dictionary of them, and by typed-tier setters, of
// one record (its row, by primary key, then read back into it) or of the rows a condition
// selects. Names are checked against the table's columns before anything runs (a property
// name is mapped to its column), values are always bound, and `updated_at` is set when the
// type keeps timestamps.

extension Record {
    // MARK: - One record, by name

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

    /// ``update(_:value:)-vw3k`` on `db`.
    @discardableResult
    public mutating func update(_ column: String, value: Binding?, in db: Connection) throws -> Bool {
        try update([column: value], in: db)
    }

    /// ``update(_:value:)-vw3k`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ column: String, value: Binding?, in writer: some DatabaseWriter) throws -> Bool {
        try update([column: value], in: writer)
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
        try Self.resolvedDatabase().write(Self.self) { db in try update(values, in: db) }
    }

    /// ``update(_:)-3hj15`` on `db`.
    @discardableResult
    public mutating func update(_ values: [String: Binding?], in db: Connection) throws -> Bool {
        try db.updateRecord(&self) { try $0.assignments(values) }
    }

    /// ``update(_:)-3hj15`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ values: [String: Binding?], in writer: some DatabaseWriter) throws -> Bool {
        try RecordDatabase(writer).write(Self.self) { db in try update(values, in: db) }
    }

    // MARK: - One record, by setters

    /// Applies typed-tier setters to the record's row, then reads the row back into the
    /// record; `false` when no row has its key.
    ///
    /// ```swift
    /// try product.update([price <- 199, stock <- stock - 1])
    /// ```
    @discardableResult
    public mutating func update(_ setters: [Setter]) throws -> Bool {
        try Self.resolvedDatabase().write(Self.self) { db in try update(setters, in: db) }
    }

    /// ``update(_:)-1lkya`` on `db`.
    @discardableResult
    public mutating func update(_ setters: [Setter], in db: Connection) throws -> Bool {
        try db.updateRecord(&self) { try $0.assignments(setters) }
    }

    /// ``update(_:)-1lkya`` in a write of `writer`.
    @discardableResult
    public mutating func update(_ setters: [Setter], in writer: some DatabaseWriter) throws -> Bool {
        try RecordDatabase(writer).write(Self.self) { db in try update(setters, in: db) }
    }

    // MARK: - Rows selected by conditions

    /// Sets the columns named in `values` in every row matching every condition of `conditions`
    /// (`column = value`; nil: `IS NULL`; none: every row) and returns how many rows changed.
    ///
    /// ```swift
    /// try Product.update(["price": 199], where: ["name": "3ds"])
    /// ```
    @discardableResult
    public static func update(_ values: [String: Binding?], where conditions: [String: Binding?]) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try update(values, where: conditions, in: db) }
    }

    /// ``update(_:where:)-4gnic`` on `db`.
    @discardableResult
    public static func update(_ values: [String: Binding?], where conditions: [String: Binding?], in db: Connection)
        throws -> Int
    {
        try db.updateRecords(Self.self, { try $0.assignments(values) }, where: { try $0.conditions(conditions) })
    }

    /// ``update(_:where:)-4gnic`` in a write of `writer`.
    @discardableResult
    public static func update(
        _ values: [String: Binding?], where conditions: [String: Binding?], in writer: some DatabaseWriter
    ) throws -> Int {
        try RecordDatabase(writer).write(Self.self) { db in try update(values, where: conditions, in: db) }
    }

    /// Applies typed-tier setters to every row `filter` selects (nil: every row) and returns
    /// how many rows changed.
    ///
    /// ```swift
    /// try Product.update([price <- 199], where: name == "3ds")
    /// ```
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?) throws -> Int {
        try resolvedDatabase().write(Self.self) { db in try update(setters, where: filter, in: db) }
    }

    /// ``update(_:where:)-1tgl9`` with a non-optional condition.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>) throws -> Int {
        try update(setters, where: SQLExpression<Bool?>(filter))
    }

    /// ``update(_:where:)-1tgl9`` on `db`.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?, in db: Connection) throws
        -> Int
    {
        try db.updateRecords(
            Self.self, { try $0.assignments(setters) },
            where: { columns in
                guard let filter else { return ("", []) }
                return (filter.template, try filter.bindings.map { try columns.value($0, column: "?") })
            })
    }

    /// ``update(_:where:)-1tgl9`` on `db`, with a non-optional condition.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>, in db: Connection) throws -> Int {
        try update(setters, where: SQLExpression<Bool?>(filter), in: db)
    }

    /// ``update(_:where:)-1tgl9`` in a write of `writer`.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool?>?, in writer: some DatabaseWriter)
        throws -> Int
    {
        try RecordDatabase(writer).write(Self.self) { db in try update(setters, where: filter, in: db) }
    }

    /// ``update(_:where:)-1tgl9`` in a write of `writer`, with a non-optional condition.
    @discardableResult
    public static func update(_ setters: [Setter], where filter: SQLExpression<Bool>, in writer: some DatabaseWriter)
        throws -> Int
    {
        try update(setters, where: SQLExpression<Bool?>(filter), in: writer)
    }
}

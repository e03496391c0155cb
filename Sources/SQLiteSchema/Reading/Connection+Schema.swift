import SQLiteCore

extension Connection {
    /// A reader of this connection's schema, finding each table as SQL does (`temp` first,
    /// then `main`, then attached databases); objects are listed from `main`.
    ///
    /// ```swift
    /// let columns = try db.schema.columnDefinitions(table: "users")
    /// ```
    public var schema: SchemaReader {
        SchemaReader(connection: self)
    }

    /// A reader of one database of this connection: `"main"`, `"temp"` or an attached name.
    ///
    /// ```swift
    /// try db.attach(.uri("archive.sqlite"), as: "archive")
    /// let tables = try db.schema(database: "archive").objectDefinitions(type: .table)
    /// ```
    public func schema(database: String) -> SchemaReader {
        SchemaReader(connection: self, database: database)
    }
}

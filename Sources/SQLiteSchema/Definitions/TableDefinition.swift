/// A table: its columns, indexes and foreign keys, and its table options.
///
/// ```swift
/// let table = try db.schema.tableDefinition(table: "users")
/// print(table.columns.map(\.name), table.indexes.map(\.name))
/// try other.execute(table.toSQL())   // the same table elsewhere
/// ```
public struct TableDefinition: Equatable, Hashable, Sendable {
    /// The table's name.
    public var name: String
    /// The columns, in table order (hidden and generated ones included).
    public var columns: [ColumnDefinition]
    /// The indexes, those SQLite made for constraints included.
    public var indexes: [IndexDefinition]
    /// The foreign keys, one-column ones included (also given by ``ColumnDefinition/references``).
    public var foreignKeys: [ForeignKeyDefinition]
    /// Whether the table is `WITHOUT ROWID`.
    public var withoutRowID: Bool
    /// Whether the table is `STRICT`.
    public var strict: Bool
    /// The expressions of the table's own `CHECK` constraints (those written on a column are
    /// in ``ColumnDefinition/checks``).
    public var checks: [String]

    /// A table definition.
    public init(
        name: String, columns: [ColumnDefinition], indexes: [IndexDefinition] = [],
        foreignKeys: [ForeignKeyDefinition] = [], withoutRowID: Bool = false, strict: Bool = false,
        checks: [String] = []
    ) {
        self.name = name
        self.columns = columns
        self.indexes = indexes
        self.foreignKeys = foreignKeys
        self.withoutRowID = withoutRowID
        self.strict = strict
        self.checks = checks
    }

    /// The columns of the primary key, in key order.
    public var primaryKeyColumns: [ColumnDefinition] {
        columns.filter { $0.primaryKey != nil }.sorted {
            ($0.primaryKey?.position ?? 0) < ($1.primaryKey?.position ?? 0)
        }
    }

    /// The `CREATE TABLE` statement. A composite primary key and foreign keys not written on a
    /// column become table constraints; indexes are not included (see
    /// ``IndexDefinition/toSQL(ifNotExists:)``).
    ///
    /// ```swift
    /// TableDefinition(name: "tags", columns: [
    ///     ColumnDefinition(name: "post", primaryKey: .init(position: 1), type: .INTEGER),
    ///     ColumnDefinition(name: "tag", primaryKey: .init(position: 2), type: .TEXT),
    /// ]).toSQL()
    /// // CREATE TABLE "tags" ("post" INTEGER, "tag" TEXT, PRIMARY KEY ("post", "tag"))
    /// ```
    public func toSQL(temporary: Bool = false, ifNotExists: Bool = false) -> String {
        toSQL(temporary: temporary, ifNotExists: ifNotExists, schema: nil)
    }

    /// The `CREATE TABLE` statement, the table's name qualified with `schema` when given.
    func toSQL(temporary: Bool, ifNotExists: Bool, schema: String?) -> String {
        let keyColumns = primaryKeyColumns
        let composite = keyColumns.count > 1
        var parts = columns.map { column in
            var column = column
            // A key listed in `foreignKeys` is written there, keeping the keys' order.
            if let key = column.references, foreignKeys.contains(ForeignKeyDefinition(key, column: column.name)) {
                column.references = nil
            }
            return column.toSQL(inlinePrimaryKey: !composite)
        }
        if composite {
            parts.append("PRIMARY KEY (" + keyColumns.map(\.name.quotedIdentifier).joined(separator: ", ") + ")")
        }
        parts += foreignKeys.map { $0.toSQL() }
        parts += checks.map { "CHECK (\($0))" }
        var sql = "CREATE \(temporary ? "TEMPORARY " : "")TABLE \(ifNotExists ? "IF NOT EXISTS " : "")"
        sql += (schema.map { $0.quotedIdentifier + "." } ?? "") + name.quotedIdentifier
        sql += " (\(parts.joined(separator: ", ")))"
        let options = [withoutRowID ? "WITHOUT ROWID" : nil, strict ? "STRICT" : nil].compactMap { $0 }
        if !options.isEmpty { sql += " " + options.joined(separator: ", ") }
        return sql
    }
}

/// The table described by the block given to ``SchemaChanger/create(table:ifNotExists:block:)``.
///
/// ```swift
/// try changer.create(table: "users") { table in
///     table.add(column: ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
///     table.add(column: ColumnDefinition(name: "email", type: .TEXT, nullable: false, unique: true))
///     table.add(index: IndexDefinition(table: "users", name: "users_on_email", columns: ["email"]))
/// }
/// ```
public final class CreateTableDefinition {
    /// The table's name.
    public let name: String
    /// Whether the table is created only when missing.
    public let ifNotExists: Bool
    /// The columns, in order.
    public private(set) var columns: [ColumnDefinition] = []
    /// Indexes created with the table.
    public private(set) var indexes: [IndexDefinition] = []
    /// Foreign keys written as table constraints.
    public private(set) var foreignKeys: [ForeignKeyDefinition] = []
    /// Whether the table is `WITHOUT ROWID`. Default: `false`.
    public var withoutRowID = false
    /// Whether the table is `STRICT`. Default: `false`.
    public var strict = false
    /// Why a column added could not be defined (an expression that names no column), thrown by
    /// ``SchemaChanger/create(table:ifNotExists:block:)`` as ``SchemaChanger/Error/invalidColumnDefinition(_:)``.
    var problem: String?

    init(name: String, ifNotExists: Bool) {
        self.name = name
        self.ifNotExists = ifNotExists
    }

    /// Adds a column.
    public func add(column: ColumnDefinition) {
        columns.append(column)
    }

    /// Adds an index, created right after the table.
    public func add(index: IndexDefinition) {
        var index = index
        index.table = name
        indexes.append(index)
    }

    /// Adds a (possibly multi-column) foreign key.
    public func add(foreignKey: ForeignKeyDefinition) {
        foreignKeys.append(foreignKey)
    }

    /// The table as a definition.
    var definition: TableDefinition {
        TableDefinition(
            name: name, columns: columns, indexes: indexes, foreignKeys: foreignKeys, withoutRowID: withoutRowID,
            strict: strict)
    }
}

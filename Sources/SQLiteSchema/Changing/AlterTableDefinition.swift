/// The changes to one table, collected by the block given to
/// ``SchemaChanger/alter(table:block:)`` and then applied together, all or nothing.
///
/// ```swift
/// try changer.alter(table: "users") { table in
///     table.add(column: ColumnDefinition(name: "bio", type: .TEXT))
///     table.rename(column: "mail", to: "email")
///     table.drop(column: "legacy_flag")
/// }
/// ```
public final class AlterTableDefinition {
    /// The table changed.
    public let name: String

    /// The changes, in the order they were asked for.
    public private(set) var operations: [SchemaChanger.Operation] = []

    init(name: String) {
        self.name = name
    }

    /// Adds `column` at the end of the table: `ALTER TABLE ADD COLUMN` when SQLite allows it,
    /// a table rebuild otherwise (a `PRIMARY KEY` or `UNIQUE` column, a `CURRENT_...` or
    /// expression default, a `STORED` generated column).
    public func add(column: ColumnDefinition) {
        operations.append(.addColumn(column))
    }

    /// Renames column `column` to `to` (`ALTER TABLE RENAME COLUMN`; indexes, triggers and views
    /// follow).
    public func rename(column: String, to newName: String) {
        operations.append(.renameColumn(column, newName))
    }

    /// Renames column `column` to `to`; the same as ``rename(column:to:)``.
    public func rename(_ column: String, to newName: String) {
        rename(column: column, to: newName)
    }

    /// Drops column `column`: `ALTER TABLE DROP COLUMN` when SQLite allows it, otherwise a table
    /// rebuild that also drops the indexes and table constraints (`UNIQUE`, `PRIMARY KEY`,
    /// `CHECK`, `FOREIGN KEY`) involving the column. Fails, changing nothing, when a view or
    /// one of the table's triggers uses the column.
    public func drop(column: String) {
        operations.append(.dropColumn(column))
    }

    /// Drops column `column`; the same as ``drop(column:)``.
    public func drop(_ column: String) {
        drop(column: column)
    }

    /// Creates `index` on the table.
    public func add(index: IndexDefinition, ifNotExists: Bool = false) {
        var index = index
        index.table = name
        operations.append(.addIndex(index, ifNotExists: ifNotExists))
    }

    /// Drops the index named `index`.
    public func drop(index: String, ifExists: Bool = false) {
        operations.append(.dropIndex(index, ifExists: ifExists))
    }
}

extension ColumnDefinition {
    /// A column's one-column foreign key, as SQLite.swift's ``ColumnDefinition/references``
    /// holds it: the referring column, the referenced table and column, and the `ON UPDATE` and
    /// `ON DELETE` actions as SQL text (`nil` for `NO ACTION`).
    ///
    /// ```swift
    /// let author = ColumnDefinition(name: "author_id", type: .INTEGER,
    ///                               references: .init(toTable: "users", toColumn: "id", onDelete: "CASCADE"))
    /// author.toSQL()   // "author_id" INTEGER REFERENCES "users" ("id") ON DELETE CASCADE
    /// ```
    ///
    /// ``SchemaReader/columnDefinitions(table:)`` fills in ``fromColumn``; a key written for a
    /// new column may leave it empty. Multi-column keys are ``ForeignKeyDefinition``s, in
    /// ``TableDefinition/foreignKeys``.
    public struct ForeignKey: Equatable, Hashable, Sendable {
        /// The referring column; empty when the key was written for a column not named here.
        public var fromColumn: String
        /// The referenced (parent) table.
        public var toTable: String
        /// The referenced column; `nil` when the key refers to the parent's primary key.
        public var toColumn: String?
        /// The `ON UPDATE` action (`"CASCADE"`, `"SET NULL"`, ...); `nil` for `NO ACTION`.
        public var onUpdate: String?
        /// The `ON DELETE` action; `nil` for `NO ACTION`.
        public var onDelete: String?

        /// A key to `toColumn` of `toTable` (its primary key when `nil`), for a new column.
        public init(toTable: String, toColumn: String? = nil, onUpdate: String? = nil, onDelete: String? = nil) {
            self.init(fromColumn: "", toTable: toTable, toColumn: toColumn, onUpdate: onUpdate, onDelete: onDelete)
        }

        /// A key from `fromColumn` to `toColumn` of `toTable` (its primary key when `nil`).
        public init(
            fromColumn: String, toTable: String, toColumn: String? = nil, onUpdate: String? = nil,
            onDelete: String? = nil
        ) {
            self.fromColumn = fromColumn
            self.toTable = toTable
            self.toColumn = toColumn
            self.onUpdate = onUpdate
            self.onDelete = onDelete
        }

        /// The one-column key `key` of column `column`, its actions as SQL text (`nil` for
        /// `NO ACTION`).
        init(_ key: ForeignKeyDefinition, column: String) {
            self.init(
                fromColumn: column, toTable: key.table, toColumn: key.referencedColumns.first,
                onUpdate: key.onUpdate == .noAction ? nil : key.onUpdate.rawValue,
                onDelete: key.onDelete == .noAction ? nil : key.onDelete.rawValue)
        }

        /// The `REFERENCES` clause written after the column's definition:
        /// `REFERENCES "users" ("id") ON UPDATE CASCADE ON DELETE SET NULL`.
        public func toSQL() -> String {
            var sql = "REFERENCES \(toTable.quotedIdentifier)"
            if let toColumn { sql += " (\(toColumn.quotedIdentifier))" }
            if let onUpdate { sql += " ON UPDATE \(onUpdate)" }
            if let onDelete { sql += " ON DELETE \(onDelete)" }
            return sql
        }
    }
}

extension ForeignKeyDefinition {
    /// The table-level form of column `column`'s key `reference`.
    init(_ reference: ColumnDefinition.ForeignKey, column: String) {
        self.init(
            columns: [column], table: reference.toTable, referencedColumns: reference.toColumn.map { [$0] } ?? [],
            onUpdate: Action(text: reference.onUpdate ?? Action.noAction.rawValue),
            onDelete: Action(text: reference.onDelete ?? Action.noAction.rawValue))
    }
}

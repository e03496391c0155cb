/// A foreign key of a table: its columns, the table and columns they refer to, and what happens
/// when the referenced row is updated or deleted.
///
/// ```swift
/// let key = ForeignKeyDefinition(columns: ["author_id"], table: "users", referencedColumns: ["id"],
///                                onDelete: .cascade)
/// key.toSQL()   // FOREIGN KEY ("author_id") REFERENCES "users" ("id") ON DELETE CASCADE
/// ```
public struct ForeignKeyDefinition: Equatable, Hashable, Sendable {
    /// What SQLite does to the referencing rows when the referenced row changes.
    public enum Action: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Nothing special; the constraint is checked as usual.
        case noAction = "NO ACTION"
        /// The change is refused at once while rows refer to the row.
        case restrict = "RESTRICT"
        /// The referencing columns are set to NULL.
        case setNull = "SET NULL"
        /// The referencing columns are set to their default values.
        case setDefault = "SET DEFAULT"
        /// The referencing rows are updated or deleted along with the row.
        case cascade = "CASCADE"

        /// The action named `text` as `PRAGMA foreign_key_list` reports it; `noAction` when unknown.
        init(text: String) {
            self = Action(rawValue: text.uppercased()) ?? .noAction
        }
    }

    /// The referencing columns of this table, in key order.
    public var columns: [String]
    /// The referenced (parent) table.
    public var table: String
    /// The referenced columns, in key order; empty when the key refers to the parent's primary key.
    public var referencedColumns: [String]
    /// The action taken when the referenced row's key changes.
    public var onUpdate: Action
    /// The action taken when the referenced row is deleted.
    public var onDelete: Action

    /// A foreign key from `columns` to `referencedColumns` of `table` (empty: its primary key).
    public init(
        columns: [String], table: String, referencedColumns: [String] = [], onUpdate: Action = .noAction,
        onDelete: Action = .noAction
    ) {
        self.columns = columns
        self.table = table
        self.referencedColumns = referencedColumns
        self.onUpdate = onUpdate
        self.onDelete = onDelete
    }

    /// The `REFERENCES ...` clause, as written after a column definition:
    /// `REFERENCES "users" ("id") ON DELETE CASCADE`.
    public func referencesClause() -> String {
        var sql = "REFERENCES \(table.quotedIdentifier)"
        if !referencedColumns.isEmpty {
            sql += " (" + referencedColumns.map(\.quotedIdentifier).joined(separator: ", ") + ")"
        }
        if onUpdate != .noAction { sql += " ON UPDATE \(onUpdate.rawValue)" }
        if onDelete != .noAction { sql += " ON DELETE \(onDelete.rawValue)" }
        return sql
    }

    /// The table constraint: `FOREIGN KEY ("author_id") REFERENCES "users" ("id") ...`.
    public func toSQL() -> String {
        "FOREIGN KEY (" + columns.map(\.quotedIdentifier).joined(separator: ", ") + ") " + referencesClause()
    }
}

import Foundation

/// The `REFERENCES` clause of a declared ``RecordColumn``: the column holds a key of another
/// table, and SQLite checks it when foreign keys are on (`PRAGMA foreign_keys = ON`).
///
/// ```swift
/// RecordColumn("authorID", references: .record(Author.self, onDelete: .cascade))
/// // "author_id" INTEGER NOT NULL REFERENCES "author" ("id") ON DELETE CASCADE
/// ```
public struct RecordForeignKey: Sendable, Equatable {
    /// The referenced table.
    public var table: String
    /// The referenced column (usually the table's primary key).
    public var column: String
    /// What deleting the referenced row does (nil: SQLite's default, `NO ACTION`).
    public var onDelete: TableBuilder.Dependency?
    /// What changing the referenced key does (nil: SQLite's default, `NO ACTION`).
    public var onUpdate: TableBuilder.Dependency?

    /// A reference to `column` of `table`.
    public init(
        table: String, column: String, onDelete: TableBuilder.Dependency? = nil,
        onUpdate: TableBuilder.Dependency? = nil
    ) {
        self.table = table
        self.column = column
        self.onDelete = onDelete
        self.onUpdate = onUpdate
    }

    /// A reference to the primary key of another record type's table.
    ///
    /// ```swift
    /// .record(Author.self, onDelete: .setNull)   // REFERENCES "author" ("id") ON DELETE SET NULL
    /// ```
    public static func record<Parent: Record>(
        _ parent: Parent.Type, onDelete: TableBuilder.Dependency? = nil, onUpdate: TableBuilder.Dependency? = nil
    ) -> RecordForeignKey {
        RecordForeignKey(
            table: Parent.tableName, column: Parent.primaryKey.column, onDelete: onDelete, onUpdate: onUpdate)
    }

    /// A reference to `column` of the table named `name`.
    ///
    /// ```swift
    /// .table("users", column: "id", onDelete: .cascade)
    /// ```
    public static func table(
        _ name: String, column: String = "id", onDelete: TableBuilder.Dependency? = nil,
        onUpdate: TableBuilder.Dependency? = nil
    ) -> RecordForeignKey {
        RecordForeignKey(table: name, column: column, onDelete: onDelete, onUpdate: onUpdate)
    }
}

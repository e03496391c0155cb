import Foundation
import SQLite

/// A note: one row of the `notes` table, written and read by the record tier.
///
/// `Record` gives it `save`, `insert`, `update`, `delete`, `find` and `count`, on a
/// connection or (as here) on a `DatabasePool`. The table itself comes from the migrations in
/// `NotesSchema.swift`, not from the type, so that an old database is upgraded step by step.
struct Note: Record, Equatable, Sendable {
    /// The table's name (the default would be `note`).
    static let tableName = "notes"
    /// `createdAt` is stored in `created_at`, and so on.
    static let codingOptions = CodingOptions.snakeCase
    /// The record tier sets `created_at` on insert and `updated_at` on every save.
    static let timestamps = true

    /// The auto-increment key: 0 until the note is saved.
    var id: Int64 = 0
    /// A short title.
    var title: String
    /// The note's text.
    var body: String
    /// Whether the note is pinned to the top of the list (added by migration 2).
    var pinned = false
    /// When the note was first saved (set by the record tier).
    var createdAt: Date?
    /// When the note was last saved (set by the record tier).
    var updatedAt: Date?
}

extension Note {
    /// The columns of `notes` as the typed tier's expressions, for filters and orders.
    ///
    /// `SQLExpression` is the typed tier's `Expression`: this file imports Foundation, which
    /// has an `Expression` of its own.
    enum Columns {
        /// `"id"`.
        static let id = SQLExpression<Int64>("id")
        /// `"title"`.
        static let title = SQLExpression<String>("title")
        /// `"body"`.
        static let body = SQLExpression<String>("body")
        /// `"pinned"`, stored as 0 or 1.
        static let pinned = SQLExpression<Bool>("pinned")
        /// `"updated_at"`, ISO-8601 text.
        static let updatedAt = SQLExpression<Date>("updated_at")
    }
}

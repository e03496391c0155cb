#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SchemaChanger {
    /// What SQLite.swift's schema changer reports besides SQLite's own errors (which are
    /// `SQLiteCore.Result`s).
    ///
    /// ```swift
    /// do {
    ///     try changer.alter(table: "users") { $0.add(column: .init(name: "id2", primaryKey: .init(), type: .INTEGER)) }
    /// } catch let SchemaChanger.Error.invalidColumnDefinition(message) {
    ///     print(message)   // can not add primary key column
    /// }
    /// ```
    public enum Error: LocalizedError, Sendable {
        /// A column that cannot be added to an existing table (a `PRIMARY KEY` column, a
        /// `CURRENT_TIME`, `CURRENT_DATE` or `CURRENT_TIMESTAMP` default, `NOT NULL` without a
        /// default), or a column ``CreateTableDefinition`` could not name; with the reason.
        case invalidColumnDefinition(String)
        /// The change left rows whose foreign keys refer to missing rows; it was rolled back.
        case foreignKeyError([ForeignKeyError])

        /// `Invalid column definition: <reason>` or `Foreign key errors: [<violations>]`.
        public var errorDescription: String? {
            switch self {
            case .invalidColumnDefinition(let message): "Invalid column definition: \(message)"
            case .foreignKeyError(let errors): "Foreign key errors: \(errors)"
            }
        }
    }
}

import Foundation
import SQLiteSchema

/// An index of a record type's table, declared in ``Record/indexes`` and created with the
/// table (`CREATE [UNIQUE] INDEX IF NOT EXISTS`).
///
/// ```swift
/// static var indexes: [RecordIndex] {
///     [RecordIndex("name"),                                       // "index_item_on_name"
///      RecordIndex("code", "warehouse", unique: true, name: "item_code")]
/// }
/// ```
///
/// Columns are named as in the table, or by their property (mapped as the record maps it).
public struct RecordIndex: Sendable, Equatable {
    /// The indexed columns, in order.
    public var columns: [String]
    /// Whether two rows may not have the same values in the columns.
    public var unique: Bool
    /// The index's name; nil for the name the typed tier's `createIndex` gives (`index_<table>_on_<columns>`).
    public var name: String?

    /// An index over `columns`.
    public init(_ columns: String..., unique: Bool = false, name: String? = nil) {
        self.init(columns: columns, unique: unique, name: name)
    }

    /// An index over a list of columns.
    public init(columns: [String], unique: Bool = false, name: String? = nil) {
        self.columns = columns
        self.unique = unique
        self.name = name
    }

    /// The index on `table` over `columns` (the declared ones, resolved to the table's names),
    /// named `name`, or as the typed tier's `createIndex` names it (`index_<table>_on_<columns>`).
    func definition(table: String, columns: [String]) -> IndexDefinition {
        let expressions: [Expressible] = columns.map { SQLExpression<Void>($0.quotedIdentifier, []) }
        let name = name ?? Table(table).indexName(expressions)[...].leadingQuotedName?.name ?? ""
        return IndexDefinition(table: table, name: name, unique: unique, columns: columns)
    }
}

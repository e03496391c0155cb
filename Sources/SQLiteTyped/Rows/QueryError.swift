/// An error reading a typed value from a ``Row``: the same cases as SQLite.swift's, so a
/// `switch` written for it stays exhaustive. A value of the wrong type is a
/// ``ColumnTypeMismatch`` instead.
public enum QueryError: Error, Sendable, Equatable {
    /// The table does not exist.
    case noSuchTable(name: String)
    /// No column of the result matches the expression; `columns` lists the result's columns.
    case noSuchColumn(name: String, columns: [String])
    /// Several columns match an unqualified expression (a join where two tables have the
    /// column); `similar` lists the qualified names to choose from.
    case ambiguousColumn(name: String, similar: [String])
    /// The column is `NULL` but the expression's type is not optional.
    case unexpectedNullValue(name: String)
}

extension QueryError: CustomStringConvertible {
    /// A readable explanation, e.g.
    /// `ambiguous column '"id"' (please disambiguate: ["users"."id", "managers"."id"])`.
    public var description: String {
        switch self {
        case .noSuchTable(let name):
            "no such table: \(name)"
        case .noSuchColumn(let name, let columns):
            "no such column '\(name)' in columns [\(columns.joined(separator: ", "))]"
        case .ambiguousColumn(let name, let similar):
            "ambiguous column '\(name)' (please disambiguate: [\(similar.joined(separator: ", "))])"
        case .unexpectedNullValue(let name):
            "unexpected NULL value for column '\(name)' (use an optional expression to read NULL)"
        }
    }
}

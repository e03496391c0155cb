/// A column whose value the expression's type cannot hold, thrown by ``Row/get(_:)-(Expression<V>)``
/// and `db.scalar`: text read through an `Expression<Int64>`, or a value whose
/// `fromDatatypeValue` gives another type than the expression's.
///
/// ```swift
/// do {
///     _ = try row.get(Expression<Int64>("email"))
/// } catch let error as ColumnTypeMismatch {
///     print(error)   // column '"email"' holds TEXT 'a@b.c' (not a number), which cannot be read as Int64
/// }
/// ```
///
/// A type of its own rather than a case of ``QueryError``, whose cases are SQLite.swift's.
public struct ColumnTypeMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The column's expression, as its SQL template: `"email"`.
    public let name: String
    /// The Swift type the expression asked for.
    public let expected: String
    /// What the column holds, as Core's conversion table describes it (`a REAL 3.5`, `a BLOB`,
    /// `TEXT 'abc' (not a number)`), or the Swift type its value
    /// converted to.
    public let found: String

    /// A mismatch for column `name`.
    public init(name: String, expected: String, found: String) {
        self.name = name
        self.expected = expected
        self.found = found
    }

    /// `column '"price"' holds a REAL 3.5, which cannot be read as Int64`.
    public var description: String {
        "column '\(name)' holds \(found), which cannot be read as \(expected)"
    }
}

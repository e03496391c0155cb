/// A collating sequence, for `collate` in queries and column definitions.
///
/// ```swift
/// users.order(name.collate(.nocase))      // ORDER BY ("name" COLLATE NOCASE)
/// t.column(email, collate: .nocase)       // "email" TEXT NOT NULL COLLATE NOCASE
/// ```
public enum Collation: Sendable, Hashable {
    /// Byte-wise comparison (SQLite's default).
    case binary
    /// ASCII case-insensitive comparison.
    case nocase
    /// Comparison ignoring trailing spaces.
    case rtrim
    /// A collation registered with `createCollation`, by name (rendered quoted).
    case custom(String)
}

extension Collation: CustomStringConvertible {
    /// The collation as it appears after `COLLATE`: `NOCASE`, or `"NAME"` for a custom one.
    public var description: String {
        switch self {
        case .binary: "BINARY"
        case .nocase: "NOCASE"
        case .rtrim: "RTRIM"
        case .custom(let name): SQLText.quote(name)
        }
    }
}

extension Collation: Expressible {
    /// The collation as SQL, as it appears after `COLLATE`.
    public var expression: Expression<Void> {
        Expression(literal: description)
    }
}

extension ExpressionType {
    /// The expression compared with `collation`: `("name" COLLATE NOCASE)`.
    public func collate(_ collation: Collation) -> Expression<UnderlyingType> {
        Expression("(" + template + " COLLATE " + collation.description + ")", bindings)
    }
}

/// `collate(.custom("NODIACRITIC"), name)`: the spelling of SQLite.swift's documentation for
/// `name.collate(...)`.
public func collate<T>(_ collation: Collation, _ expression: Expression<T>) -> Expression<T> {
    expression.collate(collation)
}

/// The kind of join.
public enum JoinType: String, Sendable {
    /// `CROSS JOIN`: every pairing of rows.
    case cross = "CROSS"
    /// `INNER JOIN`: pairings satisfying the condition.
    case inner = "INNER"
    /// `LEFT OUTER JOIN`: also left rows without a match.
    case leftOuter = "LEFT OUTER"
    /// `RIGHT OUTER JOIN`: also right rows without a match (SQLite 3.39+).
    case rightOuter = "RIGHT OUTER"
    /// `FULL OUTER JOIN`: also unmatched rows of both sides (SQLite 3.39+).
    case fullOuter = "FULL OUTER"
}

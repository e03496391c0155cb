extension SQLValue: Comparable {
    /// Orders values as SQLite sorts a column holding mixed storage classes: `NULL` first, then
    /// numbers by value (an ``integer(_:)`` and a ``real(_:)`` compared exactly), then text by
    /// its UTF-8 bytes (SQLite's `BINARY` collation), then blobs by their bytes.
    ///
    /// ```swift
    /// SQLValue.null < .integer(-5)        // true
    /// SQLValue.integer(2) < .real(2.5)    // true
    /// SQLValue.real(1e30) < .text("0")    // true: text sorts after every number
    /// ```
    ///
    /// An integer and a real of the same value (`.integer(1)` and `.real(1.0)`), which are not
    /// `==`, put the integer first, so that the order agrees with `==`. A NaN real sorts with
    /// `NULL` (SQLite stores NaN as `NULL`). This is what lets a ``Value`` stored as `SQLValue`
    /// (Foundation's `NSNumber` in the typed tier) be compared with `<` and `>` in expressions.
    public static func < (lhs: SQLValue, rhs: SQLValue) -> Bool {
        let (left, right) = (lhs.sortClass, rhs.sortClass)
        if left != right { return left < right }
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b
        case (.real(let a), .real(let b)): return a < b
        case (.integer(let a), .real(let b)): return compare(a, b) <= 0
        case (.real(let a), .integer(let b)): return compare(b, a) > 0
        case (.text(let a), .text(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.blob(let a), .blob(let b)): return a.bytes.lexicographicallyPrecedes(b.bytes)
        default: return false
        }
    }

    /// 0 for `NULL` (and NaN), 1 for numbers, 2 for text, 3 for blobs.
    private var sortClass: Int {
        switch self {
        case .null: 0
        case .integer: 1
        case .real(let value): value.isNaN ? 0 : 1
        case .text: 2
        case .blob: 3
        }
    }

    /// -1, 0 or 1 as `integer` is below, equal to or above `real` (not NaN), without the
    /// rounding of converting a large integer to a `Double`.
    private static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        let whole = Int64(real.rounded(.down))
        if integer != whole { return integer < whole ? -1 : 1 }
        return Double(whole) < real ? -1 : 0
    }
}

/// The query planner's question to ``VirtualTable/bestIndex(_:)`` and the table's answer: the
/// constraints, ORDER BY and columns a query uses, and the plan the table writes back.
///
/// ```swift
/// func bestIndex(_ info: inout IndexInfo) throws {
///     // Push `key = ?` down: the cursor's filter receives the value as its first argument.
///     if let i = info.constraints.firstIndex(where: { $0.isUsable && $0.column == 0 && $0.op == .equal }) {
///         info.constraints[i].argumentIndex = 0
///         info.constraints[i].omit = true      // the cursor checks it; SQLite need not
///         info.indexNumber = 1
///         info.estimatedCost = 1
///         info.estimatedRows = 1
///     } else {
///         info.estimatedCost = 1_000_000
///     }
/// }
/// ```
public struct IndexInfo: Sendable {
    /// A `WHERE` (or join) term on one column: `column op value`.
    public struct Constraint: Sendable, Hashable {
        /// The column (0-based, in the declaration's order); -1 for the rowid.
        public let column: Int32
        /// The operator.
        public let op: ConstraintOperator
        /// Whether the plan may use it: an unusable constraint's value is not known for this
        /// plan (it comes from a table later in the join order).
        public let isUsable: Bool
        /// The plan's answer: the 0-based position of this constraint's value among the
        /// `arguments` of the cursor's filter, or nil to leave it out. Positions must be
        /// distinct and with no gap from 0.
        public var argumentIndex: Int?
        /// The plan's answer: whether SQLite may skip checking the constraint itself because the
        /// cursor only produces rows that satisfy it (only with an ``argumentIndex``).
        public var omit = false
    }

    /// A term of the `ORDER BY`.
    public struct Ordering: Sendable, Hashable {
        /// The column (0-based); -1 for the rowid.
        public let column: Int32
        /// Whether it is `DESC`.
        public let descending: Bool
    }

    /// The constraints of the query on this table, usable or not.
    public var constraints: [Constraint]
    /// The `ORDER BY` terms on this table's columns, in order.
    public let orderBy: [Ordering]
    /// The columns the query reads: bit `n` for column `n`, bit 63 for column 63 and every
    /// later one (SQLite's `colUsed`).
    public let columnsUsed: UInt64

    /// The plan's answer: a number the cursor's filter receives as is.
    public var indexNumber: Int32 = 0
    /// The plan's answer: a string the cursor's filter receives as is.
    public var indexString: String?
    /// The plan's answer: whether the cursor produces rows in the ``orderBy`` order, so that
    /// SQLite need not sort them.
    public var orderByConsumed = false
    /// The plan's answer: its cost, comparable to the cost of other plans (SQLite's unit is
    /// roughly a disk access). Default: 1,000,000, a full scan of a large table.
    public var estimatedCost: Double = 1_000_000
    /// The plan's answer: the rows it returns. Default: 1,000,000.
    public var estimatedRows: Int64 = 1_000_000
    /// The plan's answer: whether it returns at most one row (`SQLITE_INDEX_SCAN_UNIQUE`).
    public var isUnique = false

    /// Whether `column` (0-based) is read by the query.
    public func uses(column: Int) -> Bool {
        columnsUsed & (1 << UInt64(min(max(column, 0), 63))) != 0
    }
}

/// The operator of an ``IndexInfo/Constraint`` (SQLite's `SQLITE_INDEX_CONSTRAINT_*`).
public struct ConstraintOperator: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's code for the operator.
    public let rawValue: Int32
    /// Wraps SQLite's code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `=`, also each value of `IN (...)`.
    public static let equal = Self(rawValue: 2)
    /// `>`.
    public static let greaterThan = Self(rawValue: 4)
    /// `<=`.
    public static let lessThanOrEqual = Self(rawValue: 8)
    /// `<`.
    public static let lessThan = Self(rawValue: 16)
    /// `>=`.
    public static let greaterThanOrEqual = Self(rawValue: 32)
    /// `MATCH`.
    public static let match = Self(rawValue: 64)
    /// `LIKE`.
    public static let like = Self(rawValue: 65)
    /// `GLOB`.
    public static let glob = Self(rawValue: 66)
    /// `REGEXP`.
    public static let regexp = Self(rawValue: 67)
    /// `!=` or `<>`.
    public static let notEqual = Self(rawValue: 68)
    /// `IS NOT`.
    public static let isNot = Self(rawValue: 69)
    /// `IS NOT NULL`.
    public static let isNotNull = Self(rawValue: 70)
    /// `IS NULL`.
    public static let isNull = Self(rawValue: 71)
    /// `IS`.
    public static let `is` = Self(rawValue: 72)
    /// `LIMIT`.
    public static let limit = Self(rawValue: 73)
    /// `OFFSET`.
    public static let offset = Self(rawValue: 74)

    /// The SQL operator, or `op(N)` for another code.
    public var description: String {
        let names: [Int32: String] = [
            2: "=", 4: ">", 8: "<=", 16: "<", 32: ">=", 64: "MATCH", 65: "LIKE", 66: "GLOB", 67: "REGEXP",
            68: "!=", 69: "IS NOT", 70: "IS NOT NULL", 71: "IS NULL", 72: "IS", 73: "LIMIT", 74: "OFFSET",
        ]
        return names[rawValue] ?? "op(\(rawValue))"
    }
}

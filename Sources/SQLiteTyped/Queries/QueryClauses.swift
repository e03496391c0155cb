/// The clauses of a query under construction; ``QueryType`` values carry one and every builder
/// method returns a copy with a clause changed.
public struct QueryClauses: Sendable {
    /// The select list and whether it is `DISTINCT`.
    var select: (distinct: Bool, columns: [Expression<Void>])

    /// The table the query reads: its name, alias and database.
    var from: (name: String, alias: String?, database: String?)

    /// The joined tables, in order.
    var join: [JoinClause] = []

    /// The `WHERE` condition, the `AND` of every filter.
    var filters: Expression<Bool?>?

    /// `GROUP BY` terms and the `HAVING` condition.
    var group: (by: [Expression<Void>], having: Expression<Bool?>?)?

    /// `ORDER BY` terms.
    var order: [Expression<Void>] = []

    /// `LIMIT` and `OFFSET`.
    var limit: (length: Int, offset: Int?)?

    /// Compound parts: `UNION`, `UNION ALL`, `INTERSECT`, `EXCEPT`.
    var compound: [(keyword: String, query: Expression<Void>)] = []

    /// Common table expressions (`WITH`).
    var with: [CommonTableExpression] = []

    init(_ name: String, alias: String?, database: String?) {
        select = (false, [Expression(literal: "*")])
        from = (name, alias, database)
    }
}

/// One `JOIN` of a query.
struct JoinClause: Sendable {
    /// `INNER`, `LEFT OUTER`, ...
    var type: JoinType
    /// The joined table as it appears after `JOIN`: `"users" AS "managers"`.
    var table: String
    /// The name columns of the joined table are qualified with: `"managers"`.
    var namespace: String
    /// The `ON` condition.
    var condition: Expression<Void>
}

/// One named query of a `WITH` clause.
struct CommonTableExpression: Sendable {
    var alias: String
    var columns: [Expression<Void>]?
    var recursive: Bool
    var hint: MaterializationHint?
    var query: Expression<Void>
}

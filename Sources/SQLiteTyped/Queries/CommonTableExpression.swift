extension QueryType {
    /// Adds a common table expression, `WITH "alias" AS (query)`, that the rest of the query
    /// can read like a table; `recursive` lets `query` refer to `alias` itself.
    ///
    /// ```swift
    /// let chain = Table("chain")
    /// chain.with(chain, recursive: true, as: managers.where(id == 8).union(...))
    /// // WITH RECURSIVE "chain" AS (SELECT * FROM "managers" WHERE ("id" = 8) UNION ...) SELECT * FROM "chain"
    /// ```
    ///
    /// - Parameters:
    ///   - alias: the name the query is known by.
    ///   - columns: names for the query's columns, when given.
    ///   - recursive: whether to write `WITH RECURSIVE`.
    ///   - hint: `MATERIALIZED` or `NOT MATERIALIZED`, when given.
    ///   - query: the query.
    public func with(
        _ alias: Table, columns: [Expressible]? = nil, recursive: Bool = false, hint: MaterializationHint? = nil,
        as query: QueryType
    ) -> Self {
        let table = CommonTableExpression(
            alias: alias.clauses.from.name, columns: columns?.map(\.expression), recursive: recursive, hint: hint,
            query: query.expression)
        return modified { $0.with.append(table) }
    }
}

/// A materialization hint for a common table expression.
public enum MaterializationHint: String, Sendable {
    /// `AS MATERIALIZED`: compute the table once.
    case materialized = "MATERIALIZED"
    /// `AS NOT MATERIALIZED`: fold the query into its uses.
    case notMaterialized = "NOT MATERIALIZED"

    /// The spelling SQLite.swift's documentation uses for ``materialized``.
    public static var materialize: MaterializationHint { .materialized }
}

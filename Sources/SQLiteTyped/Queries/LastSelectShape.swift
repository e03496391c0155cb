/// The simple `SELECT` a connection rendered last (kept in its ``TypedConnectionState``), so
/// that the same query built again in a loop (`pluck(items.filter(id == x))`) finds its SQL
/// without rendering it.
///
/// Only queries whose bindings all come from the filter are remembered (no join, compound part,
/// `WITH`, grouping or ordering, and a select list that binds nothing), so the query's text is
/// made of the table, the select list, the filter's template and the limit, compared as values,
/// and a hit's bindings are the filter's. Immutable.
final class LastSelectShape {
    let sql: String
    private let clauses: QueryClauses
    private let limit: (length: Int, offset: Int?)?

    /// The entry remembering `sql` as the text of `clauses` limited to `limit`, nil for a query
    /// that is not remembered.
    init?(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?, sql: String) {
        guard LastSelectShape.isRemembered(clauses) else { return nil }
        self.sql = sql
        self.clauses = clauses
        self.limit = limit
    }

    /// Whether the text of `clauses` depends only on what ``matches(_:limit:)`` compares.
    private static func isRemembered(_ clauses: QueryClauses) -> Bool {
        clauses.join.isEmpty && clauses.compound.isEmpty && clauses.with.isEmpty && clauses.group == nil
            && clauses.order.isEmpty && clauses.select.columns.allSatisfy { $0.bindings.isEmpty }
    }

    /// Whether the entry is for `clauses` limited to `limit`: the parts compared one by one,
    /// likeliest to differ first.
    func matches(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?) -> Bool {
        guard clauses.filters?.template == self.clauses.filters?.template,
            limit?.length == self.limit?.length, limit?.offset == self.limit?.offset,
            clauses.select.distinct == self.clauses.select.distinct, clauses.from == self.clauses.from
        else { return false }
        let columns = clauses.select.columns
        let remembered = self.clauses.select.columns
        guard columns.count == remembered.count else { return false }
        for index in columns.indices where columns[index].template != remembered[index].template {
            return false
        }
        return LastSelectShape.isRemembered(clauses)
    }
}

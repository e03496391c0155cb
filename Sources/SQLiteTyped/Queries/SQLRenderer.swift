/// Builds statement text and its bindings in one buffer, so a query renders with few
/// allocations.
struct SQLRenderer {
    var sql = ""
    var bindings: [Binding?] = []

    init() {
        sql.reserveCapacity(128)
    }

    var expression: Expression<Void> { Expression(sql, bindings) }

    mutating func append(_ text: String) {
        sql += text
    }

    mutating func append<T>(_ expression: Expression<T>) {
        sql += expression.template
        bindings += expression.bindings
    }

    mutating func append(_ expressions: [Expression<Void>], separator: String = ", ") {
        for (offset, expression) in expressions.enumerated() {
            if offset > 0 { sql += separator }
            append(expression)
        }
    }

    /// Renders a complete `SELECT` statement; `limit`, when given, replaces the clauses' own.
    mutating func appendSelect(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)? = nil) {
        if !clauses.with.isEmpty {
            sql += clauses.with.contains(where: \.recursive) ? "WITH RECURSIVE " : "WITH "
            for (offset, table) in clauses.with.enumerated() {
                if offset > 0 { sql += ", " }
                sql += SQLText.quote(table.alias)
                if let columns = table.columns {
                    sql += " ("
                    append(columns)
                    sql += ")"
                }
                sql += " AS "
                if let hint = table.hint { sql += hint.rawValue + " " }
                sql += "("
                append(table.query)
                sql += ")"
            }
            sql += " "
        }
        sql += clauses.select.distinct ? "SELECT DISTINCT " : "SELECT "
        append(clauses.select.columns)
        sql += " FROM "
        sql += SQLText.qualified(clauses.from.name, clauses.from.database)
        if let alias = clauses.from.alias { sql += " AS " + SQLText.quote(alias) }
        for join in clauses.join {
            sql += " " + join.type.rawValue + " JOIN " + join.table
            if !join.condition.template.isEmpty {
                sql += " ON "
                append(join.condition)
            }
        }
        appendWhere(clauses.filters)
        if let group = clauses.group {
            sql += " GROUP BY "
            append(group.by)
            if let having = group.having {
                sql += " HAVING "
                append(having)
            }
        }
        for part in clauses.compound {
            sql += " " + part.keyword + " "
            append(part.query)
        }
        appendOrderAndLimit(clauses, limit: limit)
    }

    mutating func appendWhere(_ filters: Expression<Bool?>?) {
        if let filters {
            sql += " WHERE "
            append(filters)
        }
    }

    /// Renders `ORDER BY` and `LIMIT`; `limit`, when given, replaces the clauses' own.
    mutating func appendOrderAndLimit(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)? = nil) {
        if !clauses.order.isEmpty {
            sql += " ORDER BY "
            append(clauses.order)
        }
        if let limit = limit ?? clauses.limit {
            sql += " LIMIT \(limit.length)"
            if let offset = limit.offset { sql += " OFFSET \(offset)" }
        }
    }
}

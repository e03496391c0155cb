extension QueryType {
    /// Adds an `INNER JOIN` with `table` on `condition`.
    ///
    /// ```swift
    /// users.join(posts, on: userId == users[id])
    /// // SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")
    /// ```
    ///
    /// A filter on the joined query is added to the condition with `AND`.
    public func join(_ table: QueryType, on condition: Expression<Bool>) -> Self {
        join(.inner, table, on: Expression<Bool?>(condition))
    }

    /// Adds an `INNER JOIN` on an optional condition.
    public func join(_ table: QueryType, on condition: Expression<Bool?>) -> Self {
        join(.inner, table, on: condition)
    }

    /// Adds a join of the given type.
    ///
    /// ```swift
    /// users.join(.leftOuter, posts, on: userId == users[id])
    /// // SELECT * FROM "users" LEFT OUTER JOIN "posts" ON ("user_id" = "users"."id")
    /// ```
    public func join(_ type: JoinType, _ table: QueryType, on condition: Expression<Bool>) -> Self {
        join(type, table, on: Expression<Bool?>(condition))
    }

    /// Adds a join of the given type on an optional condition.
    public func join(_ type: JoinType, _ table: QueryType, on condition: Expression<Bool?>) -> Self {
        var condition = condition
        if let filters = table.clauses.filters {
            condition = SQLText.infix("AND", condition, filters)
        }
        return appendingJoin(type, table, condition.expression)
    }

    /// Adds a join without a condition, typically `.cross`: `CROSS JOIN "posts"`.
    public func join(_ type: JoinType, _ table: QueryType) -> Self {
        appendingJoin(type, table, table.clauses.filters?.expression ?? Expression(literal: ""))
    }

    private func appendingJoin(_ type: JoinType, _ table: QueryType, _ condition: Expression<Void>) -> Self {
        modified {
            $0.join.append(
                JoinClause(type: type, table: table.tableClause, namespace: table.namespace, condition: condition))
        }
    }

    /// The same table under another name, to join a table to itself:
    ///
    /// ```swift
    /// let managers = users.alias("managers")
    /// users.join(managers, on: managers[id] == users[managerId])
    /// // SELECT * FROM "users" INNER JOIN "users" AS "managers" ON ("managers"."id" = "users"."manager_id")
    /// ```
    public func alias(_ aliasName: String) -> Self {
        modified { $0.from.alias = aliasName }
    }

    /// `column` qualified with this table's name (or alias): `users[id]` renders `"users"."id"`.
    public subscript<T>(column: Expression<T>) -> Expression<T> {
        Expression(namespace + "." + column.template, column.bindings)
    }

    /// `column` qualified with this table's name (or alias), as `subscript(_:)`:
    /// `users.namespace(id)` renders `"users"."id"`.
    public func namespace<V>(_ column: Expression<V>) -> Expression<V> {
        self[column]
    }

    /// Every column of this table: `users[*]` renders `"users".*`.
    public subscript(star: Star) -> Expression<Void> {
        Expression(namespace + ".*", [])
    }
}

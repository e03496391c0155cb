extension QueryType {
    /// Appends `UNION` (or `UNION ALL`) and another query's rows.
    ///
    /// ```swift
    /// users.select(email).union(admins.select(email))
    /// // SELECT "email" FROM "users" UNION SELECT "email" FROM "admins"
    /// ```
    public func union(_ query: QueryType, all: Bool = false) -> Self {
        compound(all ? "UNION ALL" : "UNION", query)
    }

    /// SQLite.swift's spelling: `union(all: true, query)`.
    public func union(all: Bool, _ query: QueryType) -> Self {
        union(query, all: all)
    }

    /// Appends `INTERSECT` another query: the rows both return.
    public func intersect(_ query: QueryType) -> Self {
        compound("INTERSECT", query)
    }

    /// Appends `EXCEPT` another query: this query's rows that the other does not return.
    public func except(_ query: QueryType) -> Self {
        compound("EXCEPT", query)
    }

    private func compound(_ keyword: String, _ query: QueryType) -> Self {
        let expression = query.expression
        return modified { $0.compound.append((keyword, expression)) }
    }
}

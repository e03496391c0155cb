extension QueryType {
    /// Keeps the rows for which `predicate` is true; chained filters are joined with `AND`.
    ///
    /// ```swift
    /// users.filter(id == 1)   // SELECT * FROM "users" WHERE ("id" = 1)
    /// ```
    public func filter(_ predicate: Expression<Bool>) -> Self {
        filter(Expression<Bool?>(predicate))
    }

    /// Keeps the rows for which an optional predicate is true (NULL counts as false).
    public func filter(_ predicate: Expression<Bool?>) -> Self {
        modified { clauses in
            if let existing = clauses.filters {
                clauses.filters = SQLText.infix("AND", existing, predicate)
            } else {
                clauses.filters = predicate
            }
        }
    }

    /// Another name for ``filter(_:)-(Expression<Bool>)``.
    public func `where`(_ predicate: Expression<Bool>) -> Self {
        filter(predicate)
    }

    /// Another name for ``filter(_:)-(Expression<Bool?>)``.
    public func `where`(_ predicate: Expression<Bool?>) -> Self {
        filter(predicate)
    }
}

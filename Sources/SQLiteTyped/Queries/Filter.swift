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
        modified { $0.filters = $0.filters.map { SQLText.infix("AND", $0, predicate) } ?? predicate }
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

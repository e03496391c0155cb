extension QueryType {
    /// Sorts the rows by the given terms, replacing any earlier order; use `.asc`, `.desc` and
    /// the `NULLS FIRST`/`LAST` variants on a term to set its direction.
    ///
    /// ```swift
    /// users.order(email.desc, name.asc)   // ... ORDER BY "email" DESC, "name" ASC
    /// ```
    public func order(_ by: Expressible...) -> Self {
        order(by)
    }

    /// Sorts the rows by a list of terms.
    public func order(_ by: [Expressible]) -> Self {
        modified { $0.order = by.map(\.expression) }
    }
}

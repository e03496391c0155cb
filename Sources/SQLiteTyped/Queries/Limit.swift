extension QueryType {
    /// Returns at most `length` rows: `LIMIT 5`; `nil` removes the limit.
    public func limit(_ length: Int?) -> Self {
        modified { clauses in clauses.limit = length.map { ($0, nil) } }
    }

    /// Returns at most `length` rows after skipping `offset`: `LIMIT 5 OFFSET 10`.
    public func limit(_ length: Int, offset: Int) -> Self {
        modified { $0.limit = (length, offset) }
    }
}

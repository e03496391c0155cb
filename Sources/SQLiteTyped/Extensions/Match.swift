extension VirtualTable {
    /// `("emails" MATCH 'pattern')`: a full-text query over every column of the table.
    ///
    /// ```swift
    /// emails.filter(emails.match("wonder*"))
    /// // SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')
    /// ```
    public func match(_ pattern: String) -> Expression<Bool> {
        SQLText.infix("MATCH", Expression<Void>(namespace, []), pattern)
    }

    /// `MATCH` with a pattern expression.
    public func match(_ pattern: Expression<String>) -> Expression<Bool> {
        SQLText.infix("MATCH", Expression<Void>(namespace, []), pattern)
    }

    /// `MATCH` with an optional pattern expression.
    public func match(_ pattern: Expression<String?>) -> Expression<Bool?> {
        SQLText.infix("MATCH", Expression<Void>(namespace, []), pattern)
    }

    /// The table filtered by a full-text query: `emails.match("wonder*")` is
    /// `SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')`.
    public func match(_ pattern: String) -> QueryType {
        filter(match(pattern) as Expression<Bool>)
    }

    /// The table filtered by a full-text query expression.
    public func match(_ pattern: Expression<String>) -> QueryType {
        filter(match(pattern) as Expression<Bool>)
    }

    /// The table filtered by an optional full-text query expression:
    /// `SELECT * FROM "emails" WHERE ("emails" MATCH "pattern")`.
    public func match(_ pattern: Expression<String?>) -> QueryType {
        filter(match(pattern) as Expression<Bool?>)
    }
}

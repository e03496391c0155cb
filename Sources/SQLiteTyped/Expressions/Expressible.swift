/// Anything that renders as a piece of SQL with values to bind: expressions, queries, literal
/// values.
///
/// ```swift
/// let condition: Expressible = id == 1
/// condition.asSQL()   // ("id" = 1)
/// ```
public protocol Expressible: Sendable {
    /// The SQL template and its bindings.
    var expression: Expression<Void> { get }
}

extension Expressible {
    /// The SQL with every bound value inlined as a literal (text quoted with `'` doubled, blobs
    /// as `x'…'`, `NULL` for nil), for logging and for statements that cannot take bindings,
    /// such as `CREATE TABLE`.
    ///
    /// ```swift
    /// users.filter(email == "o'hara@mac.com").asSQL()
    /// // SELECT * FROM "users" WHERE ("email" = 'o''hara@mac.com')
    /// ```
    public func asSQL() -> String {
        let expressed = expression
        return SQLText.inline(expressed.template, expressed.bindings)
    }
}

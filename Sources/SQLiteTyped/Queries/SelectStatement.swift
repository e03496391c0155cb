/// A whole `SELECT` statement whose one result column has the type `T`, run with
/// `Connection.scalar(_:)`: ``QueryType/exists`` is one.
///
/// ```swift
/// let hasAdmins: Bool = try db.scalar(users.filter(admin).exists)
/// // SELECT EXISTS (SELECT * FROM "users" WHERE "admin")
/// ```
public struct Select<T>: ExpressionType, Sendable {
    /// The statement text.
    public var template: String

    /// The values to bind.
    public var bindings: [Binding?]

    /// A statement from its text and bindings.
    public init(_ template: String, _ bindings: [Binding?]) {
        self.template = template
        self.bindings = bindings
    }
}

extension QueryType {
    /// `SELECT EXISTS (query)`: whether the query returns any row, read with `db.scalar`.
    ///
    /// ```swift
    /// try db.scalar(users.filter(email == "alice@mac.com").exists)   // true
    /// // SELECT EXISTS (SELECT * FROM "users" WHERE ("email" = 'alice@mac.com'))
    /// ```
    ///
    /// To use the test inside another query's condition, write `exists(query)`, an
    /// `Expression<Bool>`.
    public var exists: Select<Bool> {
        let query = expression
        return Select("SELECT EXISTS (" + query.template + ")", query.bindings)
    }
}

import Foundation

extension Connection {
    /// Every row of `query`, decoded as `T`: the fast way to read many rows.
    ///
    /// ```swift
    /// let items = try db.fetchAll(Item.self, items.filter(price > 10).order(name))
    /// ```
    ///
    /// The statement comes from the connection's cache; its column map is computed once per
    /// prepared statement and each row is decoded by column index straight from SQLite.
    public func fetchAll<T: Decodable>(
        _ type: T.Type, _ query: QueryType, options: CodingOptions = CodingOptions(),
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> [T] {
        let expression = query.expression
        return try fetchAll(type, sql: expression.template, expression.bindings, options: options, userInfo: userInfo)
    }

    /// Every row of an SQL query, decoded as `T`:
    ///
    /// ```swift
    /// let items = try db.fetchAll(Item.self, sql: "SELECT * FROM items WHERE price > ?", 10)
    /// ```
    public func fetchAll<T: Decodable>(
        _ type: T.Type, sql: String, _ bindings: Binding?..., options: CodingOptions = CodingOptions(),
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> [T] {
        try fetchAll(type, sql: sql, bindings, options: options, userInfo: userInfo)
    }

    /// Every row of an SQL query with an array of bindings, decoded as `T`.
    public func fetchAll<T: Decodable>(
        _ type: T.Type, sql: String, _ bindings: [Binding?], options: CodingOptions = CodingOptions(),
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> [T] {
        try decodeRows(T.self, sql: sql, bindings, options, userInfo)
    }

    /// The first row of `query` decoded as `T`, or nil when there is none.
    ///
    /// ```swift
    /// let cheapest = try db.fetchOne(Item.self, items.order(price).limit(1))
    /// ```
    public func fetchOne<T: Decodable>(
        _ type: T.Type, _ query: QueryType, options: CodingOptions = CodingOptions(),
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T? {
        let expression = query.expression
        return try fetchOne(type, sql: expression.template, expression.bindings, options: options, userInfo: userInfo)
    }

    /// The first row of an SQL query decoded as `T`, or nil when there is none.
    public func fetchOne<T: Decodable>(
        _ type: T.Type, sql: String, _ bindings: [Binding?] = [], options: CodingOptions = CodingOptions(),
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T? {
        try decodeRows(T.self, sql: sql, bindings, options, userInfo, limit: 1).first
    }

    /// The rows (at most `limit`) of an SQL query decoded as `T`, with a decoder kept by the statement.
    private func decodeRows<T: Decodable>(
        _ type: T.Type, sql: String, _ bindings: [Binding?], _ options: CodingOptions,
        _ userInfo: [CodingUserInfoKey: Any], limit: Int = .max
    ) throws -> [T] {
        try withLockedCachedStatement(sql) { statement in
            sqlite3_reset(statement.handle)
            try statement.bindLocked(bindings)
            return try decodeRows(T.self, statement, limit: limit) { state in
                state.decoder(
                    for: T.self, statement: statement, naming: ColumnNaming(options: options), options: options,
                    userInfo: userInfo, record: false)
            }
        }
    }
}

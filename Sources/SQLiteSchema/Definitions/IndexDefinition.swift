/// An index of a table: its columns, whether it is unique, its `WHERE` clause when partial, and
/// what created it.
///
/// ```swift
/// let index = IndexDefinition(table: "users", name: "users_on_email", unique: true, columns: ["email"],
///                             where: "deleted_at IS NULL")
/// index.toSQL()
/// // CREATE UNIQUE INDEX "users_on_email" ON "users" ("email") WHERE deleted_at IS NULL
/// ```
public struct IndexDefinition: Equatable, Hashable, Sendable {
    /// The sort order of an indexed column.
    public enum Order: String, Equatable, Hashable, Sendable {
        /// Ascending (the default).
        case ASC
        /// Descending.
        case DESC
    }

    /// One key of an index: a column or an expression.
    public enum Key: Equatable, Hashable, Sendable {
        /// A column, by name.
        case column(String)
        /// An expression, as written (`lower(email)`), without its `COLLATE` or sort order.
        case expression(String)

        /// The key as SQL: the quoted column name, or the expression.
        public func toSQL() -> String {
            switch self {
            case .column(let name): name.quotedIdentifier
            case .expression(let expression): expression
            }
        }
    }

    /// What created the index.
    public enum Origin: String, Equatable, Hashable, Sendable {
        /// A `CREATE INDEX` statement.
        case createIndex = "c"
        /// A `UNIQUE` constraint of the table.
        case uniqueConstraint = "u"
        /// A `PRIMARY KEY` constraint of the table.
        case primaryKey = "pk"
    }

    /// The indexed table.
    public var table: String
    /// The index's name (`sqlite_autoindex_...` for indexes made by constraints).
    public var name: String
    /// Whether the index enforces uniqueness.
    public var unique: Bool
    /// The keys, columns and expressions, in key order.
    public var keys: [Key]
    /// The indexed columns, in key order; keys that are expressions are in ``keys`` only.
    /// Setting it replaces all the keys.
    public var columns: [String] {
        get {
            keys.compactMap { key in
                if case .column(let name) = key { return name }
                return nil
            }
        }
        set { keys = newValue.map(Key.column) }
    }
    /// The partial index's condition (the text after `WHERE`), `nil` for a full index.
    public var `where`: String?
    /// The columns indexed in descending order, keyed by column name; `nil` when all ascend.
    public var orders: [String: Order]?
    /// What created the index; `nil` when unknown (for a definition not read from a database).
    public var origin: Origin?

    /// An index definition.
    public init(
        table: String, name: String, unique: Bool = false, columns: [String], where condition: String? = nil,
        orders: [String: Order]? = nil, origin: Origin? = nil
    ) {
        self.table = table
        self.name = name
        self.unique = unique
        self.keys = columns.map(Key.column)
        self.where = condition
        self.orders = orders
        self.origin = origin
    }

    /// An index definition whose keys may be expressions.
    ///
    /// ```swift
    /// IndexDefinition(table: "users", name: "users_by_lower_email", keys: [.expression("lower(email)")]).toSQL()
    /// // CREATE INDEX "users_by_lower_email" ON "users" (lower(email))
    /// ```
    public init(
        table: String, name: String, unique: Bool = false, keys: [Key], where condition: String? = nil,
        orders: [String: Order]? = nil, origin: Origin? = nil
    ) {
        self.init(
            table: table, name: name, unique: unique, columns: [], where: condition, orders: orders, origin: origin)
        self.keys = keys
    }

    /// Whether SQLite made the index for a constraint (it has no `CREATE INDEX` of its own).
    public var isInternal: Bool {
        origin == .uniqueConstraint || origin == .primaryKey || name.hasPrefix("sqlite_")
    }

    /// Whether the index has a `WHERE` clause.
    public var isPartial: Bool { self.where != nil }

    /// The `CREATE INDEX` statement.
    ///
    /// ```swift
    /// IndexDefinition(table: "posts", name: "posts_by_date", columns: ["date"], orders: ["date": .DESC])
    ///     .toSQL(ifNotExists: true)
    /// // CREATE INDEX IF NOT EXISTS "posts_by_date" ON "posts" ("date" DESC)
    /// ```
    public func toSQL(ifNotExists: Bool = false) -> String {
        toSQL(ifNotExists: ifNotExists, schema: nil)
    }

    /// The `CREATE INDEX` statement, the index's name qualified with `schema` when given.
    func toSQL(ifNotExists: Bool, schema: String?) -> String {
        let keys = keys.map { key in
            guard case .column(let column) = key else { return key.toSQL() }
            return column.quotedIdentifier + (orders?[column].map { $0 == .DESC ? " DESC" : "" } ?? "")
        }
        var sql = "CREATE \(unique ? "UNIQUE " : "")INDEX \(ifNotExists ? "IF NOT EXISTS " : "")"
        sql += (schema.map { $0.quotedIdentifier + "." } ?? "") + name.quotedIdentifier
        sql += " ON \(table.quotedIdentifier) (\(keys.joined(separator: ", ")))"
        if let condition = self.where { sql += " WHERE \(condition)" }
        return sql
    }

    /// The key list of a `CREATE INDEX` statement, each key as written without a trailing
    /// `COLLATE` or `ASC`/`DESC`.
    static func keyTexts(of sql: String) -> [String] {
        let tokens = SQLTokenizer.tokenize(sql)
        guard let on = tokens.firstTopLevelKeyword("ON"),
            let open = tokens[on...].firstIndex(where: { $0.isSymbol("(") }),
            let close = tokens.indexOfClosingParenthesis(from: open)
        else { return [] }
        return tokens.topLevelParts(from: open, to: close).map { part in
            var last = part.upperBound - 1
            if last >= part.lowerBound, tokens[last].isKeyword("ASC") || tokens[last].isKeyword("DESC") { last -= 1 }
            if last - 1 >= part.lowerBound, tokens[last - 1].isKeyword("COLLATE") { last -= 2 }
            return tokens.text(in: sql, from: part.lowerBound, through: last)
        }
    }

    /// The condition after the top-level `WHERE` of a `CREATE INDEX` statement, if any.
    static func whereClause(of sql: String) -> String? {
        let tokens = SQLTokenizer.tokenize(sql)
        guard let open = tokens.firstIndex(where: { $0.isSymbol("(") }),
            let close = tokens.indexOfClosingParenthesis(from: open),
            let keyword = tokens.firstTopLevelKeyword("WHERE", from: close + 1)
        else { return nil }
        var last = tokens.count - 1
        while last > keyword, tokens[last].isSymbol(";") { last -= 1 }
        guard last > keyword else { return nil }
        return tokens.text(in: sql, from: keyword + 1, through: last)
    }
}

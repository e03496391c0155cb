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
    /// The indexed columns, in key order. Keys that are expressions are not listed.
    public var columns: [String]
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
        self.columns = columns
        self.where = condition
        self.orders = orders
        self.origin = origin
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
        let keys = columns.map { column in
            column.quotedIdentifier + (orders?[column].map { $0 == .DESC ? " DESC" : "" } ?? "")
        }
        var sql = "CREATE \(unique ? "UNIQUE " : "")INDEX \(ifNotExists ? "IF NOT EXISTS " : "")"
        sql += (schema.map { $0.quotedIdentifier + "." } ?? "") + name.quotedIdentifier
        sql += " ON \(table.quotedIdentifier) (\(keys.joined(separator: ", ")))"
        if let condition = self.where { sql += " WHERE \(condition)" }
        return sql
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

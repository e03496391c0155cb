/// A `SELECT` statement waiting to happen: a table, view or virtual table plus the clauses
/// added to it. Run it with `db.prepare(query)`, `db.pluck(query)` or `db.scalar(...)`.
///
/// ```swift
/// let query = users.select(email).filter(name != nil).order(email.desc).limit(5, offset: 1)
/// // SELECT "email" FROM "users" WHERE ("name" IS NOT NULL) ORDER BY "email" DESC LIMIT 5 OFFSET 1
/// ```
public protocol QueryType: Expressible {
    /// The query's clauses.
    var clauses: QueryClauses { get set }

    /// A query over the table `name`, in attached database `database` when given.
    init(_ name: String, database: String?)
}

/// A query over a named schema object that can be created, altered and dropped.
public protocol SchemaType: QueryType {
    /// The kind of object in `CREATE`/`DROP` statements: `TABLE`, `VIEW`, `VIRTUAL TABLE`.
    static var identifier: String { get }
}

/// A table: `let users = Table("users")`.
public struct Table: SchemaType, Sendable {
    /// `"TABLE"`.
    public static let identifier = "TABLE"

    /// The table's clauses.
    public var clauses: QueryClauses

    /// The table `name`, in attached database `database` when given
    /// (rendered `"database"."name"`).
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name, alias: nil, database: database)
    }
}

/// A view: `let adults = View("adults")`.
public struct View: SchemaType, Sendable {
    /// `"VIEW"`.
    public static let identifier = "VIEW"

    /// The view's clauses.
    public var clauses: QueryClauses

    /// The view `name`, in attached database `database` when given.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name, alias: nil, database: database)
    }
}

/// A virtual table, such as a full-text index: `let emails = VirtualTable("emails")`.
public struct VirtualTable: SchemaType, Sendable {
    /// `"VIRTUAL TABLE"`.
    public static let identifier = "VIRTUAL TABLE"

    /// The virtual table's clauses.
    public var clauses: QueryClauses

    /// The virtual table `name`, in attached database `database` when given.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name, alias: nil, database: database)
    }
}

/// A query selecting a single typed column, run with `db.scalar(...)` to get its value:
/// `try db.scalar(users.select(id.max))` is an `Int64?`.
public struct ScalarQuery<V>: QueryType, Sendable {
    /// The query's clauses.
    public var clauses: QueryClauses

    /// A scalar query over `name`; its select list is set by `select`.
    public init(_ name: String, database: String? = nil) {
        clauses = QueryClauses(name, alias: nil, database: database)
    }

    init(clauses: QueryClauses) {
        self.clauses = clauses
    }
}

extension QueryType {
    /// The whole `SELECT` statement.
    public var expression: Expression<Void> {
        var renderer = SQLRenderer()
        renderer.appendSelect(clauses)
        return renderer.expression
    }

    /// The table as it appears after `FROM`: `"database"."name" AS "alias"`.
    var tableClause: String {
        qualifiedTableName + (clauses.from.alias.map { " AS " + SQLText.quote($0) } ?? "")
    }

    /// The table's name with its database, without its alias: `"database"."name"`.
    var qualifiedTableName: String {
        SQLText.qualified(clauses.from.name, clauses.from.database)
    }

    /// The name columns are qualified with: the alias if any, else the (database-qualified) name.
    var namespace: String {
        clauses.from.alias.map(SQLText.quote) ?? qualifiedTableName
    }

    /// A copy with `change` applied to its clauses.
    func modified(_ change: (inout QueryClauses) -> Void) -> Self {
        var query = self
        change(&query.clauses)
        return query
    }
}

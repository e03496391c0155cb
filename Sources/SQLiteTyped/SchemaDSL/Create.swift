extension Table {
    /// `CREATE TABLE` with the columns and constraints the block defines.
    ///
    /// ```swift
    /// try db.run(users.create(ifNotExists: true) { t in
    ///     t.column(id, primaryKey: .autoincrement)
    ///     t.column(email, unique: true, check: email.like("%@%"))
    /// })
    /// // CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    /// //   "email" TEXT NOT NULL UNIQUE CHECK (("email" LIKE '%@%')))
    /// ```
    ///
    /// - Parameters:
    ///   - temporary: `CREATE TEMPORARY TABLE`, dropped when the connection closes.
    ///   - ifNotExists: `IF NOT EXISTS`, doing nothing when the table exists.
    ///   - withoutRowid: `WITHOUT ROWID` (the table needs a primary key).
    ///   - block: defines the columns and constraints.
    public func create(
        temporary: Bool = false, ifNotExists: Bool = false, withoutRowid: Bool = false,
        block: (TableBuilder) -> Void
    ) -> String {
        let builder = TableBuilder()
        block(builder)
        var sql = createPrefix(temporary: temporary, ifNotExists: ifNotExists)
        sql += " (" + builder.definitions.joined(separator: ", ") + ")"
        if withoutRowid { sql += " WITHOUT ROWID" }
        return sql
    }

    /// `CREATE TABLE "name" AS SELECT ...`: a table holding a query's rows (values inlined).
    public func create(_ query: QueryType, temporary: Bool = false, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: temporary, ifNotExists: ifNotExists) + " AS " + query.asSQL()
    }
}

extension View {
    /// `CREATE VIEW "name" AS SELECT ...` (values inlined).
    ///
    /// ```swift
    /// try db.run(View("adults").create(users.filter(age >= 18)))
    /// ```
    public func create(_ query: QueryType, temporary: Bool = false, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: temporary, ifNotExists: ifNotExists) + " AS " + query.asSQL()
    }
}

extension VirtualTable {
    /// `CREATE VIRTUAL TABLE "name" USING module(arguments)`.
    ///
    /// ```swift
    /// try db.run(emails.create(.FTS4(subject, body)))
    /// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")
    /// ```
    public func create(_ using: Module, ifNotExists: Bool = false) -> String {
        createPrefix(temporary: false, ifNotExists: ifNotExists) + " USING " + using.asSQL()
    }
}

extension SchemaType {
    /// `CREATE [TEMPORARY] <kind> [IF NOT EXISTS] "name"`.
    func createPrefix(temporary: Bool, ifNotExists: Bool) -> String {
        "CREATE " + (temporary ? "TEMPORARY " : "") + Self.identifier + (ifNotExists ? " IF NOT EXISTS " : " ")
            + qualifiedTableName
    }

    /// `DROP TABLE "name"` (`DROP VIEW` for a view), with `IF EXISTS` when asked.
    ///
    /// ```swift
    /// try db.run(users.drop(ifExists: true))   // DROP TABLE IF EXISTS "users"
    /// ```
    public func drop(ifExists: Bool = false) -> String {
        let kind = Self.identifier == View.identifier ? "VIEW" : "TABLE"
        return "DROP " + kind + (ifExists ? " IF EXISTS " : " ") + qualifiedTableName
    }
}

/// A virtual table module and its arguments, for ``VirtualTable/create(_:ifNotExists:)``:
/// `Module("custom", [subject, body])` renders `"custom"("subject", "body")`.
///
/// A module built with ``init(_:_:)`` has its name quoted as an identifier, as in
/// SQLite.swift; the built-in ones (`.FTS4(...)`, `.FTS5(...)`, `.RTree(...)`) render
/// their names bare: `fts5("subject", "body")`.
public struct Module: Sendable {
    /// The module name, e.g. `fts4`.
    public var name: String
    /// The arguments, rendered with their values inlined.
    public var arguments: [Expressible]
    /// Whether ``name`` renders quoted.
    let quotesName: Bool

    /// A module call from its name (rendered quoted) and arguments.
    public init(_ name: String, _ arguments: [Expressible]) {
        self.init(name: name, arguments: arguments, quotesName: true)
    }

    /// A module whose name renders as written, for the built-in modules.
    init(name: String, arguments: [Expressible], quotesName: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.quotesName = quotesName
    }
}

extension Module: Expressible {
    /// `name(arguments)` with the arguments' bindings.
    public var expression: Expression<Void> {
        let joined = SQLText.join(", ", arguments)
        let prefix = quotesName ? SQLText.quote(name) : name
        return Expression(prefix + "(" + joined.template + ")", joined.bindings)
    }
}

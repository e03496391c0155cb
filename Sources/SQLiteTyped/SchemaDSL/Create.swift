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
        createPrefix(temporary: false, ifNotExists: ifNotExists) + " USING " + using.sql
    }
}

extension SchemaType {
    /// `CREATE [TEMPORARY] <kind> [IF NOT EXISTS] "name"`.
    func createPrefix(temporary: Bool, ifNotExists: Bool) -> String {
        var sql = "CREATE "
        if temporary { sql += "TEMPORARY " }
        sql += Self.identifier + " "
        if ifNotExists { sql += "IF NOT EXISTS " }
        return sql + qualifiedTableName
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
/// `Module("fts5", [subject, body])` renders `fts5("subject", "body")`.
public struct Module: Sendable {
    /// The module name, e.g. `fts4`.
    public var name: String
    /// The arguments, rendered with their values inlined.
    public var arguments: [Expressible]

    /// A module call from its name and arguments.
    public init(_ name: String, _ arguments: [Expressible]) {
        self.name = name
        self.arguments = arguments
    }

    /// `name(arguments)`.
    var sql: String {
        name + "(" + arguments.map { $0.asSQL() }.joined(separator: ", ") + ")"
    }
}

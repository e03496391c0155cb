/// Where an insert writes: the table and the conflict clause, from which its text is rendered
/// when it runs (the statement cache then finds the prepared statement by that text).
struct InsertTarget: Sendable {
    let name: String
    let database: String?
    let conflict: OnConflict?

    /// The target of an insert whose text is given.
    static let none = InsertTarget(name: "", database: nil, conflict: nil)

    /// The table's name with its database: `"database"."name"`.
    var qualifiedName: String {
        SQLText.qualified(name, database)
    }

    /// `INSERT [OR ...] INTO "table" ("a", "b") VALUES (?, ?)` for `setters`, or
    /// `DEFAULT VALUES` for none.
    func render(_ setters: SetterList) -> String {
        var sql = SQLRenderer()
        sql.append("INSERT")
        if let conflict {
            sql.append(" OR ")
            sql.append(conflict.rawValue)
        }
        sql.append(" INTO ")
        sql.appendQualified(name, database)
        if setters.count == 0 {
            sql.append(" DEFAULT VALUES")
            return sql.sql
        }
        sql.append(" (")
        setters.appendColumns(to: &sql)
        sql.append(") VALUES (")
        setters.appendValues(to: &sql)
        sql.append(")")
        return sql.sql
    }
}

/// Where an insert writes: the table and the conflict clause, from which its text is rendered.
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
        var sql = "INSERT"
        if let conflict { sql += " OR " + conflict.rawValue }
        sql += " INTO " + qualifiedName
        if setters.count == 0 { return sql + " DEFAULT VALUES" }
        var columns: [String] = []
        var placeholders: [String] = []
        setters.forEach { setter in
            columns.append(setter.column.template)
            placeholders.append(setter.value.template)
        }
        return sql + " (" + columns.joined(separator: ", ") + ") VALUES (" + placeholders.joined(separator: ", ") + ")"
    }
}

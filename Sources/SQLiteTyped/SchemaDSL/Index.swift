extension SchemaType {
    /// `CREATE INDEX` over the columns, named `index_<table>_on_<columns>`.
    ///
    /// ```swift
    /// try db.run(users.createIndex(email, unique: true))
    /// // CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")
    /// ```
    public func createIndex(_ columns: Expressible..., unique: Bool = false, ifNotExists: Bool = false) -> String {
        createIndex(columns, unique: unique, ifNotExists: ifNotExists)
    }

    /// `CREATE INDEX` over a list of columns.
    public func createIndex(_ columns: [Expressible], unique: Bool = false, ifNotExists: Bool = false) -> String {
        var sql = "CREATE " + (unique ? "UNIQUE " : "") + "INDEX " + (ifNotExists ? "IF NOT EXISTS " : "")
        sql += indexName(columns) + " ON " + SQLText.quote(clauses.from.name)
        return sql + " (" + SQLText.join(", ", columns).asSQL() + ")"
    }

    /// `DROP INDEX` of the index ``createIndex(_:unique:ifNotExists:)-([Expressible],_,_)`` names for these columns.
    public func dropIndex(_ columns: Expressible..., ifExists: Bool = false) -> String {
        dropIndex(columns, ifExists: ifExists)
    }

    /// `DROP INDEX` for a list of columns.
    public func dropIndex(_ columns: [Expressible], ifExists: Bool = false) -> String {
        "DROP INDEX " + (ifExists ? "IF EXISTS " : "") + indexName(columns)
    }

    /// `"index_users_on_email"`: lowercased, every run of other characters made one underscore,
    /// schema-qualified for a table of an attached database.
    package func indexName(_ columns: [Expressible]) -> String {
        let words = ["index", clauses.from.name, "on"] + columns.map { $0.expression.template }
        var name = ""
        for character in words.joined(separator: " ").lowercased() where character != "\"" {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(character)
            } else if !name.hasSuffix("_") {
                name.append("_")
            }
        }
        return SQLText.qualified(name, clauses.from.database)
    }
}

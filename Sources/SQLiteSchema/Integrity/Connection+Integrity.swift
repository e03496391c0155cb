import SQLiteCore

extension Connection {
    /// The rows whose foreign keys refer to missing rows (`PRAGMA foreign_key_check`); empty when
    /// every key holds. Works whether or not foreign keys are enforced.
    ///
    /// ```swift
    /// let problems = try db.foreignKeyCheck(table: "posts")
    /// #expect(problems.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - table: check only this table's foreign keys; `nil` checks every table.
    ///   - database: the database to check (`main`, `temp` or an attached name); `nil` for all.
    public func foreignKeyCheck(table: String? = nil, database: String? = nil) throws -> [ForeignKeyViolation] {
        var sql = "PRAGMA " + (database.map { $0.quotedIdentifier + "." } ?? "") + "foreign_key_check"
        if let table { sql += "(\(table.quotedIdentifier))" }
        return try rows(sql) { row in
            ForeignKeyViolation(
                table: row[0], rowid: row.isNull(1) ? nil : row[1] as Int64, parent: row[2], foreignKeyID: row[3])
        }
    }

    /// The problems `PRAGMA integrity_check` finds (malformed pages, missing index entries,
    /// `NOT NULL` or `CHECK` violations, ...); empty when the database is sound.
    ///
    /// ```swift
    /// let problems = try db.integrityCheck()
    /// if !problems.isEmpty { print("corrupt:", problems) }
    /// ```
    ///
    /// - Parameters:
    ///   - table: check only this table and its indexes; `nil` checks everything.
    ///   - database: the database to check; `nil` for all of them.
    ///   - maxErrors: stop after this many problems. Default: 100, as SQLite.
    public func integrityCheck(table: String? = nil, database: String? = nil, maxErrors: Int = 100) throws
        -> [String]
    {
        try check("integrity_check", table: table, database: database, maxErrors: maxErrors)
    }

    /// The problems `PRAGMA quick_check` finds: like ``integrityCheck(table:database:maxErrors:)``
    /// but without checking that indexes match their tables, so much faster. Empty when fine.
    ///
    /// ```swift
    /// #expect(try db.quickCheck().isEmpty)
    /// ```
    public func quickCheck(table: String? = nil, database: String? = nil, maxErrors: Int = 100) throws
        -> [String]
    {
        try check("quick_check", table: table, database: database, maxErrors: maxErrors)
    }

    private func check(_ pragma: String, table: String?, database: String?, maxErrors: Int) throws
        -> [String]
    {
        // The argument is either a table name or a limit; a table check uses SQLite's limit.
        let argument = table?.quotedIdentifier ?? String(max(1, maxErrors))
        let sql = "PRAGMA " + (database.map { $0.quotedIdentifier + "." } ?? "") + pragma + "(\(argument))"
        let messages = try rows(sql) { row in row[0] as String }
        return messages == ["ok"] ? [] : messages
    }
}

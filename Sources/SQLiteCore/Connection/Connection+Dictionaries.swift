extension Connection {
    /// Runs a query and returns every row as a dictionary from column name to value, the
    /// SQLiteDB way. Convenient for small results; prefer ``Statement/row`` in hot loops.
    ///
    /// ```swift
    /// let rows = try db.query("SELECT id, email FROM users WHERE id > ?", [10])
    /// let email = rows.first?["email"] as? String
    /// ```
    public func query(_ sql: String, _ parameters: [Binding?] = []) throws -> [[String: Binding?]] {
        let statement = try prepareStatement(sql)
        if !parameters.isEmpty { statement.bind(parameters) }
        // The names are read after the first step: a statement prepared before another
        // connection changed the schema is re-prepared there, maybe with other columns.
        var names: [String] = []
        var rows: [[String: Binding?]] = []
        while try statement.step() {
            if rows.isEmpty { names = statement.columnNames }
            var row: [String: Binding?] = [:]
            row.reserveCapacity(names.count)
            let cursor = statement.row
            for (index, name) in names.enumerated() { row[name] = cursor.binding(at: index) }
            rows.append(row)
        }
        return rows
    }

    /// Runs one SQL statement and returns the rowid of the row it inserted, or, for any other
    /// statement, the number of rows it changed (SQLiteDB's `execute(sql:parameters:)`, SkipSQL's
    /// `exec(sql:parameters:)`). SQLite.swift's ``execute(_:)``, without labels, runs a script of
    /// several statements instead.
    ///
    /// ```swift
    /// let id = try db.execute(sql: "INSERT INTO users (email) VALUES (?)", parameters: ["a@b.c"])
    /// ```
    @discardableResult
    public func execute(sql: String, parameters: [Binding?] = []) throws -> Int64 {
        try withLock { () throws -> Int64 in
            try connection.checkOpen()
            let before = GatedCalls.totalChanges(handle)
            let statement = try prepareStatement(sql)
            try statement.run(parameters)
            // REPLACE INTO is an insert too (INSERT OR REPLACE by another name).
            let keyword = sql.drop(while: { $0.isWhitespace }).prefix(while: { $0.isLetter }).uppercased()
            let isInsert = keyword == "INSERT" || keyword == "REPLACE"
            if isInsert, GatedCalls.totalChanges(handle) > before { return sqlite3_last_insert_rowid(handle) }
            return GatedCalls.changes(handle)
        }
    }
}

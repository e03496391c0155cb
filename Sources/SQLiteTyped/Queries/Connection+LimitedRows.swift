extension Connection {
    /// The text `db.run` runs for an `UPDATE` or a `DELETE` rendered as `template`: the template
    /// itself, unless it is a limited statement on a build without
    /// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT` whose table needs another key than its rowid.
    func statementText(_ template: String, _ rows: LimitedRows?) throws -> String {
        // A template changed after rendering is the caller's own SQL: it runs as it is.
        guard let rows, !LimitedRows.nativeLimit, template == rows.rendered else { return template }
        return try rows.sql(keyedBy: limitedRowsKey(rows))
    }

    /// The quoted columns that pick out one row of the limited statement's table, as SQLite
    /// picks them itself in a build with `UPDATE ... LIMIT`: the rowid (by a name no column
    /// takes), or the primary key of a `WITHOUT ROWID` table. Read from the schema at each run;
    /// the statements that read it are cached.
    ///
    /// - Throws: ``Result`` for a view, which has neither, and for a table whose columns take
    ///   all three names of the rowid.
    private func limitedRowsKey(_ rows: LimitedRows) throws -> [String] {
        guard let table = try resolvedTable(rows.table, in: rows.database) else {
            // No such table: the statement runs, and SQLite reports it.
            return ["rowid"]
        }
        func refused(_ subject: String, _ reason: String) -> Result {
            let statement = rows.head.hasPrefix("UPDATE") ? "UPDATE" : "DELETE"
            return Result.misuse("\(statement) of \(subject) with a limit: " + reason, code: SQLITE_ERROR)
        }
        if table.type == "view" {
            throw refused(
                "the view " + rows.qualifiedTable,
                "this SQLite library, built without SQLITE_ENABLE_UPDATE_DELETE_LIMIT, takes no ORDER BY or LIMIT "
                    + "there, and a view has no key to choose its rows by; filter the rows instead")
        }
        var columns: [(name: String, position: Int64)] = []
        try withCachedStatement("SELECT \"name\", \"pk\" FROM pragma_table_xinfo(?1, ?2)") { statement in
            statement.bind(rows.table, table.schema)
            while try statement.step() {
                columns.append((statement.row[0], statement.row[1]))
            }
        }
        if table.withoutRowid {
            let key = columns.filter { $0.position > 0 }.sorted { $0.position < $1.position }
            guard !key.isEmpty else {
                throw refused(
                    rows.qualifiedTable, "the WITHOUT ROWID table has no primary key columns to choose its rows by")
            }
            return key.map { SQLText.quote($0.name) }
        }
        let names = Set(columns.map { $0.name.lowercased() })
        guard let rowid = ["rowid", "_rowid_", "oid"].first(where: { !names.contains($0) }) else {
            throw refused(
                rows.qualifiedTable, "its columns named rowid, _rowid_ and oid hide the rowid that chooses its rows")
        }
        return [rowid]
    }

    /// The table `name` resolves to, as SQLite resolves it: in `database` when given, else in
    /// `temp`, then `main`, then the attached databases in order; nil when there is none.
    private func resolvedTable(_ name: String, in database: String?) throws -> (
        schema: String, type: String, withoutRowid: Bool
    )? {
        var found: [(schema: String, type: String, withoutRowid: Bool)] = []
        try withCachedStatement("SELECT \"schema\", \"type\", \"wr\" FROM pragma_table_list(?1)") { statement in
            statement.bind(name)
            while try statement.step() {
                let wr: Int64 = statement.row[2]
                found.append((statement.row[0], statement.row[1], wr != 0))
            }
        }
        if let database {
            return found.first { $0.schema.lowercased() == database.lowercased() }
        }
        return found.first { $0.schema == "temp" } ?? found.first { $0.schema == "main" } ?? found.first
    }
}

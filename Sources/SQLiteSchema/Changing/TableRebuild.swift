import SQLiteCore

/// The table rebuild of sqlite.org's "Making Other Kinds Of Table Schema Changes", for changes
/// `ALTER TABLE` cannot make. ``SchemaChanger`` runs it inside its transaction, with foreign
/// keys suspended: create the new table under a temporary name, copy every row (rowids
/// included), drop the old table, rename the new one (with `legacy_alter_table` on, so views and
/// triggers naming the table are left as written and become valid again), recreate the indexes
/// and triggers, and check that every view still compiles.
extension SchemaChanger {
    /// A change needing a rebuild.
    enum RebuildChange {
        /// Add a column SQLite cannot add in place.
        case addColumn(ColumnDefinition)
        /// Drop a column SQLite cannot drop in place, with the indexes and table constraints
        /// that involve it.
        case dropColumn(String)
    }

    /// An index or trigger of the rebuilt table, to recreate afterwards.
    private struct SavedObject {
        var type: String
        var name: String
        var sql: String
    }

    /// Rebuilds the table at `location` with `change` applied. Call inside ``change(schema:_:)``.
    func rebuild(_ location: SchemaReader.TableLocation, change: RebuildChange, foreignKeysEnforced: Bool) throws {
        let schema = location.schema
        let table = location.name
        let oldName = qualified(schema, table)

        // Foreign keys still enforced (the caller's transaction had them on): dropping the old
        // table would run ON DELETE actions on the tables referring to it. Refuse instead.
        if foreignKeysEnforced {
            let children = try referencingTables(of: table, schema: schema)
            let selfReferencing = try reader.foreignKeyDefinitions(table: table).contains {
                $0.table.sameIdentifier(as: table)
            }
            if !children.isEmpty || selfReferencing {
                throw Result.misuse(
                    "rebuilding a table that foreign keys refer to needs PRAGMA foreign_keys = OFF, which "
                        + "cannot change inside a transaction: run the change outside the transaction",
                    code: SQLITE_ERROR)
            }
        }

        // Step 3: remember the table's SQL, indexes and triggers.
        guard let sql = try reader.createTableSQL(location), let statement = CreateTableStatement(sql: sql) else {
            throw Result.misuse(
                "cannot rebuild \(table): only ordinary tables created with a column list can be rebuilt, "
                    + "not virtual tables or tables created AS SELECT", code: SQLITE_ERROR)
        }
        let columns = try connection.rows(
            "SELECT name, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid", [table, schema]
        ) { row in (name: row[0] as String, hidden: row[1] as Int) }
        let saved = try connection.rows(
            """
            SELECT type, name, sql FROM \(schema.quotedIdentifier).sqlite_schema
            WHERE tbl_name = ? COLLATE NOCASE AND type IN ('index', 'trigger') AND sql IS NOT NULL
            ORDER BY rowid
            """, [table]
        ) { row in SavedObject(type: row[0], name: row[1], sql: row[2]) }
        let rowCount = try connection.scalar("SELECT count(*) FROM \(oldName)") as? Int64 ?? 0
        let sequenceTable = "\(schema.quotedIdentifier).sqlite_sequence"
        var sequence: Int64?
        if try connection.scalar(
            "SELECT 1 FROM \(schema.quotedIdentifier).sqlite_schema WHERE name = 'sqlite_sequence'")
            != nil
        {
            sequence =
                try connection.scalar("SELECT seq FROM \(sequenceTable) WHERE name = ? COLLATE NOCASE", table) as? Int64
        }

        // Triggers and views that name the table live in its database and in `temp`.
        let schemasNaming = schema.lowercased() == "temp" ? [schema] : [schema, "temp"]

        // Step 4: the revised CREATE TABLE.
        var elements = statement.elements.map(\.text)
        var copied = columns.filter { $0.hidden == 0 }.map(\.name)
        var recreated = saved
        var keptColumns = statement.columns.count
        switch change {
        case .addColumn(let column):
            let lastColumn = statement.elements.lastIndex { !$0.isConstraint } ?? -1
            elements.insert(column.toSQL(), at: lastColumn + 1)
        case .dropColumn(let column):
            guard statement.column(named: column) != nil else {
                throw Result.misuse("no such column: \(column)", code: SQLITE_ERROR)
            }
            try refuseTriggersUsing(column: column, of: table, schemas: schemasNaming, ownTriggers: saved)
            elements = statement.elements.filter { element in
                if let name = element.columnName { return !name.sameIdentifier(as: column) }
                return !element.constrainedColumns.contains { $0.sameIdentifier(as: column) }
            }.map(\.text)
            copied.removeAll { $0.sameIdentifier(as: column) }
            keptColumns -= 1
            recreated.removeAll { $0.type == "index" && Self.mentions($0.sql, column: column, ignoring: table) }
        }
        guard keptColumns > 0, !copied.isEmpty || !location.withoutRowID else {
            throw Result.misuse("cannot rebuild \(table) without any column to copy", code: SQLITE_ERROR)
        }
        let newName = qualified(schema, try unusedName(for: "new_\(table)", schema: schema))
        let createSQL = statement.render(qualifiedName: newName, elements: elements)
        try run(createSQL)

        // Step 5: copy every row, rowids included, and make sure none was lost.
        let names = columns.map(\.name)
        let rowid =
            location.withoutRowID
            ? nil
            : ["rowid", "_rowid_", "oid"].first { alias in
                !names.contains { $0.sameIdentifier(as: alias) }
            }
        let list = ((rowid.map { [$0] } ?? []) + copied.map(\.quotedIdentifier)).joined(separator: ", ")
        try run("INSERT INTO \(newName) (\(list)) SELECT \(list) FROM \(oldName)")
        let copiedCount = try connection.scalar("SELECT count(*) FROM \(newName)") as? Int64 ?? -1
        guard copiedCount == rowCount else {
            throw Result.misuse("copied \(copiedCount) of \(rowCount) rows", code: SQLITE_CORRUPT)
        }

        // Steps 6 and 7: drop the old table, give the new one its name.
        try run("DROP TABLE \(oldName)")
        let legacy = try connection.scalar("PRAGMA legacy_alter_table") as? Int64 ?? 0
        try run("PRAGMA legacy_alter_table = ON")
        do {
            try run("ALTER TABLE \(newName) RENAME TO \(table.quotedIdentifier)")
        } catch {
            try? connection.execute("PRAGMA legacy_alter_table = \(legacy)")
            throw error
        }
        try run("PRAGMA legacy_alter_table = \(legacy)")
        // Keep the AUTOINCREMENT counter, even past rows deleted before the rebuild.
        let autoIncrement = SQLTokenizer.tokenize(createSQL).contains { $0.isKeyword("AUTOINCREMENT") }
        if let sequence, autoIncrement {
            try run("UPDATE \(sequenceTable) SET seq = max(seq, ?) WHERE name = ?", sequence, table)
            try run(
                "INSERT INTO \(sequenceTable) (name, seq) SELECT ?, ? WHERE NOT EXISTS "
                    + "(SELECT 1 FROM \(sequenceTable) WHERE name = ?)", table, sequence, table)
        }

        // Step 8: indexes and triggers, then check that the views still compile.
        let qualify = schema.lowercased() != "main" && schema.lowercased() != "temp"
        for object in recreated {
            try run(qualify ? Self.qualifyingName(of: object.sql, schema: schema) : object.sql)
        }
        try verifyViews(schemas: schemasNaming)
    }

    /// Throws when a trigger of `table`, or a trigger elsewhere that names `table`, names
    /// `column`: SQLite checks trigger bodies only when they fire, so dropping the column would
    /// leave them broken.
    private func refuseTriggersUsing(
        column: String, of table: String, schemas: [String], ownTriggers: [SavedObject]
    ) throws {
        var triggers = ownTriggers.filter { $0.type == "trigger" }
        for name in schemas {
            triggers += try connection.rows(
                """
                SELECT type, name, sql FROM \(name.quotedIdentifier).sqlite_schema
                WHERE type = 'trigger' AND tbl_name <> ? COLLATE NOCASE AND sql IS NOT NULL
                """, [table]
            ) { row in SavedObject(type: row[0], name: row[1], sql: row[2]) }
            .filter { Self.mentions($0.sql, column: table) }
        }
        if let trigger = triggers.first(where: { Self.mentions($0.sql, column: column, ignoring: table) }) {
            throw Result.misuse("cannot drop column \(column): trigger \(trigger.name) uses it", code: SQLITE_ERROR)
        }
    }

    /// Prepares a query on every view of `schemas`, so that a view the change broke fails the
    /// change.
    private func verifyViews(schemas: [String]) throws {
        for name in schemas {
            let sql = "SELECT name FROM \(name.quotedIdentifier).sqlite_schema WHERE type = 'view'"
            for view in try connection.rows(sql, [], { $0[0] as String }) {
                _ = try connection.prepare("SELECT * FROM \(qualified(name, view))")
            }
        }
    }

    /// `base`, or `base_2`, `base_3`, ... : the first name no object of `schema` uses.
    private func unusedName(for base: String, schema: String) throws -> String {
        var candidate = base
        var suffix = 1
        while try connection.scalar(
            "SELECT 1 FROM \(schema.quotedIdentifier).sqlite_schema WHERE name = ? COLLATE NOCASE", candidate)
            != nil
        {
            suffix += 1
            candidate = "\(base)_\(suffix)"
        }
        return candidate
    }

    /// Whether the SQL of an index or trigger names `column` (other than as the table's name).
    static func mentions(_ sql: String, column: String, ignoring table: String? = nil) -> Bool {
        let tokens = SQLTokenizer.tokenize(sql)
        return tokens.indices.contains { index in
            let token = tokens[index]
            guard token.kind == .word || token.kind == .quoted,
                token.identifier?.sameIdentifier(as: column) == true
            else { return false }
            if let table, column.sameIdentifier(as: table), index > 0, tokens[index - 1].isKeyword("ON") {
                return false
            }
            return true
        }
    }

    /// `CREATE INDEX name ...` or `CREATE TRIGGER name ...` with the name qualified by `schema`,
    /// so the object is created in an attached database and not in `main`.
    static func qualifyingName(of sql: String, schema: String) -> String {
        let tokens = SQLTokenizer.tokenize(sql)
        guard var index = tokens.firstIndex(where: { $0.isKeyword("INDEX") || $0.isKeyword("TRIGGER") }) else {
            return sql
        }
        index += 1
        if index < tokens.count, tokens[index].isKeyword("IF") { index += 3 }
        guard index < tokens.count else { return sql }
        if index + 1 < tokens.count, tokens[index + 1].isSymbol(".") { return sql }
        var bytes = [UInt8](sql.utf8)
        bytes.insert(contentsOf: (schema.quotedIdentifier + ".").utf8, at: tokens[index].range.lowerBound)
        return String(decoding: bytes, as: UTF8.self)
    }
}

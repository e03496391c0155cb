import Foundation

/// The table of a record type, derived from its properties.
struct RecordSchema {
    let plan: RecordPlan
    let columns: [DerivedColumn]

    init<R: Record>(_ type: R.Type) throws {
        // A plan of its own: the schema needs the type's naming and options, not a connection.
        let plan = RecordPlan(R.self)
        self.plan = plan
        let probe = SchemaProbe(options: plan.options, rowType: plan.rowType)
        _ = try R(from: probe)
        var columns = probe.columns.map { entry in
            var column = entry.column
            column.name = plan.naming.encodedColumn(forKey: entry.key)
            if column.declaredType.isEmpty { column.declaredType = "TEXT" }
            return column
        }
        let key = plan.primaryKey
        if let index = columns.firstIndex(where: { $0.name == key.column }) {
            if key.isAutoIncrement { columns[index].declaredType = "INTEGER" }
        } else if key.isAutoIncrement {
            columns.insert(
                DerivedColumn(name: key.column, declaredType: "INTEGER", notNull: false, defaultValue: .null), at: 0)
        } else {
            throw RecordError.missingPrimaryKey(type: plan.rowType, column: key.column)
        }
        if plan.timestamps {
            for name in [Timestamps.createdAt, Timestamps.updatedAt] where !columns.contains(where: { $0.name == name })
            {
                columns.append(
                    DerivedColumn(
                        name: name, declaredType: plan.options.dateStrategy.declaredDatatype, notNull: false,
                        defaultValue: .null))
            }
        }
        self.columns = columns
    }

    /// `"name" TYPE [PRIMARY KEY] [NOT NULL]`.
    func definition(_ column: DerivedColumn, forExistingRows: Bool) -> String {
        var sql = SQLIdentifier.quote(column.name) + " " + column.declaredType
        if column.name == plan.primaryKey.column {
            sql += " PRIMARY KEY"
            if !plan.primaryKey.isAutoIncrement { sql += " NOT NULL" }
            return sql
        }
        if column.notNull {
            sql += " NOT NULL"
            // Rows already in the table need a value for a NOT NULL column added to it.
            if forExistingRows { sql += " DEFAULT " + SQLIdentifier.literal(column.defaultValue) }
        }
        return sql
    }

    func createSQL(ifNotExists: Bool) -> String {
        "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + plan.quotedTable + " ("
            + columns.map { definition($0, forExistingRows: false) }.joined(separator: ", ") + ")"
    }
}

extension Connection {
    /// Creates the table of a record type, with one column per property: `INTEGER`, `REAL`,
    /// `TEXT`, `BLOB` or `BOOLEAN` from the Swift type (dates by the date strategy, nested
    /// values as JSON `TEXT`), `NOT NULL` unless optional, and the primary key.
    ///
    /// ```swift
    /// try db.createTable(for: Item.self)
    /// // CREATE TABLE IF NOT EXISTS "item" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "price" REAL NOT NULL)
    /// ```
    ///
    /// - Throws: ``RecordError/schema(type:reason:)`` when a property's type cannot be
    ///   derived (an enum that is not `CaseIterable` and has no value for an empty raw value).
    public func createTable<R: Record>(for type: R.Type, ifNotExists: Bool = true) throws {
        try execute(RecordSchema(R.self).createSQL(ifNotExists: ifNotExists))
    }

    /// The SQL ``createTable(for:ifNotExists:)`` runs.
    public func createTableSQL<R: Record>(for type: R.Type, ifNotExists: Bool = true) throws -> String {
        try RecordSchema(R.self).createSQL(ifNotExists: ifNotExists)
    }

    /// Creates the table of a record type, or adds the columns of properties it lacks (after
    /// the type gained properties), never dropping a column or a row. Returns the names of
    /// the columns added (all of them when the table was created).
    ///
    /// ```swift
    /// try db.syncTable(for: Item.self)   // ALTER TABLE "item" ADD COLUMN "stock" INTEGER NOT NULL DEFAULT 0
    /// ```
    ///
    /// A `NOT NULL` column added to a table holding rows gets a default for them: zero, empty
    /// text, the 1970 epoch for dates, an enum's first case.
    @discardableResult
    public func syncTable<R: Record>(for type: R.Type) throws -> [String] {
        let schema = try RecordSchema(R.self)
        return try withLock {
            let existing = try tableColumns(schema.plan.tableName)
            if existing.isEmpty {
                try execute(schema.createSQL(ifNotExists: false))
                return schema.columns.map(\.name)
            }
            let missing = schema.columns.filter { !existing.contains($0.name) }
            try inTransaction {
                for column in missing {
                    try execute(
                        "ALTER TABLE " + schema.plan.quotedTable + " ADD COLUMN "
                            + schema.definition(column, forExistingRows: true))
                }
            }
            return missing.map(\.name)
        }
    }

    /// The column names of `table`, empty when it does not exist.
    func tableColumns(_ table: String) throws -> [String] {
        try withRawStatement("SELECT name FROM pragma_table_info(?)") { statement in
            try bindRaw(statement, [.text(table)])
            var names: [String] = []
            while try stepRaw(statement) { names.append(String.read(from: statement.handle, at: 0)) }
            return names
        }
    }
}

import Foundation

/// The table of a record type, derived from its properties and its declarations
/// (``Record/columns``, ``Record/indexes``).
struct RecordSchema {
    let plan: RecordPlan
    let columns: [DerivedColumn]
    /// The declarations, by column name.
    let declarations: [String: RecordColumn]
    /// The declared defaults as SQL (`'text'`, `0`, `(expression)`) and whether each is a
    /// constant, by column name.
    let defaults: [String: (sql: String, isConstant: Bool)]
    /// The declared indexes' names and statements.
    let indexes: [(name: String, sql: String)]

    init<R: Record>(_ type: R.Type) throws {
        // A plan of its own: the schema needs the type's naming and options, not a connection.
        let plan = RecordPlan(R.self)
        self.plan = plan
        let probe = SchemaProbe(options: plan.options, rowType: plan.rowType)
        _ = try R(from: probe)
        var keys: [String: String] = [:]
        var columns = probe.columns.map { entry in
            var column = entry.column
            column.name = plan.naming.encodedColumn(forKey: entry.key)
            keys[entry.key] = column.name
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

        /// The column a declaration names: a column's name, else a property's.
        func resolve(_ name: String) throws -> Int {
            if let index = columns.firstIndex(where: { $0.name == name }) { return index }
            if let column = keys[name], let index = columns.firstIndex(where: { $0.name == column }) { return index }
            throw RecordError.schema(
                type: plan.rowType, reason: "the declaration of \"\(name)\" names no property or column of the type")
        }

        var declarations: [String: RecordColumn] = [:]
        var defaults: [String: (sql: String, isConstant: Bool)] = [:]
        for declaration in R.columns {
            let index = try resolve(declaration.name)
            let name = columns[index].name
            let isKey = name == key.column
            guard declarations[name] == nil else {
                throw RecordError.schema(type: plan.rowType, reason: "column \"\(name)\" is declared twice")
            }
            if declaration.autoIncrement, !(isKey && key.isAutoIncrement) {
                throw RecordError.schema(
                    type: plan.rowType,
                    reason: "AUTOINCREMENT on \"\(name)\" needs primaryKey to be .autoIncrement(\"\(name)\")")
            }
            if declaration.primaryKey, !isKey {
                throw RecordError.schema(
                    type: plan.rowType,
                    reason: "\"\(name)\" is declared the primary key, but the type's primaryKey is \"\(key.column)\"")
            }
            if let type = declaration.type {
                if isKey, key.isAutoIncrement, type.rawValue.uppercased() != "INTEGER" {
                    throw RecordError.schema(
                        type: plan.rowType,
                        reason: "the auto-increment key \"\(name)\" must be INTEGER, not \(type.rawValue)")
                }
                columns[index].declaredType = type.rawValue
            }
            if let notNull = declaration.notNull, !isKey { columns[index].notNull = notNull }
            switch declaration.defaultValue?.kind {
            case .value(let value?):
                let stored = try ValueEncoding.encode(
                    value,
                    ValueEncodingContext(
                        options: plan.options, userInfo: [:], column: name, rowType: plan.rowType, codingPath: []))
                defaults[name] = (SQLIdentifier.literal(stored), true)
            case .value(nil):
                defaults[name] = ("NULL", true)
            case .expression(let sql):
                defaults[name] = ("(" + sql + ")", false)
            case nil:
                break
            }
            declarations[name] = declaration
        }
        self.columns = columns
        self.declarations = declarations
        self.defaults = defaults
        indexes = try R.indexes.map { index in
            try index.statement(table: plan.tableName, columns: index.columns.map { columns[try resolve($0)].name })
        }
    }

    /// `"name" TYPE [PRIMARY KEY [AUTOINCREMENT]] [NOT NULL] [UNIQUE] [DEFAULT ...] [CHECK (...)]
    /// [COLLATE ...] [REFERENCES ...]`; for a column added to existing rows, without `UNIQUE`
    /// (an index does it) and with a default for a `NOT NULL` column.
    func definition(_ column: DerivedColumn, forExistingRows: Bool) -> String {
        var sql = SQLIdentifier.quote(column.name) + " " + column.declaredType
        let declaration = declarations[column.name]
        if column.name == plan.primaryKey.column {
            sql += " PRIMARY KEY"
            if declaration?.autoIncrement == true { sql += " AUTOINCREMENT" }
            if !plan.primaryKey.isAutoIncrement { sql += " NOT NULL" }
        } else {
            if column.notNull { sql += " NOT NULL" }
            if declaration?.unique == true, !forExistingRows { sql += " UNIQUE" }
        }
        if let value = defaults[column.name] {
            sql += " DEFAULT " + value.sql
        } else if column.notNull, forExistingRows {
            // Rows already in the table need a value for a NOT NULL column added to it.
            sql += " DEFAULT " + SQLIdentifier.literal(column.defaultValue)
        }
        if let check = declaration?.check { sql += " CHECK (" + check + ")" }
        if let collation = declaration?.collation { sql += " COLLATE " + collation.description }
        if let references = declaration?.references { sql += " " + references.sql }
        return sql
    }

    func createSQL(ifNotExists: Bool) -> String {
        "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + plan.quotedTable + " ("
            + columns.map { definition($0, forExistingRows: false) }.joined(separator: ", ") + ")"
    }

    /// The columns missing from a table with the columns `existing`, and the statements that
    /// add them (`ALTER TABLE ADD COLUMN`, a unique index for a `UNIQUE` one), all checked
    /// before any runs.
    ///
    /// - Throws: ``RecordError/unsupportedAlteration(type:table:column:reason:)`` for a column
    ///   that `ALTER TABLE` cannot add.
    func alterations(existing: [String], foreignKeysOn: Bool) throws -> (added: [String], statements: [String]) {
        let present = Set(existing.map { $0.lowercased() })
        let missing = columns.filter { !present.contains($0.name.lowercased()) }
        var statements: [String] = []
        var uniqueIndexes: [String] = []
        for column in missing {
            func refuse(_ reason: String) -> RecordError {
                .unsupportedAlteration(type: plan.rowType, table: plan.tableName, column: column.name, reason: reason)
            }
            let declaration = declarations[column.name]
            if column.name == plan.primaryKey.column {
                throw refuse("ALTER TABLE cannot add a PRIMARY KEY column; rebuild the table in a migration")
            }
            if let value = defaults[column.name] {
                if !value.isConstant {
                    throw refuse(
                        "ALTER TABLE takes only a constant DEFAULT, not the expression \(value.sql); add it in a migration"
                    )
                }
                if column.notNull, value.sql == "NULL" {
                    throw refuse("a NOT NULL column added to existing rows needs a DEFAULT other than NULL")
                }
            }
            if declaration?.references != nil, foreignKeysOn,
                column.notNull || defaults[column.name].map({ $0.sql != "NULL" }) == true
            {
                throw refuse(
                    "with foreign keys on, ALTER TABLE can add a REFERENCES column only with a NULL default; make it optional"
                )
            }
            statements.append(
                "ALTER TABLE " + plan.quotedTable + " ADD COLUMN " + definition(column, forExistingRows: true))
            if declaration?.unique == true {
                uniqueIndexes.append(
                    RecordIndex(column.name, unique: true).statement(table: plan.tableName, columns: [column.name]).sql)
            }
        }
        return (missing.map(\.name), statements + uniqueIndexes)
    }
}

extension Connection {
    /// Creates the table of a record type, with one column per property: `INTEGER`, `REAL`,
    /// `TEXT`, `BLOB` or `BOOLEAN` from the Swift type (dates by the date strategy, nested
    /// values as JSON `TEXT`), `NOT NULL` unless optional, and the primary key; then the
    /// declared indexes. ``Record/columns`` declarations change or complete the derived
    /// definitions.
    ///
    /// ```swift
    /// try db.createTable(for: Item.self)
    /// // CREATE TABLE IF NOT EXISTS "item" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "price" REAL NOT NULL)
    /// ```
    ///
    /// - Throws: ``RecordError/schema(type:reason:)`` when a property's type cannot be
    ///   derived (an enum that is not `CaseIterable` and has no value for an empty raw value),
    ///   or a declaration names no column or contradicts ``Record/primaryKey``.
    public func createTable<R: Record>(for type: R.Type, ifNotExists: Bool = true) throws {
        let schema = try RecordSchema(R.self)
        try withLock {
            if schema.indexes.isEmpty { return try execute(schema.createSQL(ifNotExists: ifNotExists)) }
            try inTransaction {
                try execute(schema.createSQL(ifNotExists: ifNotExists))
                for index in schema.indexes { try execute(index.sql) }
            }
        }
    }

    /// The SQL ``createTable(for:ifNotExists:)`` runs: the `CREATE TABLE`, then each declared
    /// index's `CREATE INDEX`, separated by `"; "`.
    public func createTableSQL<R: Record>(for type: R.Type, ifNotExists: Bool = true) throws -> String {
        let schema = try RecordSchema(R.self)
        return ([schema.createSQL(ifNotExists: ifNotExists)] + schema.indexes.map(\.sql)).joined(separator: "; ")
    }

    /// Creates the table of a record type, or adds the columns of properties it lacks (after
    /// the type gained properties) and its missing declared indexes, never dropping a column
    /// or a row. Returns the names of the columns added (all of them when the table was
    /// created).
    ///
    /// ```swift
    /// try db.syncTable(for: Item.self)   // ALTER TABLE "item" ADD COLUMN "stock" INTEGER NOT NULL DEFAULT 0
    /// ```
    ///
    /// A `NOT NULL` column added to a table holding rows gets a default for them: the declared
    /// one, else zero, empty text, the 1970 epoch for dates, an enum's first case. A `UNIQUE`
    /// column is added, then a unique index on it. It all runs in one `BEGIN IMMEDIATE`
    /// transaction (a savepoint inside an open one), so two connections syncing at once do
    /// not both add a column.
    ///
    /// - Throws: ``RecordError/unsupportedAlteration(type:table:column:reason:)``, before
    ///   changing anything, for a column `ALTER TABLE` cannot add: a primary key, one whose
    ///   `DEFAULT` is an expression, a `NOT NULL` one with a `NULL` default, a `REFERENCES`
    ///   one with a non-NULL default while foreign keys are on.
    @discardableResult
    public func syncTable<R: Record>(for type: R.Type) throws -> [String] {
        let schema = try RecordSchema(R.self)
        return try withLock { try atomically { try syncSchema(schema) } }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction, or a savepoint when one is open.
    func atomically<T>(_ body: () throws -> T) throws -> T {
        try withLock { isInTransaction ? try savepoint(block: body) : try transaction(.immediate, block: body) }
    }

    /// Creates or completes the table of `schema`, with the connection locked and in a
    /// transaction.
    func syncSchema(_ schema: RecordSchema) throws -> [String] {
        let existing = try tableColumns(schema.plan.tableName)
        var added = schema.columns.map(\.name)
        if existing.isEmpty {
            try execute(schema.createSQL(ifNotExists: true))
            log(.info, "created table \(schema.plan.quotedTable) for \(schema.plan.rowType)")
        } else {
            let foreignKeysOn = (try scalar("PRAGMA foreign_keys") as? Int64) == 1
            let alterations = try schema.alterations(existing: existing, foreignKeysOn: foreignKeysOn)
            for statement in alterations.statements { try execute(statement) }
            added = alterations.added
            if !added.isEmpty {
                log(
                    .info,
                    "added column(s) \(added.map(\.quotedIdentifier).joined(separator: ", ")) to table "
                        + "\(schema.plan.quotedTable) for \(schema.plan.rowType)")
            }
        }
        for index in schema.indexes { try execute(index.sql) }
        return added
    }

    /// Whether the table of `schema` has every column and declared index.
    func isComplete(_ schema: RecordSchema) throws -> Bool {
        let existing = Set(try tableColumns(schema.plan.tableName).map { $0.lowercased() })
        guard !existing.isEmpty, schema.columns.allSatisfy({ existing.contains($0.name.lowercased()) }) else {
            return false
        }
        if schema.indexes.isEmpty { return true }
        let indexes = try withRawStatement("SELECT name FROM pragma_index_list(?)") { statement in
            try bindRaw(statement, [.text(schema.plan.tableName)])
            var names: Set<String> = []
            while try stepRaw(statement) { names.insert(String.read(from: statement.handle, at: 0).lowercased()) }
            return names
        }
        return schema.indexes.allSatisfy { indexes.contains($0.name.lowercased()) }
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

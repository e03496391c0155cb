import Foundation
import SQLiteSchema

/// The table of a record type, derived from its properties and its declarations
/// (``Record/columns``, ``Record/indexes``), as SQLiteSchema's definitions: SQLiteSchema's
/// reader finds what an existing table lacks, and its changer adds it.
struct RecordSchema {
    let plan: RecordPlan
    /// The columns, in table order.
    let columns: [ColumnDefinition]
    /// The value existing rows get for a `NOT NULL` column with no declared default, by name.
    let fillers: [String: LiteralValue]
    /// The declared indexes.
    let indexes: [IndexDefinition]

    init<R: Record>(_ type: R.Type) throws {
        // A plan of its own: the schema needs the type's naming and options, not a connection.
        let plan = RecordPlan(R.self)
        self.plan = plan
        let probe = SchemaProbe(options: plan.options, rowType: plan.rowType)
        _ = try R(from: probe)
        var keys: [String: String] = [:]
        var fillers: [String: LiteralValue] = [:]
        var columns = probe.columns.map { entry in
            let name = plan.naming.encodedColumn(forKey: entry.key)
            keys[entry.key] = name
            fillers[name] = LiteralValue(entry.filler.description)
            return ColumnDefinition(
                name: name, declaredType: entry.declaredType.isEmpty ? "TEXT" : entry.declaredType,
                nullable: !entry.notNull)
        }
        let key = plan.primaryKey
        if let index = columns.firstIndex(where: { $0.name == key.column }) {
            columns[index].primaryKey = ColumnDefinition.PrimaryKey(autoIncrement: false)
            columns[index].nullable = key.isAutoIncrement
            if key.isAutoIncrement { columns[index].declaredType = "INTEGER" }
        } else if key.isAutoIncrement {
            columns.insert(
                ColumnDefinition(
                    name: key.column, declaredType: "INTEGER",
                    primaryKey: ColumnDefinition.PrimaryKey(autoIncrement: false)
                ), at: 0)
        } else {
            throw RecordError.missingPrimaryKey(type: plan.rowType, column: key.column)
        }
        if plan.timestamps {
            for name in [Timestamps.createdAt, Timestamps.updatedAt] where !columns.contains(where: { $0.name == name })
            {
                columns.append(ColumnDefinition(name: name, declaredType: plan.options.dateStrategy.declaredDatatype))
            }
        }

        /// The column a declaration names: a column's name, else a property's.
        func resolve(_ name: String) throws -> Int {
            if let index = columns.firstIndex(where: { $0.name == name }) { return index }
            if let column = keys[name], let index = columns.firstIndex(where: { $0.name == column }) { return index }
            throw RecordError.schema(
                type: plan.rowType, reason: "the declaration of \"\(name)\" names no property or column of the type")
        }

        var declared: Set<String> = []
        for declaration in R.columns {
            let index = try resolve(declaration.name)
            let name = columns[index].name
            let isKey = name == key.column
            guard declared.insert(name).inserted else {
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
            var column = columns[index]
            if let type = declaration.type {
                if isKey, key.isAutoIncrement, type.rawValue.uppercased() != "INTEGER" {
                    throw RecordError.schema(
                        type: plan.rowType,
                        reason: "the auto-increment key \"\(name)\" must be INTEGER, not \(type.rawValue)")
                }
                column.declaredType = type.rawValue
            }
            if isKey {
                column.primaryKey?.autoIncrement = declaration.autoIncrement
            } else {
                if let notNull = declaration.notNull { column.nullable = !notNull }
                column.unique = declaration.unique
            }
            if let kind = declaration.defaultValue?.kind {
                // A declared default, even NULL, is what existing rows get.
                fillers[name] = nil
                switch kind {
                case .value(let value?):
                    let stored = try ValueEncoding.encode(
                        value,
                        ValueEncodingContext(
                            options: plan.options, userInfo: [:], column: name, rowType: plan.rowType, codingPath: []))
                    column.defaultValue = LiteralValue(stored.description)
                case .value(nil): break
                case .expression(let sql): column.defaultValue = .expression(sql)
                }
            }
            column.checks = declaration.check.map { [$0] } ?? []
            column.collation = declaration.collation?.description
            column.references = declaration.references.map {
                ColumnDefinition.ForeignKey(
                    fromColumn: name, toTable: $0.table, toColumn: $0.column, onUpdate: $0.onUpdate?.rawValue,
                    onDelete: $0.onDelete?.rawValue)
            }
            columns[index] = column
        }
        self.columns = columns
        self.fillers = fillers.filter { name, _ in columns.contains { $0.name == name && !$0.nullable } }
        indexes = try R.indexes.map { index in
            try index.definition(table: plan.tableName, columns: index.columns.map { columns[try resolve($0)].name })
        }
    }

    /// `"name" TYPE [PRIMARY KEY [AUTOINCREMENT]] [NOT NULL] [UNIQUE] [DEFAULT ...] [CHECK (...)]
    /// [COLLATE ...] [REFERENCES ... [ON DELETE ...] [ON UPDATE ...]]`: the order this tier has
    /// always written a record table's columns in.
    private func definition(_ column: ColumnDefinition) -> String {
        var sql = column.name.quotedIdentifier + " " + column.declaredType
        if let key = column.primaryKey { sql += key.autoIncrement ? " PRIMARY KEY AUTOINCREMENT" : " PRIMARY KEY" }
        if !column.nullable { sql += " NOT NULL" }
        if column.unique { sql += " UNIQUE" }
        if column.defaultValue != .NULL { sql += " DEFAULT \(column.defaultValue)" }
        for check in column.checks { sql += " CHECK (" + check + ")" }
        if let collation = column.collation { sql += " COLLATE " + collation }
        if let key = column.references {
            sql += " REFERENCES " + key.toTable.quotedIdentifier + " (" + (key.toColumn ?? "").quotedIdentifier + ")"
            if let action = key.onDelete { sql += " ON DELETE " + action }
            if let action = key.onUpdate { sql += " ON UPDATE " + action }
        }
        return sql
    }

    func createSQL(ifNotExists: Bool) -> String {
        "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + plan.quotedTable + " ("
            + columns.map(definition).joined(separator: ", ") + ")"
    }

    /// The columns missing from a table whose columns are `existing`, as they are added to rows
    /// already there: without `UNIQUE` (a unique index, also returned, does it) and with a
    /// default for a `NOT NULL` column. All are checked before any is added.
    ///
    /// - Throws: ``RecordError/unsupportedAlteration(type:table:column:reason:)`` for a column
    ///   that `ALTER TABLE ADD COLUMN` cannot add.
    func missingColumns(existing: [String], foreignKeysOn: Bool) throws -> (
        columns: [ColumnDefinition], indexes: [IndexDefinition]
    ) {
        let present = Set(existing.map { $0.lowercased() })
        var added: [ColumnDefinition] = []
        var indexes: [IndexDefinition] = []
        for var column in columns where !present.contains(column.name.lowercased()) {
            func refuse(_ reason: String) -> RecordError {
                .unsupportedAlteration(type: plan.rowType, table: plan.tableName, column: column.name, reason: reason)
            }
            if column.primaryKey != nil {
                throw refuse("ALTER TABLE cannot add a PRIMARY KEY column; rebuild the table in a migration")
            }
            if !column.defaultValue.isConstant {
                throw refuse(
                    "ALTER TABLE takes only a constant DEFAULT, not the expression \(column.defaultValue); add it in a migration"
                )
            }
            column.defaultValue = fillers[column.name] ?? column.defaultValue
            if !column.nullable, column.defaultValue == .NULL {
                throw refuse("a NOT NULL column added to existing rows needs a DEFAULT other than NULL")
            }
            if column.references != nil, foreignKeysOn, column.defaultValue != .NULL {
                throw refuse(
                    "with foreign keys on, ALTER TABLE can add a REFERENCES column only with a NULL default; make it optional"
                )
            }
            if column.unique {
                column.unique = false
                indexes.append(
                    RecordIndex(column.name, unique: true).definition(table: plan.tableName, columns: [column.name]))
            }
            added.append(column)
        }
        return (added, indexes)
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
        try inTransaction(.immediate) { try create(schema, ifNotExists: ifNotExists) }
    }

    /// Creates the table of `schema`, then its indexes with SQLiteSchema's changer.
    private func create(_ schema: RecordSchema, ifNotExists: Bool) throws {
        try execute(schema.createSQL(ifNotExists: ifNotExists))
        try addMissing(schema, columns: [], indexes: schema.indexes)
    }

    /// The SQL ``createTable(for:ifNotExists:)`` runs: the `CREATE TABLE`, then each declared
    /// index's `CREATE INDEX`, separated by `"; "`.
    public func createTableSQL<R: Record>(for type: R.Type, ifNotExists: Bool = true) throws -> String {
        let schema = try RecordSchema(R.self)
        return ([schema.createSQL(ifNotExists: ifNotExists)] + schema.indexes.map { $0.toSQL(ifNotExists: true) })
            .joined(separator: "; ")
    }

    /// Creates the table of a record type, or adds the columns of properties it lacks (after
    /// the type gained properties) and its missing declared indexes, never dropping a column
    /// or a row. Returns the names of the columns added (all of them when the table was
    /// created).
    ///
    /// ```swift
    /// try db.syncTable(for: Item.self)   // ALTER TABLE "main"."item" ADD COLUMN "stock" INTEGER DEFAULT 0 NOT NULL
    /// ```
    ///
    /// The table is read with SQLiteSchema's `SchemaReader` and changed with its
    /// `SchemaChanger`, as migrations change tables. A `NOT NULL` column added to a table
    /// holding rows gets a default for them: the declared one, else zero, empty text, the 1970
    /// epoch for dates, an enum's first case. A `UNIQUE` column is added, then a unique index on
    /// it. It all runs in one `BEGIN IMMEDIATE` transaction (a savepoint inside an open one), so
    /// two connections syncing at once do not both add a column.
    ///
    /// - Throws: ``RecordError/unsupportedAlteration(type:table:column:reason:)``, before
    ///   changing anything, for a column `ALTER TABLE` cannot add: a primary key, one whose
    ///   `DEFAULT` is an expression, a `NOT NULL` one with a `NULL` default, a `REFERENCES`
    ///   one with a non-NULL default while foreign keys are on.
    @discardableResult
    public func syncTable<R: Record>(for type: R.Type) throws -> [String] {
        let schema = try RecordSchema(R.self)
        return try inTransaction(.immediate) { try syncSchema(schema) }
    }

    /// Adds the columns of the properties `names` (property or column names, checked before
    /// anything runs) that the table of `R` lacks, in one `BEGIN IMMEDIATE` transaction (a
    /// savepoint inside an open one); returns the names of the columns added.
    func addColumns<R: Record>(_ names: [String], for type: R.Type) throws -> [String] {
        let schema = try RecordSchema(R.self)
        let known = RecordColumns(plan: schema.plan, columns: schema.columns.map(\.name))
        let wanted = try Set(names.map { try known.resolve($0) })
        return try inTransaction(.immediate) {
            // The columns not asked for count as present, so that only the others are added.
            let existing = try self.schema.columnNames(table: schema.plan.tableName)
            let others = schema.columns.map(\.name).filter { !wanted.contains($0) }
            let missing = try schema.missingColumns(existing: existing + others, foreignKeysOn: foreignKeys)
            try addMissing(schema, columns: missing.columns, indexes: missing.indexes)
            return missing.columns.map(\.name)
        }
    }

    /// Drops the table of `R` and forgets it (its plan, its table made on first use), so that
    /// the next use of a type that creates its table on first use creates it again.
    func dropTable<R: Record>(for type: R.Type, ifExists: Bool) throws {
        try withLock {
            try SchemaChanger(connection: self).drop(table: R.tableName, ifExists: ifExists)
            forgetTable(R.self)
        }
    }

    /// Creates or completes the table of `schema`, with the connection locked and in a
    /// transaction; returns the names of the columns created or added.
    func syncSchema(_ schema: RecordSchema) throws -> [String] {
        let table = schema.plan.tableName
        let existing = try self.schema.columnNames(table: table)
        if existing.isEmpty {
            try create(schema, ifNotExists: true)
            log(.info, "created table \(schema.plan.quotedTable) for \(schema.plan.rowType)")
            return schema.columns.map(\.name)
        }
        let missing = try schema.missingColumns(existing: existing, foreignKeysOn: foreignKeys)
        try addMissing(schema, columns: missing.columns, indexes: missing.indexes + schema.indexes)
        return missing.columns.map(\.name)
    }

    /// Adds `columns` to the table of `schema`, then those of `indexes` it lacks, with
    /// SQLiteSchema's changer, all or nothing.
    func addMissing(_ schema: RecordSchema, columns: [ColumnDefinition], indexes: [IndexDefinition]) throws {
        let table = schema.plan.tableName
        let present = Set(try self.schema.indexNames(table: table).map { $0.lowercased() })
        let indexes = indexes.filter { !present.contains($0.name.lowercased()) }
        guard !columns.isEmpty || !indexes.isEmpty else { return }
        try SchemaChanger(connection: self).alter(table: table) { change in
            for column in columns { change.add(column: column) }
            for index in indexes { change.add(index: index, ifNotExists: true) }
        }
        if !columns.isEmpty {
            log(
                .info,
                "added column(s) \(columns.map(\.name.quotedIdentifier).joined(separator: ", ")) to table "
                    + "\(schema.plan.quotedTable) for \(schema.plan.rowType)")
        }
    }

    /// Whether the table of `schema` has every column and declared index.
    func isComplete(_ schema: RecordSchema) throws -> Bool {
        let table = schema.plan.tableName
        let existing = Set(try self.schema.columnNames(table: table).map { $0.lowercased() })
        guard !existing.isEmpty, schema.columns.allSatisfy({ existing.contains($0.name.lowercased()) }) else {
            return false
        }
        if schema.indexes.isEmpty { return true }
        let indexes = Set(try self.schema.indexNames(table: table).map { $0.lowercased() })
        return schema.indexes.allSatisfy { indexes.contains($0.name.lowercased()) }
    }
}

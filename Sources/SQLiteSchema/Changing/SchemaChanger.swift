import SQLiteCore

/// Changes the schema safely: creates, renames, drops and alters tables, using SQLite's own
/// `ALTER TABLE` where it can and sqlite.org's 12-step table rebuild where it cannot.
///
/// ```swift
/// let changer = SchemaChanger(connection: db)
/// try changer.alter(table: "users") { table in
///     table.add(column: ColumnDefinition(name: "bio", type: .TEXT, defaultValue: .stringLiteral("")))
///     table.rename(column: "mail", to: "email")
///     table.drop(column: "legacy")
/// }
/// try changer.rename(table: "users", to: "people")
/// try changer.drop(table: "sessions", ifExists: true)
/// ```
///
/// Every change runs in one transaction (a savepoint when the connection is already in one),
/// with foreign key enforcement suspended when it was on and the connection was not in a
/// transaction. When foreign keys were on, `PRAGMA foreign_key_check` runs on the changed table
/// and the tables that refer to it before committing. Any failure rolls the whole change back
/// and throws what SQLite.swift throws: SQLite's `SQLiteCore.Result` (or one of ours with a
/// SQLite result code), or a ``SchemaChanger/Error`` for a column that cannot be added and for
/// foreign key violations.
///
/// A change holds the connection's lock from start to end: other threads using the connection
/// wait for it.
public final class SchemaChanger: Sendable, CustomStringConvertible {
    /// One change to a table.
    public enum Operation: Equatable, Sendable {
        /// Add a column at the end.
        case addColumn(ColumnDefinition)
        /// Create an index, or do nothing when `ifNotExists` and it exists.
        case addIndex(IndexDefinition, ifNotExists: Bool)
        /// Drop a column.
        case dropColumn(String)
        /// Drop an index, or do nothing when `ifExists` and it is missing.
        case dropIndex(String, ifExists: Bool)
        /// Rename a column: the first name to the second.
        case renameColumn(String, String)
        /// Rename the table.
        case renameTable(String)
        /// Create the table with these columns.
        case createTable(columns: [ColumnDefinition], ifNotExists: Bool)
    }

    /// The changes to one table (SQLite.swift's nested name).
    public typealias AlterTableDefinition = SQLiteSchema.AlterTableDefinition
    /// The table to create (SQLite.swift's nested name).
    public typealias CreateTableDefinition = SQLiteSchema.CreateTableDefinition
    /// The block describing the changes given to ``alter(table:block:)``.
    public typealias AlterTableDefinitionBlock = (AlterTableDefinition) -> Void
    /// The block describing the table given to ``create(table:ifNotExists:block:)``.
    public typealias CreateTableDefinitionBlock = (CreateTableDefinition) -> Void

    /// The connection changed.
    public let connection: Connection
    /// The database changed (`main`, `temp` or an attached name); `nil` to find tables as SQL
    /// does and create them in `main`.
    public let database: String?

    /// A schema changer for `connection`, working on `database` (`nil`: find tables as SQL does).
    public init(connection: Connection, database: String? = nil) {
        self.connection = connection
        self.database = database
    }

    /// `SQLiteSchemaChanger: ` and the connection's description, as in SQLite.swift (and the
    /// database, when the changer works on one).
    public var description: String {
        "SQLiteSchemaChanger: \(connection.description)" + (database.map { " (\($0))" } ?? "")
    }

    var reader: SchemaReader { SchemaReader(connection: connection, database: database) }

    // MARK: - Public operations

    /// Applies the changes the block describes to `table`, all or nothing.
    ///
    /// ```swift
    /// try changer.alter(table: "users") { table in
    ///     table.add(column: ColumnDefinition(name: "code", type: .TEXT, unique: true))
    ///     table.drop(column: "email")   // even when indexed or UNIQUE: the table is rebuilt
    /// }
    /// ```
    ///
    /// - Throws: ``Error/invalidColumnDefinition(_:)`` for a column SQLite.swift refuses to add (a
    ///   `PRIMARY KEY` column, a `CURRENT_...` default, `NOT NULL` without a default);
    ///   ``Error/foreignKeyError(_:)`` when the change leaves foreign keys broken;
    ///   `SQLiteCore.Result` for SQLite's errors. Nothing has changed when it throws.
    public func alter(table: String, block: AlterTableDefinitionBlock) throws {
        let definition = AlterTableDefinition(name: table)
        block(definition)
        guard !definition.operations.isEmpty else { return }
        try reporting {
            for operation in definition.operations {
                try validate(operation)
            }
            let located = try reader.locate(table: table)
            try change(schema: located.schema) { enforced in
                for operation in definition.operations {
                    try apply(operation, to: located, foreignKeysEnforced: enforced)
                }
                return located.name
            }
        }
    }

    /// Creates the table the block describes, with its indexes, in one transaction.
    ///
    /// ```swift
    /// try changer.create(table: "users", ifNotExists: true) { table in
    ///     table.add(column: .init(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER))
    ///     table.add(column: .init(name: "name", type: .TEXT, nullable: false))
    /// }
    /// ```
    ///
    /// - Throws: `SQLiteCore.Result`: SQLite's error (a table that exists without
    ///   `ifNotExists`, ...), or `SQLITE_ERROR` for a table without columns.
    public func create(table: String, ifNotExists: Bool = false, block: CreateTableDefinitionBlock) throws {
        let definition = CreateTableDefinition(name: table, ifNotExists: ifNotExists)
        block(definition)
        if let problem = definition.problem {
            throw Error.invalidColumnDefinition(problem)
        }
        try create(definition.definition, ifNotExists: ifNotExists)
    }

    /// Creates `table` and its indexes (those with ``IndexDefinition/origin`` other than
    /// `.createIndex` come from the table's constraints and are skipped) in one transaction.
    ///
    /// ```swift
    /// let users = try source.schema.tableDefinition(table: "users")
    /// try SchemaChanger(connection: copy).create(users)
    /// ```
    public func create(_ table: TableDefinition, ifNotExists: Bool = false) throws {
        try reporting {
            guard !table.columns.isEmpty else {
                throw Result.misuse("a table needs at least one column", code: SQLITE_ERROR)
            }
            let schema = database ?? "main"
            try change(schema: schema) { _ in
                try run(table.toSQL(temporary: false, ifNotExists: ifNotExists, schema: schema))
                for index in table.indexes where index.origin == nil || index.origin == .createIndex {
                    try run(index.toSQL(ifNotExists: ifNotExists, schema: schema))
                }
                return nil
            }
        }
    }

    /// Renames `table` to `newName` (`ALTER TABLE RENAME TO`); its indexes and triggers follow,
    /// and references to it in views, triggers and foreign keys are rewritten.
    ///
    /// ```swift
    /// try changer.rename(table: "users", to: "people")
    /// ```
    ///
    /// - Throws: `SQLiteCore.Result` (`no such table: ...`, a name already taken, ...).
    public func rename(table: String, to newName: String) throws {
        try reporting {
            let location = try reader.locate(table: table)
            try change(schema: location.schema) { _ in
                try run(
                    "ALTER TABLE \(qualified(location.schema, location.name)) RENAME TO \(newName.quotedIdentifier)")
                return newName
            }
        }
    }

    /// Drops `table` with its indexes and triggers.
    ///
    /// ```swift
    /// try changer.drop(table: "sessions")                   // no error when missing
    /// try changer.drop(table: "sessions", ifExists: false)  // throws when missing
    /// ```
    ///
    /// With foreign keys enforced, dropping a table first deletes its rows, so `ON DELETE`
    /// actions of tables referring to it run (see SQLite's `DROP TABLE`).
    ///
    /// - Throws: `SQLiteCore.Result`: `no such table: ...` when it is missing and `ifExists`
    ///   is `false`, or SQLite's error.
    public func drop(table: String, ifExists: Bool = true) throws {
        let location: SchemaReader.TableLocation
        do {
            location = try reader.locate(table: table)
        } catch {
            if ifExists { return }
            throw error
        }
        try connection.run("DROP TABLE \(qualified(location.schema, location.name))")
    }

    /// Runs `sql` with `bindings` on the changer's connection, for changes no method here makes.
    ///
    /// ```swift
    /// try changer.run("CREATE VIEW adults AS SELECT * FROM users WHERE age >= ?", 18)
    /// ```
    @discardableResult
    public func run(_ sql: String, _ bindings: Binding?...) throws -> Statement {
        try connection.run(sql, bindings)
    }

    /// Runs `body`, throwing what SQLite.swift would for its failure: the ``Error`` it reports,
    /// or SQLite's ``SQLiteCore/Result``.
    private func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as Error {
            throw error
        } catch {
            throw Result.from(error)
        }
    }

    /// Refuses, as SQLite.swift does before running anything, a column `ALTER TABLE ADD COLUMN`
    /// cannot add and a rebuild should not: a `PRIMARY KEY` column, a `CURRENT_...` default,
    /// `NOT NULL` without a default.
    private func validate(_ operation: Operation) throws {
        guard case .addColumn(let column) = operation else { return }
        if column.primaryKey != nil {
            throw Error.invalidColumnDefinition("can not add primary key column")
        } else if [.CURRENT_TIME, .CURRENT_DATE, .CURRENT_TIMESTAMP].contains(column.defaultValue) {
            throw Error.invalidColumnDefinition("Invalid default value")
        } else if !column.nullable && column.defaultValue == .NULL && column.generated == nil {
            throw Error.invalidColumnDefinition("NOT NULL columns must have a default value other than NULL")
        }
    }

    // MARK: - Applying one operation

    private func apply(
        _ operation: Operation, to location: SchemaReader.TableLocation, foreignKeysEnforced: Bool
    ) throws {
        let table = qualified(location.schema, location.name)
        switch operation {
        case .addColumn(let column):
            if column.canBeAddedNatively(foreignKeysEnforced: foreignKeysEnforced) {
                try run("ALTER TABLE \(table) ADD COLUMN \(column.toSQL())")
            } else {
                try rebuild(location, change: .addColumn(column), foreignKeysEnforced: foreignKeysEnforced)
            }
        case .renameColumn(let from, let to):
            try run("ALTER TABLE \(table) RENAME COLUMN \(from.quotedIdentifier) TO \(to.quotedIdentifier)")
        case .renameTable, .createTable:
            // Never recorded by an AlterTableDefinition: `rename(table:to:)` and `create` make them.
            break
        case .dropColumn(let column):
            try requireColumn(column, in: location)
            let sql = "ALTER TABLE \(table) DROP COLUMN \(column.quotedIdentifier)"
            let savepoint = "swift_sqlite_drop_column".quotedIdentifier
            try connection.execute("SAVEPOINT \(savepoint)")
            do {
                try connection.execute(sql)
                try connection.execute("RELEASE SAVEPOINT \(savepoint)")
            } catch {
                let error = Result.from(error)
                // When SQLite cannot undo the failed statement (an I/O error), it rolls the
                // whole transaction back: there is then nothing to undo, and a rebuild would
                // run outside any transaction, statement by statement.
                guard connection.isInTransaction else { throw error }
                let undo = "ROLLBACK TO SAVEPOINT \(savepoint)"
                var undoFailure: Result?
                do { try connection.execute(undo) } catch { undoFailure = Result.from(error) }
                try? connection.execute("RELEASE SAVEPOINT \(savepoint)")
                guard error.code == SQLITE_ERROR else { throw error }
                if let undoFailure { throw undoFailure }
                // SQLite refuses to drop a key, unique, indexed or referenced column: rebuild.
                try rebuild(location, change: .dropColumn(column), foreignKeysEnforced: foreignKeysEnforced)
            }
        case .addIndex(let index, let ifNotExists):
            var index = index
            index.table = location.name
            try run(index.toSQL(ifNotExists: ifNotExists, schema: location.schema))
        case .dropIndex(let name, let ifExists):
            // Unqualified unless the changer works on one database, the index is found as SQL
            // finds it, and SQLite's error names it as written (`no such index: name`).
            let index = database == nil ? name.quotedIdentifier : qualified(location.schema, name)
            try run("DROP INDEX \(ifExists ? "IF EXISTS " : "")\(index)")
        }
    }

    private func requireColumn(_ column: String, in location: SchemaReader.TableLocation) throws {
        let names = try connection.rows("SELECT name FROM pragma_table_xinfo(?, ?)", [location.name, location.schema]) {
            $0[0] as String
        }
        guard names.contains(where: { $0.sameIdentifier(as: column) }) else {
            throw Result.misuse("no such column: \(column.quotedIdentifier)", code: SQLITE_ERROR)
        }
    }

    // MARK: - Transaction and foreign keys

    /// Runs `body` in a transaction (or a savepoint inside the caller's), foreign keys suspended
    /// when possible, checked before commit; rolls everything back when anything throws.
    /// `body` gets whether foreign keys stay enforced and returns the table to check afterwards.
    func change(schema: String, _ body: (Bool) throws -> String?) throws {
        try connection.withLock { () throws in
            let foreignKeysWereOn = connection.foreignKeys
            try connection.schemaTransaction(savepoint: "swift_sqlite_schema_change".quotedIdentifier) { nested in
                guard let checked = try body(nested && foreignKeysWereOn), foreignKeysWereOn else { return }
                // Foreign key violations in the changed table or in the tables that refer to it.
                var violations: [ForeignKeyViolation] = []
                for name in try [checked] + referencingTables(of: checked, schema: schema) {
                    violations += try connection.foreignKeyCheck(table: name, database: schema)
                }
                if !violations.isEmpty { throw Error.foreignKeyError(violations) }
            }
        }
    }

    /// The other tables of `schema` whose foreign keys refer to `table`.
    func referencingTables(of table: String, schema: String) throws -> [String] {
        try connection.rows(
            """
            SELECT DISTINCT m.name FROM \(schema.quotedIdentifier).sqlite_schema AS m,
                pragma_foreign_key_list(m.name, ?) AS f
            WHERE m.type = 'table' AND f."table" = ? COLLATE NOCASE AND m.name <> ? COLLATE NOCASE
            """, [schema, table, table]
        ) { $0[0] as String }
    }

    /// `"schema"."name"`.
    func qualified(_ schema: String, _ name: String) -> String {
        schema.quotedIdentifier + "." + name.quotedIdentifier
    }
}

extension ColumnDefinition {
    /// Whether `ALTER TABLE ADD COLUMN` accepts this column (sqlite.org's restrictions).
    func canBeAddedNatively(foreignKeysEnforced: Bool) -> Bool {
        guard primaryKey == nil, !unique, defaultValue.isConstant else { return false }
        if let generated { return !generated.stored }
        if !nullable && defaultValue == .NULL { return false }
        if foreignKeysEnforced && references != nil && defaultValue != .NULL { return false }
        return true
    }
}

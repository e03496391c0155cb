import SQLiteCore

/// Reads the schema of a database: its objects, and the columns, indexes and foreign keys of its
/// tables. Get one from ``SQLiteCore/Connection/schema`` (tables found as SQL finds them: `temp`
/// first, then `main`, then attached databases) or ``SQLiteCore/Connection/schema(database:)``.
///
/// ```swift
/// let schema = db.schema
/// let tables = try schema.objectDefinitions(type: .table)
/// for column in try schema.columnDefinitions(table: "users") {
///     print(column.name, column.type, column.nullable, column.primaryKey != nil)
/// }
/// let archived = try db.schema(database: "archive").indexDefinitions(table: "users")
/// ```
public struct SchemaReader: Sendable {
    /// The connection read from.
    public let connection: Connection
    /// The database read (`main`, `temp` or an attached name); `nil` to find each table the
    /// way SQL does.
    public let database: String?

    /// A reader of `database` (`nil`: find tables as SQL does) through `connection`.
    public init(connection: Connection, database: String? = nil) {
        self.connection = connection
        self.database = database
    }

    // MARK: - Objects

    /// The tables, indexes, views and triggers of the schema, with their SQL, in the schema
    /// table's order.
    ///
    /// ```swift
    /// let indexes = try db.schema.objectDefinitions(type: .index)
    /// let users = try db.schema.objectDefinitions(name: "users", type: .table).first
    /// let temporary = try db.schema.objectDefinitions(temp: true)
    /// ```
    ///
    /// - Parameters:
    ///   - name: only the object with this name (compared ignoring ASCII case).
    ///   - type: only objects of this type.
    ///   - temp: read the `temp` database instead of this reader's (`main` by default).
    public func objectDefinitions(
        name: String? = nil, type: ObjectDefinition.ObjectType? = nil, temp: Bool = false
    ) throws -> [ObjectDefinition] {
        let schema = temp ? "temp" : (database ?? "main")
        let sql = """
            SELECT type, name, tbl_name, rootpage, sql FROM \(schema.quotedIdentifier).sqlite_schema
            WHERE (?1 IS NULL OR name = ?1 COLLATE NOCASE) AND (?2 IS NULL OR type = ?2) ORDER BY rowid
            """
        return try connection.rows(sql, [name, type?.rawValue]) { row -> ObjectDefinition? in
            guard let type = ObjectDefinition.ObjectType(rawValue: row[0] as String) else { return nil }
            return ObjectDefinition(
                type: type, name: row[1], tableName: row[2], rootpage: row.isNull(3) ? 0 : row[3] as Int64,
                sql: row.optionalString(4))
        }.compactMap { $0 }
    }

    // MARK: - Columns

    /// The columns of `table` (or of a view), in table order, hidden and generated columns included.
    ///
    /// ```swift
    /// for column in try db.schema.columnDefinitions(table: "users") {
    ///     print(column.name, column.declaredType, column.type, column.nullable, column.defaultValue)
    /// }
    /// ```
    ///
    /// Names, types, `NOT NULL`, defaults, primary key positions and hidden or generated columns
    /// come from `PRAGMA table_xinfo`; `AUTOINCREMENT`, collations, `CHECK` constraints and
    /// generated expressions, which no pragma reports, from the table's `CREATE TABLE` SQL.
    ///
    /// Empty when there is no such table or view, as in SQLite.swift.
    public func columnDefinitions(table: String) throws -> [ColumnDefinition] {
        guard let location = try find(table: table) else { return [] }
        let parsed = try createTableSQL(location).flatMap { CreateTableStatement(sql: $0) }
        let foreignKeys = try foreignKeyDefinitions(location)
        let uniqueColumns = try indexDefinitions(location)
            .filter { $0.origin == .uniqueConstraint && $0.columns.count == 1 && $0.where == nil }
            .map { $0.columns[0].lowercased() }
        let sql = """
            SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid
            """
        let rows = try connection.rows(sql, [location.name, location.schema]) { row in
            (
                name: row[0] as String, type: row[1] as String, notNull: row[2] as Bool,
                defaultValue: row.optionalString(3), pk: row[4] as Int, hidden: row[5] as Int
            )
        }
        let keyCount = rows.filter { $0.pk > 0 }.count
        return rows.map { info in
            let element = parsed?.column(named: info.name)
            var primaryKey: ColumnDefinition.PrimaryKey?
            if info.pk > 0 {
                primaryKey = ColumnDefinition.PrimaryKey(
                    autoIncrement: keyCount == 1 && element?.isAutoIncrement == true,
                    onConflict: element?.primaryKeyConflict.flatMap(ColumnDefinition.OnConflict.init(rawValue:)),
                    position: info.pk, descending: keyCount == 1 && element?.isPrimaryKeyDescending == true)
            }
            var generated: ColumnDefinition.Generated?
            if info.hidden == 2 || info.hidden == 3 {
                generated = ColumnDefinition.Generated(
                    expression: element?.generated?.expression ?? "", stored: info.hidden == 3)
            }
            let references = foreignKeys.first {
                $0.columns.count == 1 && $0.columns[0].sameIdentifier(as: info.name)
            }.map { ColumnDefinition.ForeignKey($0, column: info.name) }
            return ColumnDefinition(
                name: info.name, primaryKey: primaryKey, type: ColumnDefinition.Affinity(declaredType: info.type),
                declaredType: info.type, nullable: !info.notNull,
                unique: uniqueColumns.contains(info.name.lowercased()),
                defaultValue: LiteralValue(info.defaultValue), references: references,
                collation: element?.collation, generated: generated, hidden: info.hidden == 1,
                checks: element?.checks ?? [])
        }
    }

    /// The names of the columns of `table` (or of a view), in table order: the columns
    /// `SELECT *` returns, generated ones included and a virtual table's hidden ones left out.
    /// One `PRAGMA table_xinfo` query, for callers that need no more than the names.
    ///
    /// ```swift
    /// try db.schema.columnNames(table: "users")   // ["id", "email", "name"]
    /// ```
    ///
    /// Empty when there is no such table or view.
    public func columnNames(table: String) throws -> [String] {
        try names(
            "SELECT name FROM pragma_table_xinfo(?\(database == nil ? "" : ", ?")) WHERE hidden <> 1 ORDER BY cid",
            table)
    }

    /// The names of the indexes of `table`, those SQLite made for `UNIQUE` and `PRIMARY KEY`
    /// constraints included: one `PRAGMA index_list` query, for callers that need no more than
    /// the names (``indexDefinitions(table:)`` reads each index).
    ///
    /// ```swift
    /// try db.schema.indexNames(table: "users")   // ["users_on_email", "sqlite_autoindex_users_1"]
    /// ```
    ///
    /// Empty when there is no such table.
    public func indexNames(table: String) throws -> [String] {
        try names("SELECT name FROM pragma_index_list(?\(database == nil ? "" : ", ?")) ORDER BY seq DESC", table)
    }

    /// The first column of each row of `sql`, a pragma query on `table` (in this reader's
    /// database when it has one, else found as SQL finds it), run with a cached statement: the
    /// record tier asks at each first use of a type.
    private func names(_ sql: String, _ table: String) throws -> [String] {
        try connection.withCachedStatement(sql) { statement in
            try statement.bind(table, at: 1)
            if let database { try statement.bind(database, at: 2) }
            var names: [String] = []
            while try statement.step() { names.append(statement.row[0]) }
            return names
        }
    }

    // MARK: - Indexes

    /// The indexes of `table`: those made by `CREATE INDEX` and those SQLite made for `UNIQUE`
    /// and `PRIMARY KEY` constraints (see ``IndexDefinition/origin``).
    ///
    /// ```swift
    /// for index in try db.schema.indexDefinitions(table: "users") {
    ///     print(index.name, index.columns, index.unique, index.where ?? "full")
    /// }
    /// ```
    ///
    /// Empty when there is no such table, as in SQLite.swift.
    public func indexDefinitions(table: String) throws -> [IndexDefinition] {
        guard let location = try find(table: table) else { return [] }
        return try indexDefinitions(location)
    }

    private func indexDefinitions(_ location: TableLocation) throws -> [IndexDefinition] {
        let list = try connection.rows(
            #"SELECT name, "unique", origin FROM pragma_index_list(?, ?) ORDER BY seq DESC"#,
            [location.name, location.schema]
        ) { row in (name: row[0] as String, unique: row[1] as Bool, origin: row[2] as String) }
        var result: [IndexDefinition] = []
        for index in list {
            let infos = try connection.rows(
                #"SELECT name, "desc", cid FROM pragma_index_xinfo(?, ?) WHERE "key" = 1 ORDER BY seqno"#,
                [index.name, location.schema]
            ) { row in (name: row.optionalString(0), descending: row[1] as Bool, cid: row[2] as Int) }
            let sql = try objectSQL(name: index.name, type: .index, schema: location.schema)
            let texts = sql.map(IndexDefinition.keyTexts(of:)) ?? []
            var orders: [String: IndexDefinition.Order] = [:]
            var keys: [IndexDefinition.Key] = []
            for (position, info) in infos.enumerated() {
                if let name = info.name {
                    keys.append(.column(name))
                    if info.descending { orders[name] = .DESC }
                } else if info.cid == -2, position < texts.count {
                    keys.append(.expression(texts[position]))
                }
            }
            result.append(
                IndexDefinition(
                    table: location.name, name: index.name, unique: index.unique, keys: keys,
                    where: sql.flatMap(IndexDefinition.whereClause(of:)), orders: orders.isEmpty ? nil : orders,
                    origin: IndexDefinition.Origin(rawValue: index.origin)))
        }
        return result
    }

    // MARK: - Foreign keys

    /// The foreign keys of `table`, in declaration order.
    ///
    /// ```swift
    /// for key in try db.schema.foreignKeyDefinitions(table: "posts") {
    ///     print(key.columns, "->", key.table, key.referencedColumns, key.onDelete)
    /// }
    /// ```
    ///
    /// Empty when there is no such table.
    public func foreignKeyDefinitions(table: String) throws -> [ForeignKeyDefinition] {
        guard let location = try find(table: table) else { return [] }
        return try foreignKeyDefinitions(location)
    }

    private func foreignKeyDefinitions(_ location: TableLocation) throws -> [ForeignKeyDefinition] {
        let rows = try connection.rows(
            #"SELECT id, "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq"#,
            [location.name, location.schema]
        ) { row in
            (
                id: row[0] as Int, table: row[1] as String, from: row[2] as String, to: row.optionalString(3),
                onUpdate: row[4] as String, onDelete: row[5] as String
            )
        }
        // SQLite numbers foreign keys from the last declared; report them in declaration order.
        return Dictionary(grouping: rows, by: \.id).sorted { $0.key > $1.key }.map { _, parts in
            ForeignKeyDefinition(
                columns: parts.map(\.from), table: parts[0].table,
                referencedColumns: parts.contains { $0.to == nil } ? [] : parts.compactMap(\.to),
                onUpdate: .init(text: parts[0].onUpdate), onDelete: .init(text: parts[0].onDelete))
        }
    }

    // MARK: - Tables

    /// Everything about `table`: columns, indexes, foreign keys, table `CHECK` constraints and
    /// options.
    ///
    /// ```swift
    /// let users = try db.schema.tableDefinition(table: "users")
    /// users.withoutRowID   // false
    /// ```
    ///
    /// - Throws: `SQLiteCore.Result` (`no such table: ...`) when the table does not exist.
    public func tableDefinition(table: String) throws -> TableDefinition {
        let location = try locate(table: table)
        let reader = SchemaReader(connection: connection, database: location.schema)
        let checks =
            try createTableSQL(location).flatMap { CreateTableStatement(sql: $0) }?.elements
            .compactMap(\.tableCheck) ?? []
        return TableDefinition(
            name: location.name, columns: try reader.columnDefinitions(table: location.name),
            indexes: try indexDefinitions(location), foreignKeys: try foreignKeyDefinitions(location),
            withoutRowID: location.withoutRowID, strict: location.strict, checks: checks)
    }

    /// The names of the tables of this reader's database (`main` by default), SQLite's own
    /// (`sqlite_sequence`, ...) left out.
    public func tableNames() throws -> [String] {
        try objectDefinitions(type: .table).filter { !$0.isInternal }.map(\.name)
    }

    // MARK: - Locating tables

    /// Where a table lives: its database, its exact name, and its options.
    struct TableLocation {
        var schema: String
        var name: String
        var withoutRowID: Bool
        var strict: Bool
    }

    /// Finds `table` in this reader's database, or as SQL would (temp, main, attached).
    ///
    /// - Throws: `no such table: ...` when it is missing.
    func locate(table: String) throws -> TableLocation {
        guard let location = try find(table: table) else {
            let place = database.map { "\($0)." } ?? ""
            throw Result.misuse("no such table: \(place)\(table)", code: SQLITE_ERROR)
        }
        return location
    }

    /// Finds `table` in this reader's database, or as SQL would (temp, main, attached); `nil`
    /// when it is missing.
    func find(table: String) throws -> TableLocation? {
        let sql = """
            SELECT schema, name, wr, strict FROM pragma_table_list WHERE name = ?1 COLLATE NOCASE
            AND type IN ('table', 'virtual', 'view') AND (?2 IS NULL OR schema = ?2 COLLATE NOCASE)
            """
        let found = try connection.rows(sql, [table, database]) { row in
            TableLocation(schema: row[0], name: row[1], withoutRowID: row[2], strict: row[3])
        }
        return found.first { $0.schema == "temp" } ?? found.first { $0.schema == "main" } ?? found.first
    }

    /// The `CREATE TABLE` SQL of a located table.
    func createTableSQL(_ location: TableLocation) throws -> String? {
        try objectSQL(name: location.name, type: .table, schema: location.schema)
    }

    /// The SQL of the object `name` of `type` in `schema`.
    private func objectSQL(name: String, type: ObjectDefinition.ObjectType, schema: String) throws -> String? {
        try connection.scalar(
            "SELECT sql FROM \(schema.quotedIdentifier).sqlite_schema WHERE type = ? AND name = ? COLLATE NOCASE",
            type.rawValue, name) as? String
    }
}

#if ColumnMetadata
    /// What the schema declares about one column of a table (trait `ColumnMetadata`), read
    /// with ``Connection/columnMetadata(table:column:schema:)``.
    public struct TableColumnMetadata: Sendable, Hashable {
        /// The declared type (`"INTEGER"`, `"VARCHAR(20)"`...), `nil` when the column has none.
        public var declaredType: String?
        /// The name of the column's default collation sequence (`"BINARY"` unless declared).
        public var collation: String?
        /// Whether the column is declared NOT NULL.
        public var isNotNull: Bool
        /// Whether the column is part of the primary key.
        public var isPrimaryKey: Bool
        /// Whether the column is an INTEGER PRIMARY KEY declared AUTOINCREMENT.
        public var isAutoIncrement: Bool

        /// Metadata with these values.
        public init(
            declaredType: String?, collation: String?, isNotNull: Bool, isPrimaryKey: Bool, isAutoIncrement: Bool
        ) {
            self.declaredType = declaredType
            self.collation = collation
            self.isNotNull = isNotNull
            self.isPrimaryKey = isPrimaryKey
            self.isAutoIncrement = isAutoIncrement
        }
    }

    extension Connection {
        /// What the schema declares about a column (`sqlite3_table_column_metadata`; trait
        /// `ColumnMetadata`).
        ///
        /// ```swift
        /// let id = try db.columnMetadata(table: "users", column: "id")
        /// id.isPrimaryKey      // true
        /// id.declaredType      // "INTEGER"
        /// ```
        ///
        /// A rowid table's `rowid` (or `oid`, `_rowid_`) reports `INTEGER`, primary key, not
        /// declared NOT NULL, unless a column of that name was declared.
        ///
        /// - Parameters:
        ///   - table: the table's name (a view is no table here).
        ///   - column: the column's name.
        ///   - schema: `"main"`, `"temp"` or an attached database; `nil` searches them all, as
        ///     SQL does.
        /// - Throws: ``Result`` (`SQLITE_ERROR`, SQLite's "no such table column") for a missing
        ///   table or column, or once the connection is closed.
        public func columnMetadata(table: String, column: String, schema: String? = nil) throws
            -> TableColumnMetadata
        {
            try withOpenLock { () throws(Result) -> TableColumnMetadata in
                var declaredType: UnsafePointer<CChar>?
                var collation: UnsafePointer<CChar>?
                var notNull: Int32 = 0
                var primaryKey: Int32 = 0
                var autoIncrement: Int32 = 0
                let code = sqlite3_table_column_metadata(
                    handle, schema, table, column, &declaredType, &collation, &notNull, &primaryKey, &autoIncrement)
                guard code == SQLITE_OK else { throw connection.error(code: code, statement: nil) }
                return TableColumnMetadata(
                    declaredType: declaredType.map { String(cString: $0) },
                    collation: collation.map { String(cString: $0) }, isNotNull: notNull != 0,
                    isPrimaryKey: primaryKey != 0, isAutoIncrement: autoIncrement != 0)
            }
        }
    }
#endif

#if ColumnMetadata
    /// Where a result column's values come from: a column of a table (trait `ColumnMetadata`).
    ///
    /// ```swift
    /// let select = try db.prepare("SELECT u.email AS address FROM users u")
    /// select.columnOrigin(at: 0)   // database "main", table "users", column "email"
    /// ```
    public struct ColumnOrigin: Sendable, Hashable {
        /// The database's schema name: `"main"`, `"temp"` or an attached database's name.
        public var database: String
        /// The table's name, as declared (not an alias).
        public var table: String
        /// The column's name in the table, as declared (not an alias).
        public var column: String

        /// An origin with these names.
        public init(database: String, table: String, column: String) {
            self.database = database
            self.table = table
            self.column = column
        }
    }

    extension Statement {
        /// The table column a result column reads, `nil` for an expression, a literal or an
        /// index out of range (`sqlite3_column_database_name`, `sqlite3_column_table_name`,
        /// `sqlite3_column_origin_name`; trait `ColumnMetadata`).
        ///
        /// ```swift
        /// let select = try db.prepare("SELECT id, count(*) FROM users")
        /// select.columnOrigin(at: 0)?.table   // "users"
        /// select.columnOrigin(at: 1)          // nil
        /// ```
        ///
        /// A column read through a view or a subquery reports the table it comes from.
        public func columnOrigin(at index: Int) -> ColumnOrigin? {
            connection.lock.withLock { origin(at: index) }
        }

        /// ``columnOrigin(at:)`` for every result column, in order.
        public var columnOrigins: [ColumnOrigin?] {
            connection.lock.withLock { (0..<columnCount).map { origin(at: $0) } }
        }

        /// ``columnOrigin(at:)`` with the lock held.
        private func origin(at index: Int) -> ColumnOrigin? {
            guard index >= 0, index < columnCount else { return nil }
            let column = Int32(index)
            guard let database = sqlite3_column_database_name(handle, column),
                let table = sqlite3_column_table_name(handle, column),
                let name = sqlite3_column_origin_name(handle, column)
            else { return nil }
            return ColumnOrigin(
                database: String(cString: database), table: String(cString: table), column: String(cString: name))
        }
    }
#endif

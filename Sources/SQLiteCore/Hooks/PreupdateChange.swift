#if Session && !(SystemSQLite && canImport(Darwin))
    /// A row about to change, reported to a ``Connection/preupdateHook(_:)`` with its values
    /// before and after the change.
    public struct PreupdateChange: Sendable, Hashable {
        /// Insert, update or delete.
        public let operation: Connection.Operation

        /// The database of the table: "main", "temp" or an attached name.
        public let database: String

        /// The table changed.
        public let table: String

        /// The rowid of the row before the change (for an update or a delete); meaningless for
        /// a WITHOUT ROWID table.
        public let oldRowid: Int64

        /// The rowid of the row after the change (for an insert or an update); meaningless for
        /// a WITHOUT ROWID table.
        public let newRowid: Int64

        /// The number of columns of the row.
        public let columnCount: Int

        /// 0 for a change made by the statement itself, 1 by a trigger it fired, 2 by a trigger
        /// that trigger fired...
        public let depth: Int

        /// The row's values before the change, per column; empty for an insert.
        public let oldValues: [SQLValue]

        /// The row's values after the change, per column; empty for a delete.
        public let newValues: [SQLValue]
    }
#endif

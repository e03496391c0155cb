#if Session && !(SystemSQLite && canImport(Darwin))
    extension Changeset {
        /// One row change of a ``Changeset``.
        ///
        /// Values are per column, in the table's column order; `nil` means the change does not
        /// hold the column's value: an insert has no old values, a delete no new ones, an update
        /// holds the new values of the changed columns only, and its old values of those and of
        /// the primary key (a patchset has no old values but the primary key's).
        public struct Change: Sendable, Hashable {
            /// Insert, update or delete.
            public let operation: Connection.Operation

            /// The table changed.
            public let table: String

            /// The number of columns of the table.
            public let columnCount: Int

            /// For each column, whether it is part of the table's PRIMARY KEY.
            public let primaryKeyColumns: [Bool]

            /// The values before the change, per column (see ``Changeset/Change``).
            public let oldValues: [SQLValue?]

            /// The values after the change, per column (see ``Changeset/Change``).
            public let newValues: [SQLValue?]

            /// Whether the change was indirect: made by a trigger or a foreign-key action, or
            /// while the session was ``Session/isIndirect``.
            public let isIndirect: Bool

            /// A change as given, e.g. to compare with the changes a changeset holds.
            public init(
                operation: Connection.Operation, table: String, primaryKeyColumns: [Bool], oldValues: [SQLValue?],
                newValues: [SQLValue?], isIndirect: Bool = false
            ) {
                self.operation = operation
                self.table = table
                self.columnCount = primaryKeyColumns.count
                self.primaryKeyColumns = primaryKeyColumns
                self.oldValues = oldValues
                self.newValues = newValues
                self.isIndirect = isIndirect
            }

            /// The change an iterator (of a changeset, or of a conflict) is on.
            init(iterator: OpaquePointer) throws(Result) {
                var name: UnsafePointer<CChar>?
                var count: Int32 = 0
                var code: Int32 = 0
                var indirect: Int32 = 0
                var status = sqlite3changeset_op(iterator, &name, &count, &code, &indirect)
                guard status == SQLITE_OK, let operation = Connection.Operation(code: code), count >= 0 else {
                    throw Result.session(status == SQLITE_OK ? SQLITE_CORRUPT : status, "reading a change")
                }
                var flags: UnsafeMutablePointer<UInt8>?
                var flagCount: Int32 = 0
                status = sqlite3changeset_pk(iterator, &flags, &flagCount)
                guard status == SQLITE_OK else { throw Result.session(status, "reading a change's primary key") }
                let columns = Int(count)
                var primaryKey = [Bool](repeating: false, count: columns)
                if let flags {
                    for index in 0..<min(columns, Int(flagCount)) { primaryKey[index] = flags[index] != 0 }
                }
                self.operation = operation
                self.table = name.map { String(cString: $0) } ?? ""
                self.columnCount = columns
                self.primaryKeyColumns = primaryKey
                self.isIndirect = indirect != 0
                self.oldValues =
                    operation == .insert
                    ? [SQLValue?](repeating: nil, count: columns)
                    : try Change.values(iterator, columns, "old", sqlite3changeset_old)
                self.newValues =
                    operation == .delete
                    ? [SQLValue?](repeating: nil, count: columns)
                    : try Change.values(iterator, columns, "new", sqlite3changeset_new)
            }

            /// The values one of `sqlite3changeset_old`/`_new`/`_conflict` gives for each column.
            static func values(
                _ iterator: OpaquePointer, _ count: Int, _ what: String,
                _ read: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
            ) throws(Result) -> [SQLValue?] {
                var values: [SQLValue?] = []
                values.reserveCapacity(count)
                for index in 0..<count {
                    var value: OpaquePointer?
                    let code = read(iterator, Int32(index), &value)
                    if code != SQLITE_OK { throw Result.session(code, "reading a change's \(what) values") }
                    values.append(value.map(SQLValue.init(reading:)))
                }
                return values
            }
        }
    }

    extension SQLValue {
        /// The value held by a `sqlite3_value*` (copied), through the conversions SQL functions'
        /// arguments and ``init(_:)-(Binding?)`` use. Those give only the four storage classes'
        /// types or nil, which never throw.
        init(reading value: OpaquePointer) {
            self = (try? SQLValue(FunctionValues.binding(value))) ?? .null
        }
    }
#endif

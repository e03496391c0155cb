#if Session && !(SystemSQLite && canImport(Darwin))
    extension Connection {
        /// Calls `callback` before each row is inserted, updated or deleted through this
        /// connection, in rowid and WITHOUT ROWID tables alike, with the row's values before and
        /// after the change. `nil` removes the hook.
        ///
        /// ```swift
        /// try db.preupdateHook { change in
        ///     print(change.operation, change.table, change.oldValues, "→", change.newValues)
        /// }
        /// ```
        ///
        /// The callback runs inside the statement: it must not use the connection. SQLite's
        /// sessions use the same hook, so a connection with a live ``Session`` cannot have one.
        ///
        /// - Throws: ``Result`` `SQLITE_MISUSE` when the connection is closed or has a session.
        @preconcurrency
        public func preupdateHook(_ callback: (@Sendable (PreupdateChange) -> Void)?) throws {
            try withOpenLock { () throws(Result) in
                let sessions = connection.sessions
                guard let callback else {
                    if sessions.preupdateHook != nil {
                        sqlite3_preupdate_hook(handle, nil, nil)
                        sessions.preupdateHook = nil
                    }
                    return
                }
                if !sessions.live.isEmpty {
                    throw Result.misuse(
                        "a pre-update hook cannot be set on a connection with a live session: sessions use SQLite's pre-update hook"
                    )
                }
                let box = CallbackBox(callback)
                // Registered before the previous box is released: SQLite never sees a freed one.
                sqlite3_preupdate_hook(
                    handle,
                    { context, db, code, database, table, oldRowid, newRowid in
                        guard let context, let db, let operation = Connection.Operation(code: code) else { return }
                        let box = CallbackBox<@Sendable (PreupdateChange) -> Void>.from(context)
                        box.function(
                            PreupdateChange(
                                db: db, operation: operation, database: database, table: table, oldRowid: oldRowid,
                                newRowid: newRowid))
                    }, box.unretainedPointer)
                sessions.preupdateHook = box
            }
        }
    }

    extension PreupdateChange {
        /// The change SQLite's pre-update hook reports, its values read while the hook runs
        /// (`sqlite3_preupdate_old`/`_new` are valid only then).
        init(
            db: OpaquePointer, operation: Connection.Operation, database: UnsafePointer<CChar>?,
            table: UnsafePointer<CChar>?, oldRowid: Int64, newRowid: Int64
        ) {
            let count = Int(max(0, sqlite3_preupdate_count(db)))
            self.operation = operation
            self.database = database.map { String(cString: $0) } ?? ""
            self.table = table.map { String(cString: $0) } ?? ""
            self.oldRowid = oldRowid
            self.newRowid = newRowid
            self.columnCount = count
            self.depth = Int(sqlite3_preupdate_depth(db))
            oldValues = operation == .insert ? [] : PreupdateChange.values(db, count, sqlite3_preupdate_old)
            newValues = operation == .delete ? [] : PreupdateChange.values(db, count, sqlite3_preupdate_new)
        }

        private static func values(
            _ db: OpaquePointer, _ count: Int,
            _ read: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
        ) -> [SQLValue] {
            (0..<count).map { index in
                var value: OpaquePointer?
                guard read(db, Int32(index), &value) == SQLITE_OK, let value else { return .null }
                return SQLValue(reading: value)
            }
        }
    }
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Connection {
    /// The bytes of database `schema` of this connection, as they would be in its file
    /// (`sqlite3_serialize`): a copy, which ``deserialize(_:schema:readOnly:)`` or a file write
    /// turns back into a database.
    ///
    /// ```swift
    /// let snapshot = try db.serialize()
    /// try copy.deserialize(snapshot)
    /// ```
    ///
    /// An empty database, in memory and never written, serializes to no bytes, which
    /// deserialize to an empty database again.
    ///
    /// - Throws: ``Result`` when the connection is closed, `SQLITE_ERROR` when there is no
    ///   database named `schema` (or, under `SystemSQLite`, the library has no
    ///   `sqlite3_serialize`), `SQLITE_NOMEM` when the copy cannot be allocated.
    public func serialize(schema: String = "main") throws -> Data {
        try withOpenLock { () throws(Result) -> Data in
            var size: Int64 = 0
            #if SystemSQLite
                // Newer than the Apple floor's SQLite (3.28): looked up, never named (GatedCalls).
                guard let cSerialize = NewerCFunctions.serialize else { throw Self.noSerialization }
            #else
                let cSerialize = sqlite3_serialize
            #endif
            guard let bytes = cSerialize(handle, schema, &size, 0) else {
                // SQLite returns no bytes for a database of none, and for an attached name
                // that does not exist (or a "temp" never used, which is empty too).
                if size == 0 || (size < 0 && schema.lowercased() == "temp") { return Data() }
                if size > 0 {
                    throw Result.misuse("out of memory serializing database \(schema)", code: SQLITE_NOMEM)
                }
                throw Result.misuse("no database named \(schema) to serialize", code: SQLITE_ERROR)
            }
            defer { sqlite3_free(bytes) }
            return Data(bytes: bytes, count: Int(size))
        }
    }

    /// Replaces database `schema` of this connection with an in-memory database holding
    /// `data` (`sqlite3_deserialize`), e.g. bytes made by ``serialize(schema:)`` or read from a
    /// database file. The previous database is closed (a file stays as it was); the new one
    /// lives in memory, growing as it is written unless `readOnly`.
    ///
    /// ```swift
    /// let bytes = try Data(contentsOf: downloadedDatabaseURL)
    /// try db.deserialize(bytes)
    /// let count = try db.scalar("SELECT count(*) FROM items") as? Int64
    /// ```
    ///
    /// Bytes that are not a database are taken as they are: using the database then throws
    /// (`SQLITE_NOTADB`, `SQLITE_CORRUPT`). Every statement prepared on the connection,
    /// cached ones included, is prepared again before its next run, since the new database's
    /// schema may differ even where its schema cookie equals the old one's.
    ///
    /// - Throws: ``Result`` when the connection is closed, `SQLITE_ERROR` when `schema` is not
    ///   "main" or an attached database, or is busy (a transaction or a statement uses it).
    public func deserialize(_ data: Data, schema: String = "main", readOnly: Bool = false) throws {
        try withOpenLock { () throws(Result) in
            // SQLite takes ownership of memory from its own allocator, freeing it at close (or
            // when deserialize fails) and growing it as the database grows.
            guard let buffer = sqlite3_malloc64(UInt64(max(data.count, 1))) else {
                throw Result.misuse("out of memory deserializing \(data.count) bytes", code: SQLITE_NOMEM)
            }
            data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
            }
            let flags =
                UInt32(SQLITE_DESERIALIZE_FREEONCLOSE)
                | UInt32(readOnly ? SQLITE_DESERIALIZE_READONLY : SQLITE_DESERIALIZE_RESIZEABLE)
            #if SystemSQLite
                guard let cDeserialize = NewerCFunctions.deserialize else {
                    sqlite3_free(buffer)
                    throw Self.noSerialization
                }
            #else
                let cDeserialize = sqlite3_deserialize
            #endif
            let code = cDeserialize(
                handle, schema, buffer.assumingMemoryBound(to: UInt8.self), Int64(data.count), Int64(data.count), flags)
            if code != SQLITE_OK {
                let message = String(cString: sqlite3_errmsg(handle))
                throw Result.error(
                    message:
                        "cannot deserialize into database \(schema): \(message == "not an error" ? String(cString: sqlite3_errstr(code)) : message)",
                    code: code & 0xFF, statement: nil)
            }
            expirePreparedStatements()
        }
    }

    /// What ``serialize(schema:)`` and ``deserialize(_:schema:readOnly:)`` throw on a system
    /// SQLite without the functions (before 3.36, unless built with `SQLITE_ENABLE_DESERIALIZE`).
    private static var noSerialization: Result {
        Result.misuse(
            "this SQLite (\(SQLiteVersion.current)) has no sqlite3_serialize/sqlite3_deserialize (3.36 or SQLITE_ENABLE_DESERIALIZE)",
            code: SQLITE_ERROR)
    }

    /// Makes every statement of the connection prepare again before its next run. SQLite
    /// notices a schema change by the schema cookie; a deserialized database whose cookie equals
    /// the old one's would otherwise run old statements against another schema. Toggling a
    /// connection flag is the public API's way to expire them all: SQLite expires every
    /// statement when one changes. Call with the lock held.
    private func expirePreparedStatements() {
        var current: Int32 = 0
        _ = swift_sqlite_db_config_switch(handle, SQLITE_DBCONFIG_TRIGGER_EQP, -1, &current)
        _ = swift_sqlite_db_config_switch(handle, SQLITE_DBCONFIG_TRIGGER_EQP, current == 0 ? 1 : 0, nil)
        _ = swift_sqlite_db_config_switch(handle, SQLITE_DBCONFIG_TRIGGER_EQP, current, nil)
        dropCaches()
    }
}

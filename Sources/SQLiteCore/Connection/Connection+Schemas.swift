extension Connection {
    /// The names of the connection's databases, in SQLite's order: `"main"`, `"temp"`, then
    /// the attached ones (`sqlite3_db_name`). Empty once the connection is closed.
    ///
    /// ```swift
    /// try db.attach(.uri("archive.sqlite"), as: "archive")
    /// db.schemaNames   // ["main", "temp", "archive"]
    /// ```
    public var schemaNames: [String] {
        connection.lock.withLock {
            if connection.isUnusable, !connection.isLentToCallingThread { return [] }
            return GatedCalls.schemaNames(handle)
        }
    }

    /// The path of a database's file (`sqlite3_db_filename`): empty for an in-memory or
    /// temporary database, and for `"temp"`.
    ///
    /// ```swift
    /// try db.filename()                       // "/path/to/app.sqlite"
    /// try db.filename(schema: "archive")      // "/path/to/archive.sqlite"
    /// ```
    ///
    /// - Parameter schema: `"main"` (the default), `"temp"` or an attached database's name.
    /// - Throws: ``Result`` (`SQLITE_ERROR`) for an unknown schema, or once the connection is
    ///   closed.
    public func filename(schema: String = "main") throws -> String {
        try withOpenLock { () throws(Result) -> String in
            if let name = sqlite3_db_filename(handle, schema) { return String(cString: name) }
            // NULL also stands for a database without a file (`temp` before it is used):
            // only a name the connection does not have is an error.
            if GatedCalls.schemaNames(handle).contains(where: { sqlite3_stricmp($0, schema) == 0 }) { return "" }
            throw Result.misuse("no such database: \(schema)", code: SQLITE_ERROR)
        }
    }
}

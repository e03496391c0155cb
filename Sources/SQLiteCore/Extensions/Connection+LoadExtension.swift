#if LoadExtension
    extension Connection {
        /// Allows or forbids ``loadExtension(_:entryPoint:)`` on this connection (trait
        /// `LoadExtension`). Off by default.
        ///
        /// ```swift
        /// try db.enableLoadExtension(true)
        /// try db.loadExtension("/usr/lib/sqlite3/pcre.so")
        /// try db.enableLoadExtension(false)
        /// ```
        ///
        /// It turns on the C API only (`SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION`), never the SQL
        /// function `load_extension()`, which `sqlite3_enable_load_extension` would turn on
        /// too: with it, any SQL the app runs (a query built from user input, a trigger in a
        /// database file it opened) could load native code. Keep loading enabled only while
        /// loading.
        ///
        /// - Throws: ``Result`` once the connection is closed.
        public func enableLoadExtension(_ enabled: Bool) throws {
            try setEnabled(.loadExtension, enabled)
        }

        /// Loads a SQLite extension from a shared library into this connection
        /// (`sqlite3_load_extension`; trait `LoadExtension`). Loading must be enabled first
        /// (``enableLoadExtension(_:)``).
        ///
        /// ```swift
        /// try db.loadExtension("./libhalf", entryPoint: "sqlite3_half_init")
        /// try db.scalar("SELECT half(6)")   // 3.0
        /// ```
        ///
        /// - Parameters:
        ///   - path: the library's file; SQLite also tries it with the platform's suffix
        ///     (`.so`, `.dylib`, `.dll`) appended.
        ///   - entryPoint: the extension's init function; `nil` lets SQLite guess it from the
        ///     file name (`sqlite3_extension_init`, or `sqlite3_<name>_init`).
        /// - Throws: ``Result`` (`SQLITE_ERROR`) with SQLite's reason: loading is not enabled,
        ///   the file cannot be loaded, the entry point is missing or failed; or once the
        ///   connection is closed.
        public func loadExtension(_ path: String, entryPoint: String? = nil) throws {
            try withOpenLock { () throws(Result) in
                var message: UnsafeMutablePointer<CChar>?
                let code = sqlite3_load_extension(handle, path, entryPoint, &message)
                defer { sqlite3_free(message) }
                guard code == SQLITE_OK else {
                    let reason = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
                    throw Result.misuse("cannot load the extension \(path): \(reason)", code: code)
                }
            }
        }
    }
#endif

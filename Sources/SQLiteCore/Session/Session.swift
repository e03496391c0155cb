#if Session && !(SystemSQLite && canImport(Darwin))
    /// Records the changes made to tables of one database of a connection, to replay them
    /// elsewhere as a ``Changeset`` (SQLite's session extension, https://sqlite.org/sessionintro.html).
    ///
    /// ```swift
    /// let session = try Session(db)          // records changes to "main"
    /// try session.attachAll()                // every table with a PRIMARY KEY
    /// try db.run("INSERT INTO notes (id, body) VALUES (1, 'hello')")
    /// let changes = try session.changeset()
    /// try replica.apply(changes) { _ in .omit }
    /// ```
    ///
    /// Only tables with an explicit PRIMARY KEY are recorded. A session keeps its connection
    /// alive; closing the connection deletes the session, whose methods then throw
    /// `SQLITE_MISUSE`. Sessions use SQLite's pre-update hook, so a connection with a session
    /// cannot have a ``Connection/preupdateHook(_:)`` and the other way round.
    public final class Session: @unchecked Sendable {
        /// The connection whose changes are recorded. Every use of the C session holds its lock.
        private let connection: ConnectionHandle

        /// The table filter given to ``attachAll(filter:)``, which SQLite calls with this box as
        /// context for as long as the C session lives (it dies before this object).
        private var filterBox: CallbackBox<@Sendable (String) -> Bool>?

        /// The database whose changes are recorded ("main", "temp" or an attached name).
        public let schema: String

        /// Starts a session recording changes to database `schema` of `db`. It records nothing
        /// until tables are attached (``attach(_:)``, ``attachAll(filter:)``).
        ///
        /// - Throws: ``Result`` when the connection is closed, when it has a
        ///   ``Connection/preupdateHook(_:)`` (`SQLITE_MISUSE`), or when SQLite fails.
        public init(_ db: Connection, schema: String = "main") throws {
            connection = db.connection
            self.schema = schema
            let owner = ObjectIdentifier(self)
            try db.withOpenLock { () throws(Result) in
                if connection.sessions.preupdateHook != nil {
                    throw Result.misuse(
                        "a session cannot be created on a connection with a pre-update hook: remove the hook first (sessions use SQLite's pre-update hook)"
                    )
                }
                var pointer: OpaquePointer?
                let code = sqlite3session_create(connection.pointer, schema, &pointer)
                guard code == SQLITE_OK, let pointer else {
                    throw connection.error(code: code == SQLITE_OK ? SQLITE_NOMEM : code, statement: nil)
                }
                connection.sessions.live[owner] = pointer
            }
        }

        deinit {
            let owner = ObjectIdentifier(self)
            connection.lock.withLock { connection.sessions.delete(for: owner) }
        }

        /// Runs `body` with the C session, under the connection's lock.
        private func withSession<T>(_ body: (OpaquePointer) throws(Result) -> T) throws(Result) -> T {
            let owner = ObjectIdentifier(self)
            return try connection.lock.withLock { () throws(Result) -> T in
                guard let pointer = connection.sessions.live[owner], !connection.isClosed else {
                    throw Result.misuse("the session was deleted when its connection closed")
                }
                try connection.checkOpen()
                return try body(pointer)
            }
        }

        /// The C session when it is alive and its connection usable, nil otherwise.
        private func ifAlive<T>(_ fallback: T, _ body: (OpaquePointer) -> T) -> T {
            (try? withSession { pointer throws(Result) in body(pointer) }) ?? fallback
        }

        /// Records the changes to table `table` (which needs a PRIMARY KEY; a table without one
        /// is ignored, as SQLite does).
        ///
        /// ```swift
        /// try session.attach("notes")
        /// ```
        public func attach(_ table: String) throws {
            try withSession { pointer throws(Result) in
                try check(sqlite3session_attach(pointer, table), "attaching table \(table) to the session")
            }
        }

        /// Records the changes to every table of the database, present and future, or only to
        /// those for which `filter` returns true. SQLite calls `filter` the first time a
        /// statement changes each table; it runs inside that statement and must not use the
        /// connection.
        ///
        /// ```swift
        /// try session.attachAll { table in !table.hasPrefix("cache_") }
        /// ```
        @preconcurrency
        public func attachAll(filter: (@Sendable (_ table: String) -> Bool)? = nil) throws {
            try withSession { pointer throws(Result) in
                if let filter {
                    let box = CallbackBox(filter)
                    filterBox = box
                    sqlite3session_table_filter(
                        pointer,
                        { context, table in
                            guard let context, let table else { return 0 }
                            let box = CallbackBox<@Sendable (String) -> Bool>.from(context)
                            return box.function(String(cString: table)) ? 1 : 0
                        }, box.unretainedPointer)
                }
                try check(sqlite3session_attach(pointer, nil), "attaching all tables to the session")
            }
        }

        /// Whether the session records changes (default: `true`). While disabled, changes are
        /// not recorded; those recorded before stay.
        public var isEnabled: Bool {
            get { ifAlive(false) { sqlite3session_enable($0, -1) != 0 } }
            set { ifAlive(()) { _ = sqlite3session_enable($0, newValue ? 1 : 0) } }
        }

        /// Whether the changes recorded from now on are marked indirect (default: `false`), as
        /// ``Changeset/Change/isIndirect`` reports. Changes made by triggers and foreign-key
        /// actions are indirect whatever this says.
        public var isIndirect: Bool {
            get { ifAlive(false) { sqlite3session_indirect($0, -1) != 0 } }
            set { ifAlive(()) { _ = sqlite3session_indirect($0, newValue ? 1 : 0) } }
        }

        /// Whether the session has recorded no change (`true` once it was deleted).
        public var isEmpty: Bool { ifAlive(true) { sqlite3session_isempty($0) != 0 } }

        /// The changes recorded so far, as a changeset: for each changed row, the values before
        /// and after. Can be inverted, applied, concatenated.
        public func changeset() throws -> Changeset {
            try output("changeset", isPatchset: false, sqlite3session_changeset)
        }

        /// The changes recorded so far, as a patchset: smaller than a changeset (a delete keeps
        /// only the primary key, an update only the new values), but it cannot be inverted and
        /// its conflicts are detected less finely.
        public func patchset() throws -> Changeset {
            try output("patchset", isPatchset: true, sqlite3session_patchset)
        }

        private func output(
            _ what: String, isPatchset: Bool,
            _ function: (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
                -> Int32
        ) throws(Result) -> Changeset {
            try withSession { pointer throws(Result) in
                try Changeset.output("making the session's \(what)", isPatchset: isPatchset) {
                    function(pointer, $0, $1)
                }
            }
        }

        /// Records, as changes to table `table`, what makes it equal to the table of the same
        /// name in database `fromSchema` of the same connection (an attached database): rows
        /// only there are inserts, rows only in this session's database deletes... The table
        /// must be attached, and have the same columns and primary key in both databases.
        ///
        /// ```swift
        /// try db.attach(.uri(otherPath), as: "other")
        /// try session.attach("notes")
        /// try session.diff(from: "other", table: "notes")
        /// let changes = try session.changeset()   // turns other.notes into main.notes
        /// ```
        public func diff(from fromSchema: String, table: String) throws {
            try withSession { pointer throws(Result) in
                var message: UnsafeMutablePointer<CChar>?
                let code = sqlite3session_diff(pointer, fromSchema, table, &message)
                defer { sqlite3_free(message) }
                if code != SQLITE_OK {
                    let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
                    throw Result.error(message: text, code: code & 0xFF, statement: nil)
                }
            }
        }

        private func check(_ code: Int32, _ what: String) throws(Result) {
            if code != SQLITE_OK { throw Result.session(code, what) }
        }
    }

    extension Result {
        /// The error of a failed call of the session extension, which reports result codes
        /// without a message on the connection.
        static func session(_ code: Int32, _ what: String) -> Result {
            .error(message: "\(what): \(String(cString: sqlite3_errstr(code)))", code: code & 0xFF, statement: nil)
        }
    }
#endif

extension Statement {
    /// What a prepared statement outputs: its own rows, or the description of its program
    /// (`sqlite3_stmt_isexplain`, `sqlite3_stmt_explain`).
    public enum ExplainMode: Int32, CaseIterable, Sendable, Hashable {
        /// The statement runs as written.
        case ordinary = 0
        /// `EXPLAIN`: one row per virtual-machine instruction (columns `addr`, `opcode`, `p1`,
        /// `p2`, `p3`, `p4`, `p5`, `comment`).
        case explain = 1
        /// `EXPLAIN QUERY PLAN`: one row per step of the query plan (columns `id`, `parent`,
        /// `notused`, `detail`).
        case queryPlan = 2
    }

    /// Whether the statement is an `EXPLAIN` or `EXPLAIN QUERY PLAN` statement, as written or as
    /// switched by ``setExplainMode(_:)`` (`sqlite3_stmt_isexplain`).
    ///
    /// ```swift
    /// try db.prepare("EXPLAIN QUERY PLAN SELECT * FROM users").explainMode   // .queryPlan
    /// ```
    public var explainMode: ExplainMode {
        connection.lock.withLock { ExplainMode(rawValue: sqlite3_stmt_isexplain(handle)) ?? .ordinary }
    }

    /// Switches the prepared statement between running and explaining itself, without
    /// preparing other SQL (`sqlite3_stmt_explain`, SQLite 3.43). Resets the statement first;
    /// its bindings stay.
    ///
    /// ```swift
    /// let select = try db.prepare("SELECT * FROM users WHERE email = ?")
    /// try select.setExplainMode(.queryPlan)
    /// for row in try select.run("a@b.c") { print(row[3] ?? "") }   // SEARCH users USING INDEX ...
    /// try select.setExplainMode(.ordinary)                          // runs the query again
    /// ```
    ///
    /// The result columns change with the mode: ``columnNames`` and ``columnsGeneration``
    /// follow.
    ///
    /// - Throws: ``Result`` when SQLite cannot switch the statement (`SQLITE_ERROR`), when the
    ///   SQLite library is older than 3.43 (`SystemSQLite` trait, `SQLITE_ERROR`), or when the
    ///   connection is closed.
    public func setExplainMode(_ mode: ExplainMode) throws {
        try connection.lock.withLock { () throws(Result) in
            try connection.checkOpen(statement: self)
            #if SystemSQLite
                guard let explain = NewerCFunctions.statementExplain else {
                    throw Result.misuse(
                        "sqlite3_stmt_explain needs SQLite 3.43 or later; the system library is \(SQLiteVersion.current)",
                        code: SQLITE_ERROR, statement: self)
                }
            #else
                let explain = sqlite3_stmt_explain
            #endif
            sqlite3_reset(handle)
            let code = explain(handle, mode.rawValue)
            // The columns may change without a re-prepare that the generation would notice:
            // make the next read of the column names compare them again.
            checkedReprepares = -1
            guard code == SQLITE_OK else {
                throw Result.misuse(
                    "cannot switch the statement to explain mode \(mode): \(String(cString: sqlite3_errstr(code)))",
                    code: code, statement: self)
            }
        }
    }
}

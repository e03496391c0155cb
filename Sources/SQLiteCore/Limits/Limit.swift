extension Connection {
    /// One of SQLite's run-time limits on a connection (`SQLITE_LIMIT_*`), read and lowered with
    /// ``Connection/limit(_:)`` and ``Connection/setLimit(_:to:)``.
    ///
    /// ```swift
    /// try db.setLimit(.length, to: 1_000_000)   // no string or blob over 1 MB
    /// ```
    ///
    /// Each limit has a compile-time maximum (`SQLITE_MAX_*`) that no setting can exceed: SQLite
    /// lowers a larger value to it.
    public enum Limit: Int32, CaseIterable, Sendable, Hashable {
        /// The largest string or blob, and the largest row, in bytes (`SQLITE_LIMIT_LENGTH`).
        /// A longer value fails with `SQLITE_TOOBIG`.
        case length = 0
        /// The longest SQL text, in bytes (`SQLITE_LIMIT_SQL_LENGTH`).
        case sqlLength = 1
        /// The most columns of a table, index or view, result set, GROUP BY or ORDER BY
        /// (`SQLITE_LIMIT_COLUMN`).
        case column = 2
        /// The deepest parse tree of an expression (`SQLITE_LIMIT_EXPR_DEPTH`).
        case expressionDepth = 3
        /// The most terms of a compound SELECT (`SQLITE_LIMIT_COMPOUND_SELECT`).
        case compoundSelect = 4
        /// The most virtual-machine instructions of one statement (`SQLITE_LIMIT_VDBE_OP`).
        case vdbeOperations = 5
        /// The most arguments of a function (`SQLITE_LIMIT_FUNCTION_ARG`).
        case functionArguments = 6
        /// The most attached databases (`SQLITE_LIMIT_ATTACHED`).
        case attached = 7
        /// The longest pattern of LIKE or GLOB (`SQLITE_LIMIT_LIKE_PATTERN_LENGTH`).
        case likePatternLength = 8
        /// The largest parameter index, `?NNN` included (`SQLITE_LIMIT_VARIABLE_NUMBER`).
        case variableNumber = 9
        /// The deepest recursion of triggers (`SQLITE_LIMIT_TRIGGER_DEPTH`).
        case triggerDepth = 10
        /// The most auxiliary threads one statement may start (`SQLITE_LIMIT_WORKER_THREADS`).
        case workerThreads = 11
    }
}

extension Connection {
    /// An on/off setting of a connection (`sqlite3_db_config` with an `int`, `int*` option),
    /// read with ``Connection/isEnabled(_:)`` and changed with ``Connection/setEnabled(_:_:)``.
    ///
    /// ```swift
    /// try db.setEnabled(.defensive, true)
    /// ```
    ///
    /// Switches newer than SQLite 3.40 (the oldest system library the `SystemSQLite` trait
    /// supports) are marked with their version: a library that does not know one throws.
    public enum ConfigurationSwitch: Int32, CaseIterable, Sendable, Hashable {
        /// Foreign-key enforcement, as `PRAGMA foreign_keys` (`SQLITE_DBCONFIG_ENABLE_FKEY`).
        case foreignKeys = 1002
        /// Triggers firing (`SQLITE_DBCONFIG_ENABLE_TRIGGER`). Off, no trigger fires (TEMP
        /// triggers included).
        case triggers = 1003
        /// The two-argument `fts3_tokenizer()`, which can run a native function pointer
        /// (`SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER`). Leave off unless needed.
        case fts3Tokenizer = 1004
        #if LoadExtension
            /// `sqlite3_load_extension` (``Connection/loadExtension(_:entryPoint:)``), but not
            /// the SQL function `load_extension()` (`SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION`;
            /// trait `LoadExtension`).
            case loadExtension = 1005
        #endif
        /// Closing the last connection to a WAL database leaves the log in place instead of
        /// checkpointing and removing it (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`).
        case noCheckpointOnClose = 1006
        /// The query planner stability guarantee: a statement keeps its plan whatever the
        /// bound values and statistics (`SQLITE_DBCONFIG_ENABLE_QPSG`).
        case queryPlannerStabilityGuarantee = 1007
        /// EXPLAIN QUERY PLAN also shows the plans of the triggers a statement fires
        /// (`SQLITE_DBCONFIG_TRIGGER_EQP`).
        case triggerQueryPlans = 1008
        /// Armed for a reset: on, a `VACUUM` empties the database (the documented recipe turns
        /// it on, runs `VACUUM`, turns it off; `SQLITE_DBCONFIG_RESET_DATABASE`).
        case resetDatabase = 1009
        /// Defensive mode: SQL cannot corrupt the database file (no `PRAGMA writable_schema`
        /// edits, no writes to shadow tables...; `SQLITE_DBCONFIG_DEFENSIVE`).
        case defensive = 1010
        /// `sqlite_schema` is writable, as `PRAGMA writable_schema` (`SQLITE_DBCONFIG_WRITABLE_SCHEMA`).
        case writableSchema = 1011
        /// ALTER TABLE RENAME as before SQLite 3.26, which did not rewrite references in
        /// triggers and views (`SQLITE_DBCONFIG_LEGACY_ALTER_TABLE`).
        case legacyAlterTable = 1012
        /// Double-quoted strings accepted as string literals in DML when they name no column
        /// (`SQLITE_DBCONFIG_DQS_DML`). This package's SQLite defaults it to off.
        case doubleQuotedStringsInDML = 1013
        /// Double-quoted strings accepted as string literals in DDL (`SQLITE_DBCONFIG_DQS_DDL`).
        /// This package's SQLite defaults it to off.
        case doubleQuotedStringsInDDL = 1014
        /// Views usable (`SQLITE_DBCONFIG_ENABLE_VIEW`). Off, querying a view fails (TEMP views
        /// excepted).
        case views = 1015
        /// New databases in the legacy file format 1, readable by SQLite before 3.3.0
        /// (`SQLITE_DBCONFIG_LEGACY_FILE_FORMAT`).
        case legacyFileFormat = 1016
        /// The schema is trusted: SQL functions and virtual tables not marked innocuous may be
        /// used from triggers, views, CHECK constraints and the like
        /// (`SQLITE_DBCONFIG_TRUSTED_SCHEMA`, as `PRAGMA trusted_schema`).
        case trustedSchema = 1017
        /// `sqlite3_stmt_scanstatus` collects statistics (`SQLITE_DBCONFIG_STMT_SCANSTATUS`;
        /// SQLite 3.42).
        case statementScanStatus = 1018
        /// Tables and indexes scanned in reverse order when no order is asked for, a way to
        /// find queries that rely on an unspecified order (`SQLITE_DBCONFIG_REVERSE_SCANORDER`,
        /// as `PRAGMA reverse_unordered_selects`; SQLite 3.42).
        case reverseScanOrder = 1019
        /// ATTACH may create a new database file (`SQLITE_DBCONFIG_ENABLE_ATTACH_CREATE`;
        /// SQLite 3.49).
        case attachCreate = 1020
        /// Attached databases are writable (`SQLITE_DBCONFIG_ENABLE_ATTACH_WRITE`; SQLite 3.49).
        case attachWrite = 1021
        /// SQL comments accepted (`SQLITE_DBCONFIG_ENABLE_COMMENTS`; SQLite 3.49).
        case comments = 1022
    }
}

import SQLiteCore

/// Why a ``SchemaChanger`` change failed, inside the changer: the step that failed, the SQL it
/// ran, SQLite's error, and the ``SchemaChanger/Error`` to throw instead of it, if any. The
/// changer's methods throw ``reported`` or ``underlying``, as SQLite.swift would.
struct SchemaChangeError: Error, Sendable, CustomStringConvertible {
    /// The steps of a schema change, in the order they run. A table rebuild follows sqlite.org's
    /// "Making Other Kinds Of Table Schema Changes".
    enum Step: String, Sendable, Equatable, CaseIterable {
        /// Checking the request against the schema (the table and columns exist, ...).
        case validate
        /// `PRAGMA foreign_keys = OFF`, before the transaction.
        case disableForeignKeys
        /// Opening the transaction (or a savepoint inside the caller's transaction).
        case begin
        /// Reading the table's SQL, indexes, triggers and views.
        case readSchema
        /// A native change: `ALTER TABLE`, `CREATE TABLE`, `CREATE INDEX`, `DROP ...`.
        case alterTable
        /// Rebuild: creating the new table under a temporary name.
        case createTable
        /// Rebuild: copying every row into the new table.
        case copyData
        /// Rebuild: dropping the old table.
        case dropTable
        /// Rebuild: giving the new table the old name.
        case renameTable
        /// Rebuild: recreating the table's indexes.
        case recreateIndexes
        /// Rebuild: recreating the table's triggers.
        case recreateTriggers
        /// Rebuild: checking that every view still compiles.
        case verifyViews
        /// `PRAGMA foreign_key_check` before commit.
        case foreignKeyCheck
        /// Committing the transaction or releasing the savepoint.
        case commit
        /// `PRAGMA foreign_keys = ON` again, after the transaction.
        case restoreForeignKeys
    }

    /// The step that failed.
    var step: Step
    /// The table being changed.
    var table: String
    /// The SQL that failed, when the step ran one.
    var sql: String?
    /// SQLite's error, or one of ours with a SQLite result code (`SQLITE_ERROR`,
    /// `SQLITE_CONSTRAINT` for foreign key violations, ...).
    var underlying: Result
    /// What the changer throws instead of ``underlying``: SQLite.swift's error for the failure.
    var reported: SchemaChanger.Error?

    init(step: Step, table: String, sql: String? = nil, underlying: Result, reported: SchemaChanger.Error? = nil) {
        self.step = step
        self.table = table
        self.sql = sql
        self.underlying = underlying
        self.reported = reported
    }

    /// The step, the table, SQLite's message and the SQL.
    var description: String {
        var text = "changing table \(table.quotedIdentifier) failed at step \(step.rawValue): \(underlying.message)"
        if let sql { text += " (SQL: \(sql))" }
        return text
    }
}

import Foundation

extension Connection {
    /// The plan of record type `R` for one operation, after creating or completing its table
    /// when the type creates it on first use and the table is not complete. Call with the
    /// connection locked.
    func usablePlan<R: Record>(_ type: R.Type) throws -> RecordPlan {
        let plan = RecordPlan(R.self)
        if R.createsTableOnFirstUse { try prepareTable(R.self, plan) }
        return plan
    }

    /// Creates or completes the table of `R` (tables on first use) unless it is complete.
    func prepareTable<R: Record>(_ type: R.Type) throws {
        try withLock { _ = try usablePlan(R.self) }
    }

    /// Makes the table of `R` complete, with the connection locked. Nothing is remembered
    /// between operations: each checks the table through the statement cache (see
    /// ``hasTable(_:)``), so a table dropped, altered or made by another connection is seen
    /// at the next use. When a read finds it incomplete, it is synced in a `BEGIN IMMEDIATE`
    /// transaction (a savepoint inside an open one), which checks again, so that threads and
    /// connections using the type for the first time at once create it once.
    ///
    /// A connection that only reads cannot make the table. Inside a read of a pool (through a
    /// ``RecordDatabase``), the pool's writer makes it first, before this connection reads
    /// anything of the table, so that the read's snapshot holds it; otherwise, and when the
    /// read's snapshot began before, ``RecordError/tableNotSynced(type:table:)`` is thrown
    /// rather than SQLite's "attempt to write a readonly database".
    private func prepareTable<R: Record>(_ type: R.Type, _ plan: RecordPlan) throws {
        if let database = RecordDatabase.poolReading(on: self), try refusesWrites() {
            try database.syncTableForRead(R.self)
        }
        let schema = try RecordSchema(R.self)
        if hasTable(schema) { return }
        if try !isComplete(schema) {
            if try refusesWrites() { throw RecordError.tableNotSynced(type: plan.rowType, table: plan.tableName) }
            try inTransaction(.immediate) { if try !isComplete(schema) { _ = try syncSchema(schema) } }
        }
    }

    /// Whether the table of `schema` exists with every column, read from what Core keeps: the
    /// cached `SELECT * ... LIMIT 0`, stepped (SQLite re-prepares it there after a schema
    /// change, or fails for a missing table) and asked for its columns. A type with indexes
    /// takes the full check (``isComplete(_:)``).
    private func hasTable(_ schema: RecordSchema) -> Bool {
        guard schema.indexes.isEmpty else { return false }
        let names = try? withLockedCachedStatement(schema.plan.selectSQL + " LIMIT 0") { statement in
            _ = try statement.run()
            return statement.columnNames
        }
        guard let names else { return false }
        let existing = Set(names.map { $0.lowercased() })
        return schema.columns.allSatisfy { existing.contains($0.name.lowercased()) }
    }

    /// Whether this connection cannot write its main database: opened read-only (or on a
    /// read-only file), or with `PRAGMA query_only` on (a queue's `read`, a pool's readers).
    /// Neither check reads the database, so the snapshot of an open read is not started.
    func refusesWrites() throws -> Bool {
        if sqlite3_db_readonly(handle, "main") == 1 { return true }
        return try (scalar("PRAGMA query_only") as? Int64) == 1
    }
}

import Foundation

extension Connection {
    /// The plan of record type `R` on this connection, after creating or completing its table
    /// when the type creates it on first use and this is the first use here. Call with the
    /// connection locked.
    func usablePlan<R: Record>(_ type: R.Type) throws -> RecordPlan {
        let plan = recordPlan(R.self)
        if !plan.tableIsReady { try prepareTable(R.self, plan) }
        return plan
    }

    /// Creates or completes the table of `R` (tables on first use) unless it is complete, and
    /// remembers it in the type's plan on this connection.
    func prepareTable<R: Record>(_ type: R.Type) throws {
        try withLock { _ = try usablePlan(R.self) }
    }

    /// Makes the table of `R` complete, with the connection locked: when a read finds it
    /// incomplete, it is synced in a `BEGIN IMMEDIATE` transaction (a savepoint inside an open
    /// one), which checks again, so that threads and connections using the type for the first
    /// time at once create it once. A complete table is only read (a pool's readers, which
    /// cannot write, find it complete once the writer synced it).
    ///
    /// The table is remembered as made only when no write transaction is open: one made or
    /// found inside a write transaction could still be rolled back, so it is checked again at
    /// each use until one outside such a transaction.
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
        let schema = try plan.schema(R.self)
        if try !isComplete(schema) {
            if try refusesWrites() { throw RecordError.tableNotSynced(type: plan.rowType, table: plan.tableName) }
            try inTransaction(.immediate) { if try !isComplete(schema) { _ = try syncSchema(schema) } }
        }
        plan.tableIsReady = GatedCalls.transactionState(handle, schema: nil) != SQLITE_TXN_WRITE
    }

    /// Whether this connection cannot write its main database: opened read-only (or on a
    /// read-only file), or with `PRAGMA query_only` on (a queue's `read`, a pool's readers).
    /// Neither check reads the database, so the snapshot of an open read is not started.
    func refusesWrites() throws -> Bool {
        if sqlite3_db_readonly(handle, "main") == 1 { return true }
        return try (scalar("PRAGMA query_only") as? Int64) == 1
    }

    /// Forgets that the table of `R` was made on this connection (it was dropped): the next use
    /// of a type that creates its table on first use makes it again.
    func forgetTable<R: Record>(_ type: R.Type) {
        withLock { recordPlan(R.self).tableIsReady = !R.createsTableOnFirstUse }
    }
}

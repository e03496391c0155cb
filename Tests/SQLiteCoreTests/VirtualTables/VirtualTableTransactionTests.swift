import SQLiteCore
import Testing

@Suite struct VirtualTableTransactionTests {
    @Test(arguments: [TransactionStepTable.Step.begin, .sync])
    func anErrorFromATransactionStepFailsTheStatement(step: TransactionStepTable.Step) throws {
        let db = try Connection()
        let log = ProducedRows()
        let armed = Locked(false)
        try db.createModule("steps") { _ in TransactionStepTable(failing: step, log: log, armed: armed) }
        // CREATE VIRTUAL TABLE syncs and commits the new table too: the failures start after it.
        try db.execute("CREATE VIRTUAL TABLE t USING steps")
        armed.withLock { $0 = true }
        _ = log.take()
        let error = expectResult(code: SQLITE_ERROR) {
            try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.message.contains("\(step) failed") == true, "\(String(describing: error))")
        #expect(log.take().contains(step.rawValue))
        // The connection is usable again afterwards.
        do {
            #expect(try db.scalar("SELECT 1") as? Int64 == 1)
        } catch {
            Issue.record("after the failed \(step): \(error); in transaction: \(db.isInTransaction)")
        }
    }

    /// SQLite ignores what `xCommit` returns (the transaction is committed by then): an error
    /// thrown from `commit()` is lost, and the commit stands.
    @Test func anErrorFromCommitIsIgnoredBySQLite() throws {
        let db = try Connection()
        let log = ProducedRows()
        let armed = Locked(false)
        try db.createModule("steps") { _ in TransactionStepTable(failing: .commit, log: log, armed: armed) }
        try db.execute("CREATE VIRTUAL TABLE t USING steps")
        armed.withLock { $0 = true }
        _ = log.take()
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        #expect(log.take() == ["begin", "sync", "commit"])
        #expect(!db.isInTransaction)
    }

    @Test func aFailedDestroyKeepsTheTable() throws {
        let db = try Connection()
        try db.createModule("steps") { _ in
            TransactionStepTable(failing: .destroy, log: ProducedRows(), armed: Locked(true))
        }
        try db.execute("CREATE VIRTUAL TABLE t USING steps")
        // SQLite reports a failed xDestroy with its own message, not the table's.
        expectResult(code: SQLITE_ERROR) { try db.execute("DROP TABLE t") }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 't'") as? Int64 == 1)
    }
}

/// A table whose chosen transaction step (or destroy) throws; it logs the steps it saw.
final class TransactionStepTable: TransactionalVirtualTable {
    enum Step: String, CaseIterable, CustomStringConvertible, Sendable {
        case begin, sync, commit, destroy
        var description: String { rawValue }
    }

    let failing: Step
    let log: ProducedRows
    /// Whether the failing step fails now.
    let armed: Locked<Bool>
    let declaration = "CREATE TABLE x(a)"

    init(failing: Step, log: ProducedRows, armed: Locked<Bool>) {
        self.failing = failing
        self.log = log
        self.armed = armed
    }

    private func run(_ step: Step) throws {
        log.append(step.rawValue)
        if step == failing, armed.withLock({ $0 }) { throw Result.misuse("\(step) failed", code: SQLITE_ERROR) }
    }

    func bestIndex(_ info: inout IndexInfo) throws {}
    func openCursor() throws -> FailingCursor { FailingCursor(FailingTable(nil)) }
    func update(_ change: VirtualTableChange) throws -> Int64? { 1 }
    func begin() throws { try run(.begin) }
    func sync() throws { try run(.sync) }
    func commit() throws { try run(.commit) }
    func rollback() throws { log.append("rollback") }
    func destroy() throws { try run(.destroy) }
}

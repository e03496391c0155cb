/// Watches one connection of a ``DatabaseQueue`` or ``DatabasePool`` for its observations:
/// on the writer, the tables each committed transaction changed (update, commit and rollback
/// hooks); on a reader running an observed fetch, the SQL of each statement it ran (trace).
///
/// Every member is used on the connection's serial queue: the hooks fire inside its accesses.
final class ConnectionWatcher: ConnectionObserver, @unchecked Sendable {
    /// Whether row changes and transaction ends are tracked.
    var tracksChanges = false
    /// Whether the SQL of statements that start is recorded.
    private var recordsStatements = false

    /// The SQL of the statements started while recording.
    private var recordedStatements: [String] = []

    /// The tables changed by the transaction in progress, lowercased.
    private var pending = Set<String>()
    /// The tables changed by the transactions committed since the last ``takeChanges(of:)``.
    private var committed = Set<String>()
    /// Whether a transaction committed since the last ``takeChanges(of:)``.
    private var didCommit = false
    /// Row changes the update hook reported since the last ``takeChanges(of:)``, rolled back
    /// or not, against `sqlite3_total_changes64`, which also counts the changes the hook never
    /// sees (WITHOUT ROWID tables, the truncate optimization).
    private var reportedChanges: Int64 = 0
    private var totalChangesBaseline: Int64 = 0
    /// The name of the table last reported, by its C string: rows of one table come in runs.
    private var lastTable: (pointer: UnsafePointer<CChar>, name: String)?

    /// The `schema_version` and `data_version` at the last check, to tell schema changes and
    /// commits by other connections.
    var schemaVersion: Int64?
    var dataVersion: Int64?

    /// Registers or unregisters this watcher on `db` after ``tracksChanges`` or the recording
    /// changed, and starts counting changes afresh. Call in an access to `db`.
    func attach(to db: Connection) {
        db.withLock {
            db.connection.setObserver(tracksChanges || recordsStatements ? self : nil)
        }
        pending.removeAll()
        committed.removeAll()
        didCommit = false
        reportedChanges = 0
        lastTable = nil
        totalChangesBaseline = totalChanges(of: db)
    }

    /// Starts recording the SQL of the statements `db` runs. Call in an access to `db`.
    func startRecording(on db: Connection) {
        recordedStatements.removeAll(keepingCapacity: true)
        recordsStatements = true
        db.withLock { db.connection.setObserver(self) }
    }

    /// Stops recording; returns the SQL recorded. Call in the same access.
    func stopRecording(on db: Connection) -> [String] {
        recordsStatements = false
        if !tracksChanges { db.withLock { db.connection.setObserver(nil) } }
        return recordedStatements
    }

    /// The tables changed by the transactions committed since the last call: `nil` when a
    /// commit changed something the hooks could not name (every observation must look), empty
    /// when nothing was committed. Call in an access to `db`.
    func takeChanges(of db: Connection) -> Set<String>? {
        let total = totalChanges(of: db)
        defer {
            committed.removeAll()
            didCommit = false
            reportedChanges = 0
            totalChangesBaseline = total
        }
        guard didCommit else { return [] }
        if total - totalChangesBaseline > reportedChanges { return nil }
        return committed
    }

    private func totalChanges(of db: Connection) -> Int64 {
        db.withLock { db.connection.isClosed ? 0 : GatedCalls.totalChanges(db.handle) }
    }

    func rowChanged(table: UnsafePointer<CChar>) {
        guard tracksChanges else { return }
        reportedChanges += 1
        if let lastTable, lastTable.pointer == table { return }
        let name = String(cString: table).lowercased()
        lastTable = (table, name)
        pending.insert(name)
    }

    func willCommit() {
        guard tracksChanges else { return }
        didCommit = true
        committed.formUnion(pending)
        pending.removeAll()
        lastTable = nil
    }

    func didRollback() {
        pending.removeAll()
        lastTable = nil
    }

    func statementStarted(_ statement: OpaquePointer) {
        guard recordsStatements, let sql = sqlite3_sql(statement) else { return }
        recordedStatements.append(String(cString: sql))
    }
}

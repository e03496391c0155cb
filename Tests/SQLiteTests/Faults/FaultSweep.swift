import FaultInjection
import Foundation
import SQLite
import Testing

/// How a database keeps its transactions atomic.
enum Journal: String, CaseIterable, Sendable {
    /// The rollback journal (`journal_mode = DELETE`, `synchronous = FULL`, SQLite's defaults).
    case rollback
    /// The write-ahead log, with `synchronous = FULL` so that commits sync (with `NORMAL` a WAL
    /// commit never syncs, and a sync fault could not land in one).
    case wal

    var mode: Connection.JournalMode { self == .wal ? .wal : .delete }
}

/// One sweep: the fault, the journal, and whether the fault lasts (a full disk stays full) or
/// hits one operation only (the connection must carry on after it).
struct FaultCase: Sendable, CustomTestStringConvertible {
    let fault: Fault
    let journal: Journal
    let persistent: Bool

    /// Every fault, with both journals, lasting or not.
    static let all: [FaultCase] = Fault.allCases.flatMap { fault in
        Journal.allCases.flatMap { journal in
            [true, false].map { FaultCase(fault: fault, journal: journal, persistent: $0) }
        }
    }

    var testDescription: String { "\(fault), \(journal), \(persistent ? "persistent" : "once")" }

    /// The files a sweep must have hit at least once: the journal and the database file alike.
    var expectedRoles: Set<FileRole> {
        switch (fault.operation, journal) {
        case (.read, _): [.mainDatabase]
        case (_, .rollback): [.mainJournal, .mainDatabase]
        case (_, .wal): [.wal]
        }
    }

    /// Whether `error` reports this fault. A short read is, by the VFS contract, the file
    /// ending early: SQLite reads the missing part as zeros, so it may also report the page it
    /// read as corrupt, or the file as not a database.
    ///
    /// Only `Result.extendedError` (a connection with extended error codes) carries the
    /// extended code; `Result.error` reports the primary code for both.
    func reports(_ error: ThrownError) -> Bool {
        if error.code == fault.primaryCode {
            if error.extendedCode == fault.extendedCode { return true }
            if !error.extended, error.extendedCode == error.code { return true }
        }
        return fault == .shortRead && [SQLITE_CORRUPT, SQLITE_NOTADB].contains(error.code)
    }
}

/// An operation of one tier, run against a database the scenario set up.
struct FaultScenario {
    /// Creates the schema and commits the rows that must survive every fault.
    var setUp: (Connection) throws -> Void
    /// The operation under test: it commits its own transaction.
    var operation: (Connection) throws -> Void
    /// Result codes of the operation's own statements that it may report instead of a read
    /// fault: when a statement fails on purpose and undoing it hits the fault, SQLite rolls
    /// the whole transaction back and reports the statement's own error, not the fault.
    var undoneErrors: Set<Int32> = []

    /// The scenario, with `codes` among its ``undoneErrors``.
    func undoing(_ codes: Int32...) -> FaultScenario {
        var scenario = self
        scenario.undoneErrors.formUnion(codes)
        return scenario
    }
}

/// Runs `scenario`'s operation with `faultCase`'s fault after 0, 1, 2, ... operations of its
/// kind, until it succeeds without the fault firing. Each time, on a fresh copy of the set-up
/// database opened through a ``FaultInjectingVFS``:
///
/// - the operation must either throw a ``SQLiteCore/Result`` reporting the fault (never
///   another error, never a crash) or succeed;
/// - after a fault that hit once, the same connection must be out of its transaction and
///   able to commit again;
/// - reopened without faults through the default VFS, the database must pass
///   `PRAGMA integrity_check` and hold exactly the committed rows and schema: those from
///   before the operation when it threw, those after it when it succeeded.
///
/// Syncs through the fault-injecting VFS are counted but skip the disk: nothing here survives
/// a power loss, and a real sync per commit would make the sweeps take minutes.
func sweep(_ scenario: FaultScenario, _ faultCase: FaultCase, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    try withTemporaryDirectory { directory in
        let template = directory.appendingPathComponent("template.sqlite").path
        let work = directory.appendingPathComponent("work.sqlite").path
        try FaultInjectingVFS.with(performsSyncs: false) { vfs in
            func open(_ path: String, journalMode: Connection.JournalMode? = nil) throws -> Connection {
                try Connection(.uri(path, parameters: [.vfs(vfs.name)]), journalMode: journalMode)
            }
            do {
                let db = try open(template, journalMode: faultCase.journal.mode)
                try scenario.setUp(db)
                try db.execute("CREATE TABLE fault_marker (n INTEGER)")
                try db.close()
            }
            let before = try snapshot(of: template)
            // What the operation commits when nothing fails.
            try copyDatabase(template, to: work)
            do {
                let db = try open(work)
                try scenario.operation(db)
                try db.close()
            }
            let after = try snapshot(of: work)
            #expect(before.rows != after.rows, "the operation changes nothing", sourceLocation: sourceLocation)

            var roles: Set<FileRole> = []
            for position in 0...1_000 {
                try copyDatabase(template, to: work)
                let db = try open(work)
                // Both kinds of error, the extended one on every other position.
                db.usesExtendedErrorCodes = position.isMultiple(of: 2)
                if faultCase.journal == .wal { try db.execute("PRAGMA synchronous = FULL") }
                vfs.inject(faultCase.fault, after: position, persistent: faultCase.persistent)
                let failure = outcome { try scenario.operation(db) }
                let firings = vfs.firings
                roles.formUnion(firings.map(\.role))
                let context = "\(faultCase.testDescription), fault after \(position): \(firings)"
                var expected = before
                if let (description, result) = failure {
                    if let result {
                        let undone = faultCase.fault.operation == .read && scenario.undoneErrors.contains(result.code)
                        #expect(
                            faultCase.reports(result) || undone, "\(context): threw \(result)",
                            sourceLocation: sourceLocation)
                    } else {
                        Issue.record("\(context): threw \(description), not a Result", sourceLocation: sourceLocation)
                    }
                    #expect(
                        !firings.isEmpty, "\(context): threw \(description) with no fault",
                        sourceLocation: sourceLocation)
                } else {
                    // Succeeded: past the operation's last read, write or sync (the sweep is
                    // done), or SQLite absorbed the fault.
                    expected = after
                    if firings.isEmpty {
                        vfs.clear()
                        try db.close()
                        #expect(vfs.openFiles == 0, "\(context): files left open", sourceLocation: sourceLocation)
                        try expectDatabase(at: work, holds: expected, markers: 0, context, sourceLocation)
                        #expect(
                            roles.isSuperset(of: faultCase.expectedRoles),
                            "\(faultCase.testDescription): faults hit only \(roles)", sourceLocation: sourceLocation)
                        return
                    }
                }
                var markers = 0
                if !faultCase.persistent {
                    // The fault is gone: the connection must be usable as it stands.
                    #expect(!db.isInTransaction, "\(context): left in a transaction", sourceLocation: sourceLocation)
                    vfs.clear()
                    try db.run("INSERT INTO fault_marker (n) VALUES (1)")
                    markers = 1
                }
                // A lasting fault still fails whatever closing the connection writes: what is
                // left on disk is what a crash would leave.
                try db.close()
                vfs.clear()
                #expect(vfs.openFiles == 0, "\(context): files left open", sourceLocation: sourceLocation)
                try expectDatabase(at: work, holds: expected, markers: markers, context, sourceLocation)
            }
            Issue.record(
                "\(faultCase.testDescription): still failing after 1000 operations", sourceLocation: sourceLocation)
        }
    }
}

/// What a ``SQLiteCore/Result`` said, without its statement (which would keep the
/// connection's files open).
struct ThrownError: CustomStringConvertible {
    var code: Int32
    var extendedCode: Int32
    /// Whether it was `Result.extendedError`.
    var extended: Bool
    var hasStatement: Bool
    var description: String
}

/// The error `body` threw, if any: its description and, when it is or wraps SQLite's error,
/// that error's codes. Nothing of the error outlives the call.
private func outcome(_ body: () throws -> Void) -> (description: String, result: ThrownError?)? {
    do {
        try body()
        return nil
    } catch {
        let result = sqliteResult(in: error).map { result in
            var extended = false
            if case .extendedError = result { extended = true }
            return ThrownError(
                code: result.code, extendedCode: result.extendedCode, extended: extended,
                hasStatement: result.statement != nil, description: result.description)
        }
        return (String(describing: error), result)
    }
}

/// SQLite's error inside what a tier threw: the error itself, or the one a migration failed with.
private func sqliteResult(in error: any Error) -> Result? {
    switch error {
    case let result as Result: return result
    case MigrationError.failed(_, let underlying): return sqliteResult(in: underlying)
    case MigrationError.storage(let result): return result
    default: return nil
    }
}

/// The schema and rows of a database, to compare whole states.
struct DatabaseSnapshot: Equatable {
    /// `type name: sql` of every schema object.
    var schema: [String]
    /// Every row of every table, `table: values`, in table and rowid order.
    var rows: [String]
}

/// The snapshot of the database at `path`, opened without faults, leaving out the
/// `fault_marker` table and when migrations were applied.
private func snapshot(of path: String) throws -> DatabaseSnapshot {
    let db = try Connection(path)
    defer { try? db.close() }
    return try snapshot(of: db)
}

private func snapshot(of db: Connection) throws -> DatabaseSnapshot {
    var schema: [String] = []
    var tables: [String] = []
    for row in try db.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name") {
        let (type, name) = (row[0] as? String ?? "", row[1] as? String ?? "")
        guard name != "fault_marker" else { continue }
        schema.append("\(type) \(name): \(row[2] as? String ?? "")")
        if type == "table", !name.hasPrefix("sqlite_") { tables.append(name) }
    }
    var rows: [String] = []
    for table in tables {
        let columns = try db.prepare("SELECT name FROM pragma_table_info(?)", table).compactMap { $0[0] as? String }
            .filter { $0 != "applied_at" }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        for row in try db.prepare("SELECT \(list) FROM \"\(table)\" ORDER BY rowid") {
            rows.append("\(table): " + row.map { $0.map { "\($0)" } ?? "NULL" }.joined(separator: ", "))
        }
    }
    return DatabaseSnapshot(schema: schema, rows: rows)
}

/// Reopens the database at `path` without faults and expects it intact, holding `expected`
/// and `markers` rows of `fault_marker`.
private func expectDatabase(
    at path: String, holds expected: DatabaseSnapshot, markers: Int, _ context: String, _ location: SourceLocation
) throws {
    let db = try Connection(path)
    defer { try? db.close() }
    // Rolling back a journal left behind need not reach the disk either.
    try db.execute("PRAGMA synchronous = OFF")
    let integrity = try db.scalar("PRAGMA integrity_check") as? String
    #expect(integrity == "ok", "\(context): integrity_check says \(integrity ?? "nothing")", sourceLocation: location)
    let found = try snapshot(of: db)
    #expect(found.schema == expected.schema, "\(context): schema differs", sourceLocation: location)
    if found.rows != expected.rows {
        let missing = expected.rows.filter { !found.rows.contains($0) }
        let extra = found.rows.filter { !expected.rows.contains($0) }
        Issue.record(
            "\(context): rows differ; missing \(missing.prefix(5)) (\(missing.count)), extra \(extra.prefix(5)) (\(extra.count))",
            sourceLocation: location)
    }
    let markerCount = try db.scalar("SELECT count(*) FROM fault_marker") as? Int64
    #expect(markerCount == Int64(markers), "\(context): fault_marker rows", sourceLocation: location)
}

/// Replaces the database at `destination` (and any journal, log or shared memory left with it)
/// with a copy of the one at `source`.
private func copyDatabase(_ source: String, to destination: String) throws {
    for suffix in ["", "-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: destination + suffix) {
        try FileManager.default.removeItem(atPath: destination + suffix)
    }
    try FileManager.default.copyItem(atPath: source, toPath: destination)
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
private func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "SQLiteFaultTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

import FaultInjection
import Foundation
import SQLite
import Testing

/// One setting of the power-loss matrix: a journal mode and `synchronous`, or a preset of the
/// package's (a ``DatabasePool`` with that ``Configuration``).
struct PowerLossCell: Sendable, CustomStringConvertible {
    enum Setup: Sendable {
        case pragmas(journalMode: String, synchronous: String)
        case preset(String, @Sendable () -> Configuration)
    }

    let setup: Setup
    /// Whether SQLite documents that a commit acknowledged before a power loss survives it.
    let durable: Bool
    /// Whether SQLite documents that a power loss may corrupt the database: a rollback journal
    /// with `synchronous = NORMAL` ("a very small (though non-zero) chance that a power failure
    /// at just the wrong time could corrupt the database"). Such points are counted and printed,
    /// not failed; everywhere else a corrupt database fails the test.
    var mayCorrupt: Bool {
        if case .pragmas(let mode, "NORMAL") = setup { return mode != "WAL" }
        return false
    }

    var description: String {
        switch setup {
        case .pragmas(let mode, let synchronous): "\(mode)+\(synchronous)"
        case .preset(let name, _): name
        }
    }

    /// The matrix: rollback journals with NORMAL, FULL and EXTRA; WAL with NORMAL and FULL; the
    /// presets. Durable per SQLite's documentation of `PRAGMA synchronous`: WAL with FULL; a
    /// rollback journal with FULL, except DELETE, where only EXTRA syncs the directory after
    /// deleting the journal ("EXTRA provides additional durability if the commit is followed
    /// closely by a power loss"). Elsewhere a commit may be lost, never torn.
    static let all: [PowerLossCell] =
        ["DELETE", "TRUNCATE", "PERSIST"].flatMap { mode in
            ["NORMAL", "FULL", "EXTRA"].map { synchronous in
                PowerLossCell(
                    setup: .pragmas(journalMode: mode, synchronous: synchronous),
                    durable: synchronous == "EXTRA" || (synchronous == "FULL" && mode != "DELETE"))
            }
        } + [
            PowerLossCell(setup: .pragmas(journalMode: "WAL", synchronous: "NORMAL"), durable: false),
            PowerLossCell(setup: .pragmas(journalMode: "WAL", synchronous: "FULL"), durable: true),
            PowerLossCell(setup: .preset("Configuration()", { Configuration() }), durable: false),
            PowerLossCell(setup: .preset("Configuration.litestream", { .litestream }), durable: false),
        ]
}

/// The power-loss suite: for every cell of ``PowerLossCell/all``, a workload of numbered
/// transactions through a ``CrashVFS`` that loses power at evenly spread writes or syncs; after
/// each crash the files are reopened with the default VFS and checked: `integrity_check` is ok,
/// every transaction is all or nothing, the committed ones are a prefix of those attempted, and
/// in a durable cell every acknowledged commit is there.
///
/// `SWIFT_SQLITE_POWER_LOSS_POINTS` sets the crash points of a run across the matrix (default
/// 1,040; `.ci/run` lowers it under the sanitizers and on the system SQLite), and
/// `SWIFT_SQLITE_POWER_LOSS_SEED` the first seed (default 1). Each cell prints a `power-loss:`
/// line with its crash points, its seed range and the acknowledged commits it lost.
@Suite struct PowerLossTests {
    static let environment = ProcessInfo.processInfo.environment
    static let totalPoints = environment["SWIFT_SQLITE_POWER_LOSS_POINTS"].flatMap(Int.init) ?? 1040
    static let firstSeed = environment["SWIFT_SQLITE_POWER_LOSS_SEED"].flatMap(UInt64.init) ?? 1
    static let transactions = 5
    static let rowsPerTransaction = 6

    @Test(arguments: PowerLossCell.all.indices)
    func everyCrashLeavesACommittedPrefix(cellIndex: Int) throws {
        let cell = PowerLossCell.all[cellIndex]
        let operations = try Self.run(cell, crashAt: nil, seed: 0).operations
        #expect(operations > 0)
        let points = max(1, Self.totalPoints / PowerLossCell.all.count)
        let firstSeed = Self.firstSeed + UInt64(cellIndex) * 1_000_000
        var lost = 0
        var corrupt = 0
        var crashes = 0
        for point in 0..<points {
            // Spread over the whole workload, from the first write to the last sync.
            let crashAt = 1 + (point * operations) / points
            let seed = firstSeed + UInt64(point)
            let outcome = try Self.run(cell, crashAt: crashAt, seed: seed)
            crashes += outcome.crashed ? 1 : 0
            let context =
                "cell \(cell), crash at operation \(crashAt) of \(operations), seed \(seed) (SWIFT_SQLITE_POWER_LOSS_SEED); acknowledged \(outcome.acknowledged), attempted \(outcome.attempted), found \(String(describing: outcome.committed)); \(outcome.problems.joined(separator: "; ")); files: \(outcome.files.joined(separator: "; "))"
            if cell.mayCorrupt, !outcome.problems.isEmpty {
                corrupt += 1
                print("power-loss finding: \(context)")
                continue
            }
            #expect(outcome.problems.isEmpty, "\(context)")
            guard let committed = outcome.committed else { continue }
            #expect(committed <= outcome.attempted, "\(context)")
            if committed < outcome.acknowledged {
                lost += 1
                #expect(!cell.durable, "acknowledged commit lost: \(context)")
            }
        }
        print(
            "power-loss: \(cell): \(points) crash points (\(crashes) lost power, of \(operations) writes and syncs), seeds \(firstSeed)...\(firstSeed + UInt64(points) - 1), acknowledged commits lost at \(lost) points, corrupt or torn at \(corrupt)\(cell.durable ? " (durable setting)" : "")"
        )
    }

    struct Outcome {
        var operations = 0
        var crashed = false
        var acknowledged = 0
        var attempted = 0
        /// The last transaction found after the crash; nil when the database could not be read.
        var committed: Int?
        var problems: [String] = []
        var files: [String] = []
    }

    /// Runs the workload through a crash VFS crashing at `crashAt`, recovers, and checks.
    static func run(_ cell: PowerLossCell, crashAt: Int?, seed: UInt64) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "PowerLoss-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        do {
            let db = try Connection(path)
            try db.execute(
                """
                CREATE TABLE t (txn INTEGER NOT NULL, n INTEGER NOT NULL, payload BLOB);
                CREATE INDEX t_txn ON t (txn);
                CREATE TABLE state (id INTEGER PRIMARY KEY, last INTEGER NOT NULL);
                INSERT INTO state VALUES (1, 0);
                """)
            if case .pragmas("WAL", _) = cell.setup { try db.execute("PRAGMA journal_mode = WAL") }
        }
        let vfs = try CrashVFS(crashAt: crashAt, seed: seed)
        var outcome = Outcome()
        let location = Connection.Location.uri(path, parameters: [.vfs(vfs.name)])
        func transaction(_ db: Connection, _ i: Int) throws {
            try db.transaction {
                for n in 0..<rowsPerTransaction {
                    try db.run("INSERT INTO t VALUES (?, ?, randomblob(?))", i, n, 600 + 37 * n)
                }
                // Rewrites the previous transaction's pages, which a rollback must restore.
                try db.run("UPDATE t SET n = n + 100, payload = randomblob(300) WHERE txn = ?", i - 1)
                try db.run("UPDATE state SET last = ? WHERE id = 1", i)
            }
        }
        switch cell.setup {
        case .pragmas(let mode, let synchronous):
            do {
                let db = try Connection(location)
                try db.execute("PRAGMA journal_mode = \(mode); PRAGMA synchronous = \(synchronous)")
                if mode == "WAL" { try db.execute("PRAGMA wal_autocheckpoint = 8") }
                for i in 1...transactions {
                    outcome.attempted = i
                    try transaction(db, i)
                    outcome.acknowledged = i
                }
            } catch {}
        case .preset(_, let configuration):
            var pool: DatabasePool?
            do {
                pool = try DatabasePool(location, configuration: configuration())
                for i in 1...transactions {
                    outcome.attempted = i
                    try pool?.writeWithoutTransaction { try transaction($0, i) }
                    outcome.acknowledged = i
                }
            } catch {}
            try? pool?.close()
            pool = nil
        }
        outcome.operations = vfs.operations
        outcome.crashed = vfs.crashed
        outcome.files = try vfs.recover()
        do {
            try check(path, into: &outcome)
        } catch {
            outcome.problems.append("reading the database after the crash: \(error)")
        }
        return outcome
    }

    /// The checks after a crash: integrity, all-or-nothing transactions, the last committed one.
    static func check(_ path: String, into outcome: inout Outcome) throws {
        let db = try Connection(path)
        let integrity = try db.scalar("PRAGMA integrity_check") as? String
        if integrity != "ok" { outcome.problems.append("integrity_check: \(integrity ?? "nil")") }
        guard let last = try db.scalar("SELECT last FROM state WHERE id = 1") as? Int64 else {
            outcome.problems.append("the state row is missing")
            return
        }
        let committed = Int(last)
        outcome.committed = committed
        // All or nothing: each transaction up to the last one committed has its rows, rewritten
        // by the next one when that committed too; none after it left anything.
        for i in 1...transactions {
            let count = try db.scalar("SELECT count(*) FROM t WHERE txn = ?", i) as? Int64 ?? -1
            let rewritten = try db.scalar("SELECT count(*) FROM t WHERE txn = ? AND n >= 100", i) as? Int64 ?? -1
            let expectedCount = i <= committed ? Int64(rowsPerTransaction) : 0
            let expectedRewritten = i < committed ? Int64(rowsPerTransaction) : 0
            if count != expectedCount || rewritten != expectedRewritten {
                outcome.problems.append(
                    "transaction \(i): \(count) rows (\(rewritten) rewritten), expected \(expectedCount) (\(expectedRewritten))"
                )
            }
        }
    }
}

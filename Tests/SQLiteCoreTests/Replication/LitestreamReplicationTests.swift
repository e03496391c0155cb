import Foundation
import SQLiteCore
import Testing

/// `litestream replicate` (0.5.17, the real binary) streams a database that a separate writer
/// process fills through a `DatabasePool` with `Configuration.litestream`; the writer and then
/// Litestream are killed with SIGKILL, as a machine dies, and `litestream restore` must give a
/// sound database holding a gap-free prefix of the writer's transactions, none of them torn,
/// with every transaction acknowledged before Litestream last reported the replica in sync.
///
/// Needs `scripts/install-litestream.sh` (CI runs it, and fails if these tests are skipped).
@Suite(.enabled(if: LitestreamTools.missing == nil, Comment(rawValue: LitestreamTools.missing ?? "")))
struct LitestreamReplicationTests {
    /// Streams while the writer commits `commits` transactions (and what `arguments` asks
    /// for), crashes, restores, and checks the restored ledger against what was acknowledged.
    @discardableResult
    func crashAndRestore(writerArguments: [String] = [], commits: Int = 40) async throws -> WriterReport {
        try await withTemporaryDirectory { directory in
            let run = ReplicationRun(in: directory)
            let resume = directory.path("resume")
            // The writer pauses after the middle commit until Litestream reports the replica in
            // sync (a writer committing every few milliseconds can keep it a step behind for
            // good), then goes on, and the crash comes mid-stream after real syncing.
            try await run.start(
                writerArguments: writerArguments + ["--pause-after", "\(commits / 2)", "--resume", resume])
            let paused = try await eventually(within: 30) { run.writerReport.pausedAt != nil }
            try #require(paused, "the writer never paused: \(run.errors)")
            // Wait for a sync that started after the commit before the middle one was
            // acknowledged: Litestream may have read the middle commit just before the writer
            // printed it, and syncs nothing more while the writer is paused.
            let middle = try #require(run.writerReport.commits.first { $0.number == commits / 2 - 1 }?.time)
            let synced = try await eventually(within: 30) { (run.log.syncedBefore ?? 0) > middle }
            try #require(synced, "Litestream never caught up with commit \(commits / 2)")
            _ = FileManager.default.createFile(atPath: resume, contents: nil)
            try await run.waitForCommit(commits)
            try await run.crash()
            let report = run.writerReport
            let restored = try RestoredLedger(path: try await run.restore(name: "restored.sqlite"))
            #expect(restored.integrity == ["ok"])
            #expect(restored.partial.isEmpty, "torn transactions: \(restored.partial)")
            #expect(restored.isGapFreePrefix, "not 1...n: \(restored.commits)")
            let syncedBefore = try #require(run.log.syncedBefore, "Litestream never reported the replica in sync")
            let acknowledged = report.commits.filter { $0.time < syncedBefore }.map(\.number).max() ?? 0
            // Else the test proved nothing: the crash came before any commit could be synced.
            #expect(acknowledged > 0, "no commit was acknowledged before the last sync")
            #expect(restored.commits.count >= acknowledged, "commits up to \(acknowledged) were synced")
            // At most the one transaction that committed before the writer could print it.
            #expect(restored.commits.count <= report.lastCommit + 1)
            return report
        }
    }

    @Test(oneMinuteLimit) func aKilledWriterRestoresToAPrefixOfItsCommits() async throws {
        try await crashAndRestore()
    }

    /// The library's automatic (passive) checkpoints on, every 4 pages, beside Litestream's.
    @Test(oneMinuteLimit) func automaticCheckpointsKeepTheReplicaWhole() async throws {
        try await crashAndRestore(writerArguments: ["--automatic-checkpoints", "4"])
    }

    /// An explicit checkpoint after every 20th commit; returns its result lines.
    func checkpointing(_ mode: Connection.WALCheckpointMode) async throws -> [[String]] {
        let report = try await crashAndRestore(writerArguments: ["--checkpoint", mode.rawValue], commits: 30)
        let checkpoints = report.checkpoints
        #expect(!checkpoints.isEmpty)
        return checkpoints
    }

    /// A passive checkpoint copies what Litestream already read and never waits.
    @Test(oneMinuteLimit) func passiveCheckpointsKeepTheReplicaWhole() async throws {
        for checkpoint in try await checkpointing(.passive) {
            let seconds = try #require(checkpoint.last.flatMap(Double.init))
            #expect(checkpoint[1] == "false")
            #expect(seconds < 2.5, "a passive checkpoint waited \(seconds) s")
        }
    }

    /// FULL, RESTART and TRUNCATE wait for Litestream's read transaction: they hold the
    /// writes for up to the busy timeout, then report `busy` (documented in Replication.md).
    func blockingCheckpointKeepsTheReplicaWhole(_ mode: Connection.WALCheckpointMode) async throws {
        for checkpoint in try await checkpointing(mode) {
            let seconds = try #require(checkpoint.last.flatMap(Double.init))
            if checkpoint[1] == "true" {
                #expect(seconds > 4, "\(mode) reported busy after \(seconds) s, before the 5 s busy timeout")
            }
        }
    }

    @Test(oneMinuteLimit) func fullCheckpointsKeepTheReplicaWhole() async throws {
        try await blockingCheckpointKeepsTheReplicaWhole(.full)
    }

    @Test(oneMinuteLimit) func restartCheckpointsKeepTheReplicaWhole() async throws {
        try await blockingCheckpointKeepsTheReplicaWhole(.restart)
    }

    @Test(oneMinuteLimit) func truncateCheckpointsKeepTheReplicaWhole() async throws {
        try await blockingCheckpointKeepsTheReplicaWhole(.truncate)
    }

    /// `litestream restore -timestamp` at a moment between commits 25 and 26 (the writer
    /// paused there until Litestream had synced, with margin both sides) gives exactly 1...25.
    @Test(oneMinuteLimit) func pointInTimeRestoreGivesTheCommitsBeforeTheMoment() async throws {
        try await withTemporaryDirectory { directory in
            let run = ReplicationRun(in: directory)
            let resume = directory.path("resume")
            try await run.start(writerArguments: ["--pause-after", "25", "--resume", resume])
            let paused = try await eventually(within: 30) { run.writerReport.pausedAt != nil }
            try #require(paused, "the writer never paused: \(run.errors)")
            // As in crashAndRestore: a sync started after commit 24 was acknowledged.
            let twentyFourth = try #require(run.writerReport.commits.first { $0.number == 24 }?.time)
            let synced = try await eventually(within: 30) { (run.log.syncedBefore ?? 0) > twentyFourth }
            try #require(synced, "Litestream did not sync commit 25")
            try await Task.sleep(nanoseconds: 200_000_000)
            let moment = unixNow()
            try await Task.sleep(nanoseconds: 200_000_000)
            _ = FileManager.default.createFile(atPath: resume, contents: nil)
            try await run.waitForCommit(40)
            try await run.crash()

            let atMoment = try RestoredLedger(path: try await run.restore(name: "moment.sqlite", timestamp: moment))
            #expect(atMoment.integrity == ["ok"])
            #expect(atMoment.partial.isEmpty)
            #expect(atMoment.commits == Array(1...25))
            let latest = try RestoredLedger(path: try await run.restore(name: "latest.sqlite"))
            #expect(latest.isGapFreePrefix && latest.commits.count >= 25)
        }
    }
}

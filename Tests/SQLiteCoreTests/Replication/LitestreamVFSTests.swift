import Foundation
import SQLiteCore
import Testing

#if LoadExtension
    /// Why the VFS test cannot run, or nil.
    private let vfsMissing: String? =
        LitestreamTools.missing
        ?? (LitestreamTools.vfsExtension == nil ? "litestream-vfs.so is not installed in .build/litestream" : nil)

    /// What the reader process printed.
    private struct ReaderReport {
        /// (seconds, rows, distinct commits, last commit) per `read` line.
        var reads: [(time: Double, rows: Int, commits: Int, last: Int)] = []
        var lines: [String] = []

        init(_ text: String) {
            for line in text.split(separator: "\n") {
                lines.append(String(line))
                let words = line.split(separator: " ")
                if words.first == "read", words.count == 5, let time = Double(words[1]), let rows = Int(words[2]),
                    let commits = Int(words[3]), let last = Int(words[4])
                {
                    reads.append((time, rows, commits, last))
                }
            }
        }

        var last: Int { reads.last?.last ?? 0 }
    }

    /// A read replica: a read-only `DatabaseQueue` opened through the Litestream VFS
    /// (`litestream-vfs.so` 0.5.17, trait `LoadExtension`) on the directory replica that
    /// `litestream replicate` streams to while the writer commits, reads the replicated rows and
    /// sees new commits within a bounded time.
    ///
    /// The reader is `ReplicationWriter --read-replica`, a process of its own: the extension's Go
    /// runtime reads only the environment its process started with, where
    /// `LITESTREAM_REPLICA_URL` must be, and once loaded it hooks every new connection of the
    /// process, which the other tests of this one should not get.
    @Suite(.enabled(if: vfsMissing == nil, Comment(rawValue: vfsMissing ?? "")))
    struct LitestreamVFSTests {
        @Test(oneMinuteLimit) func aReadReplicaThroughTheVFSSeesNewCommits() async throws {
            try await withTemporaryDirectory { directory in
                let run = ReplicationRun(in: directory)
                try await run.start()
                try await run.waitForCommit(10)
                let reader = try ChildProcess(
                    try #require(LitestreamTools.writer),
                    ["--read-replica", try #require(LitestreamTools.vfsExtension), "--seconds", "40"],
                    output: directory.path("reader.txt"), errors: directory.path("reader-errors.txt"),
                    environment: ["LITESTREAM_REPLICA_URL": run.replicaURL])
                let errors = {
                    (try? String(contentsOfFile: directory.path("reader-errors.txt"), encoding: .utf8)) ?? ""
                }
                let firstRead = try await eventually(within: 20) { ReaderReport(reader.output).last >= 1 }
                try #require(firstRead, "the VFS reader read nothing: \(reader.output) \(errors())")

                // Commits made after that read appear within a bounded time (the VFS polls).
                let target = run.writerReport.lastCommit + 10
                try await run.waitForCommit(target)
                let started = unixNow()
                let seen = try await eventually(within: 20) { ReaderReport(reader.output).last >= target }
                #expect(seen, "commit \(target) did not reach the VFS reader within 20 s: \(errors())")
                let lag = unixNow() - started
                #expect(lag < 20)
                try await reader.killHard()
                try await run.crash()

                let report = ReaderReport(reader.output)
                // Every read saw whole transactions, 1...last with none missing.
                for read in report.reads where read.last > 0 {
                    #expect(read.rows == read.commits * 4 && read.commits == read.last, "\(read)")
                }
                #expect(report.lines.contains("integrity ok"))
                #expect(report.lines.contains("write refused"))
                // A read-only DatabasePool refuses the VFS: it reports a rollback journal, not WAL.
                #expect(report.lines.contains { $0.hasPrefix("pool refused") })
            }
        }
    }
#endif

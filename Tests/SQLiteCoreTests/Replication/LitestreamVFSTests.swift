import Foundation
import SQLiteCore
import Testing

#if LoadExtension
    /// The Litestream VFS extension, loaded once for the process: it registers the `litestream`
    /// VFS for every connection, and a Go library cannot be unloaded, so the connection that
    /// loaded it stays open. It reads its replica's URL from `LITESTREAM_REPLICA_URL` when it
    /// loads, so that is set first. Nil, with the error, when loading failed.
    private let vfsLoader: (connection: Connection?, error: String?) = {
        guard let library = LitestreamTools.vfsExtension else { return (nil, "litestream-vfs.so is not installed") }
        do {
            let db = try Connection()
            try db.enableLoadExtension(true)
            try db.loadExtension(library, entryPoint: "sqlite3_litestreamvfs_init")
            try db.enableLoadExtension(false)
            return (db, nil)
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// Why the VFS test cannot run, or nil.
    private let vfsMissing: String? =
        LitestreamTools.missing
        ?? (LitestreamTools.vfsExtension == nil ? "litestream-vfs.so is not installed in .build/litestream" : nil)

    /// A read replica: a read-only `DatabaseQueue` opened through the Litestream VFS
    /// (`litestream-vfs.so` 0.5.17, trait `LoadExtension`) on the file replica that
    /// `litestream replicate` streams to while the writer commits, reads the replicated rows and
    /// sees new commits within a bounded time.
    @Suite(.enabled(if: vfsMissing == nil, Comment(rawValue: vfsMissing ?? "")))
    struct LitestreamVFSTests {
        @Test(oneMinuteLimit) func aReadReplicaThroughTheVFSSeesNewCommits() async throws {
            try await withTemporaryDirectory { directory in
                let run = ReplicationRun(in: directory)
                try await run.start()
                try await run.waitForCommit(10)
                // One test per process uses the VFS, and the extension reads this at load.
                setenv("LITESTREAM_REPLICA_URL", run.replicaURL, 1)
                try #require(vfsLoader.connection != nil, "loading the VFS failed: \(vfsLoader.error ?? "")")

                var configuration = Configuration()
                configuration.readonly = true
                let replica = try DatabaseQueue(
                    .uri("replica.sqlite", parameters: [.vfs("litestream")]), configuration: configuration)
                defer { try? replica.close() }
                let ledger = "SELECT count(*), count(DISTINCT commitNumber), max(commitNumber) FROM ledger"
                func readLedger() throws -> (rows: Int64, commits: Int64, last: Int64) {
                    try replica.read { db in
                        let row = try db.selectAll(sql: ledger)[0]
                        func integer(_ value: SQLValue) -> Int64 {
                            if case .integer(let number) = value { return number }
                            return 0
                        }
                        return (integer(row[0]), integer(row[1]), integer(row[2]))
                    }
                }
                let first = try readLedger()
                #expect(first.last >= 1)
                #expect(first.rows == first.commits * 4, "a torn transaction through the VFS")
                #expect(first.commits == first.last, "a gap through the VFS")

                // Commits made after that read appear within a bounded time (the VFS polls).
                let target = Int64(run.writerReport.lastCommit + 10)
                try await run.waitForCommit(Int(target))
                let started = unixNow()
                let seen = try await eventually(within: 20) { try readLedger().last >= target }
                #expect(seen, "commit \(target) did not reach the VFS reader within 20 s")
                let lag = unixNow() - started
                #expect(lag < 20)
                let latest = try readLedger()
                #expect(latest.rows == latest.commits * 4 && latest.commits == latest.last)

                // Read-only: a write fails, and the replica is a sound database.
                #expect(throws: Result.self) {
                    try replica.writeWithoutTransaction { db in try db.execute("DELETE FROM ledger") }
                }
                let integrity = try replica.read { db in try db.scalar("PRAGMA integrity_check") as? String }
                #expect(integrity == "ok")

                // A read-only DatabasePool refuses it: the VFS reports a rollback journal, not WAL.
                #expect(throws: Result.self) {
                    _ = try DatabasePool(
                        .uri("replica.sqlite", parameters: [.vfs("litestream")]), configuration: configuration)
                }
                try await run.crash()
            }
        }
    }
#endif

import Foundation
import SQLiteCore
import Testing

/// `Configuration.litestream`: the settings Litestream asks of an application, and what a
/// checkpoint does while another process holds a read transaction open, as Litestream does
/// between its own checkpoints. (The tests with the real binaries are in `Replication/`.)
@Suite struct ConfigurationLitestreamTests {
    @Test func thePresetWaitsFiveSecondsAndLeavesCheckpointsToLitestream() {
        let configuration = Configuration.litestream
        #expect(configuration.busyTimeout == 5)
        #expect(configuration.automaticCheckpointPages == 0)
        #expect(configuration.prepareDatabase != nil)
        #expect(!configuration.readonly)
    }

    @Test func aQueueIsSwitchedToWALWithoutAutomaticCheckpoints() throws {
        try withTemporaryDirectory { directory in
            let queue = try DatabaseQueue(path: directory.path("app.sqlite"), configuration: .litestream)
            let settings = try queue.read { db in
                (
                    db.journalMode, db.synchronous, db.walAutoCheckpoint,
                    try db.scalar("PRAGMA busy_timeout") as? Int64
                )
            }
            #expect(settings.0 == .wal)
            #expect(settings.1 == .normal)
            #expect(settings.2 == 0)
            #expect(settings.3 == 5000)
        }
    }

    @Test func aPoolsWriterAndReadersGetTheSettings() throws {
        try withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory.path("app.sqlite"), configuration: .litestream)
            try pool.write { db in try db.execute("CREATE TABLE t (x)") }
            let writer = try pool.writeWithoutTransaction { db in (db.walAutoCheckpoint, db.synchronous) }
            #expect(writer.0 == 0)
            #expect(writer.1 == .normal)
            let reader = try pool.read { db in try db.scalar("PRAGMA busy_timeout") as? Int64 }
            #expect(reader == 5000)
        }
    }

    @Test func aReadOnlyQueueOpensWithThePreset() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("app.sqlite")
            let pool = try DatabasePool(path: path, configuration: .litestream)
            try pool.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
            var configuration = Configuration.litestream
            configuration.readonly = true
            let replica = try DatabaseQueue(path: path, configuration: configuration)
            #expect(try replica.read { db in try db.scalar("SELECT x FROM t") as? Int64 } == 1)
            try replica.close()
            try pool.close()
        }
    }

    /// What Replication.md documents: with a reader holding an old snapshot open (Litestream's
    /// read transaction), a passive checkpoint returns at once with part of the log copied;
    /// FULL, RESTART and TRUNCATE wait the busy timeout, then report busy, without an error.
    @Test func checkpointsBesideALongReadTransaction() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("app.sqlite")
            var configuration = Configuration.litestream
            configuration.busyTimeout = 0.2
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in try db.execute("CREATE TABLE t (x)") }
            // Another process's reader, as Litestream keeps one between its checkpoints.
            let litestream = try Connection(path)
            try litestream.execute("BEGIN")
            _ = try litestream.scalar("SELECT count(*) FROM t")
            try pool.write { db in try db.run("INSERT INTO t VALUES (?)", 1) }

            let passiveStart = Date()
            let passive = try pool.checkpoint(.passive)
            #expect(!passive.busy)
            #expect(passive.checkpointed < passive.log)
            #expect(Date().timeIntervalSince(passiveStart) < 0.2)
            for mode in [Connection.WALCheckpointMode.full, .restart, .truncate] {
                let started = Date()
                let result = try pool.checkpoint(mode)
                #expect(result.busy, "\(mode)")
                #expect(Date().timeIntervalSince(started) >= 0.15, "\(mode) did not wait for the reader")
            }
            try litestream.execute("COMMIT")
            try litestream.close()
            // Once the reader is gone, a checkpoint completes.
            let after = try pool.checkpoint(.truncate)
            #expect(!after.busy)
            try pool.close()
        }
    }
}

import Foundation
import SQLiteCore
import Testing

/// Journal modes, `enableWAL()`, checkpoints and their settings, against real files.
@Suite struct WALTests {
    @Test func journalModesAreNestedWithSQLitesSpelling() {
        let modes: [Connection.JournalMode] = [.delete, .truncate, .persist, .memory, .wal, .off]
        #expect(modes.map(\.rawValue) == ["delete", "truncate", "persist", "memory", "wal", "off"])
        #expect(Connection.JournalMode.allCases == modes)
        // The earlier top-level names still work.
        let mode: JournalMode = .wal
        #expect(mode == Connection.JournalMode.wal)
        let level: Connection.Synchronous = .normal
        #expect(level == Synchronous.normal)
        #expect(Connection.WALCheckpointMode.allCases.map(\.rawValue) == ["PASSIVE", "FULL", "RESTART", "TRUNCATE"])
    }

    @Test func enableWALReturnsTheModeInEffect() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("wal.sqlite3"))
            #expect(try db.enableWAL() == .wal)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            #expect(try db.scalar("PRAGMA synchronous") as? Int64 == 1)
        }
        for db in [try Connection(), try Connection(.temporary)] {
            let before = try db.scalar("PRAGMA journal_mode") as? String
            db.synchronous = .off
            let mode = try db.enableWAL()
            #expect(mode.rawValue == before)
            #expect(mode != .wal)
            #expect(db.synchronous == .off)
        }
    }

    @Test func readOnlyOpenSkipsTheJournalModeChange() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("readonly.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            let readonly = try Connection(path, readonly: true, journalMode: .wal)
            #expect(readonly.readonly)
            #expect(readonly.journalMode == .delete)
            #expect(try readonly.scalar("SELECT count(*) FROM t") as? Int64 == 1)
            // The read-only URI form too.
            let uri = try Connection(.uri("file:\(path)?mode=ro"), journalMode: .wal)
            #expect(uri.readonly)
            #expect(uri.journalMode == .delete)
            #expect(try uri.scalar("SELECT x FROM t") as? Int64 == 1)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func inMemoryAndTemporaryOpensKeepTheirMode() throws {
        let memory = try Connection(.inMemory, journalMode: .wal)
        #expect(memory.journalMode == .memory)
        #expect(memory.synchronous == .full)
        let temporary = try Connection(.temporary, journalMode: .truncate)
        // A build whose temporary databases live in memory (SQLCipher's, SQLITE_TEMP_STORE=2)
        // journals them in memory too.
        let temporaryInMemory = CompileOptions.all.contains { $0 == "TEMP_STORE=2" || $0 == "TEMP_STORE=3" }
        #expect(temporary.journalMode == (temporaryInMemory ? .memory : .delete))
        let named = try Connection(":memory:", journalMode: .wal)
        #expect(named.journalMode == .memory)
    }

    @Test func walAutoCheckpointReadsAndWrites() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("auto.sqlite3"), journalMode: .wal)
            #expect(db.walAutoCheckpoint == 1000)
            db.walAutoCheckpoint = 10
            #expect(db.walAutoCheckpoint == 10)
            #expect(try db.scalar("PRAGMA wal_autocheckpoint") as? Int64 == 10)
            db.walAutoCheckpoint = 0
            #expect(db.walAutoCheckpoint == 0)
        }
    }

    @Test(arguments: Connection.WALCheckpointMode.allCases)
    func walCheckpointCopiesTheLog(mode: Connection.WALCheckpointMode) throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("checkpoint.sqlite3")
            let db = try Connection(path, journalMode: .wal)
            db.walAutoCheckpoint = 0
            try db.execute("CREATE TABLE t (x)")
            try db.transaction {
                for value in 0..<100 {
                    try db.run("INSERT INTO t VALUES (?)", Blob(bytes: [UInt8](repeating: UInt8(value), count: 500)))
                }
            }
            let result = try db.walCheckpoint(mode: mode)
            #expect(!result.busy)
            if mode == .truncate {
                // The log is truncated to nothing once copied.
                #expect(result.log == 0 && result.checkpointed == 0)
                let size = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
                #expect(size == 0)
            } else {
                #expect(result.log > 0)
                #expect(result.checkpointed == result.log)
            }
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 100)
            // Every frame copied: a reopened database sees the rows without the log.
            let again = try db.walCheckpoint(mode: .passive, schema: "main")
            #expect(again.checkpointed == again.log)
        }
    }

    @Test func walCheckpointReportsAReaderKeepingItBusy() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("busy.sqlite3")
            let db = try Connection(path, journalMode: .wal)
            db.walAutoCheckpoint = 0
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            // A reader holding a snapshot keeps a later write from being copied.
            let reader = try Connection(path)
            let reading = try reader.prepare("SELECT x FROM t")
            #expect(try reading.step())
            try db.run("INSERT INTO t VALUES (2)")
            let passive = try db.walCheckpoint()
            #expect(!passive.busy)
            #expect(passive.checkpointed < passive.log)
            let restart = try db.walCheckpoint(mode: .restart)
            #expect(restart.busy)
            reading.reset()
            let done = try db.walCheckpoint(mode: .restart)
            #expect(!done.busy)
            #expect(done.checkpointed == done.log)
        }
    }

    @Test func walCheckpointOutsideWALModeAndForAnUnknownSchema() throws {
        let db = try Connection()
        let result = try db.walCheckpoint()
        #expect(result == (busy: false, log: -1, checkpointed: -1))
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.walCheckpoint(schema: "nowhere") }
        #expect(error?.message.contains("nowhere") == true)
    }
}

import SQLiteCore
import Testing

@Suite struct WALHookTests {
    struct Call: Equatable, Sendable {
        var database: String
        var pages: Int
    }

    @Test func walHookReportsEachCommitWithTheLogSize() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("db.sqlite"))
            #expect(try db.enableWAL() == .wal)
            try db.execute("CREATE TABLE t (x)")
            let calls = Locked<[Call]>([])
            db.walHook { database, pages in calls.withLock { $0.append(Call(database: database, pages: pages)) } }
            try db.run("INSERT INTO t VALUES (1)")
            try db.run("INSERT INTO t VALUES (2)")
            _ = try db.scalar("SELECT count(*) FROM t")  // reads add nothing to the log
            let seen = calls.value
            #expect(seen.count == 2)
            #expect(seen.allSatisfy { $0.database == "main" })
            // The log grows: no automatic checkpoint empties it while the hook is set.
            #expect(seen[0].pages > 0 && seen[1].pages > seen[0].pages)
            db.walHook(nil)
            try db.run("INSERT INTO t VALUES (3)")
            #expect(calls.value.count == 2)
        }
    }

    @Test func settingTheHookTurnsAutomaticCheckpointsOffAndRemovingItRestoresTheDefault() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("db.sqlite"))
            _ = try db.enableWAL()
            db.walAutoCheckpoint = 50
            #expect(db.walAutoCheckpoint == 50)
            db.walHook { _, _ in }
            #expect(db.walAutoCheckpoint == 0)
            db.walHook(nil)
            #expect(db.walAutoCheckpoint == 1000)
            // Setting the automatic checkpoint afterwards replaces the hook.
            let calls = Locked(0)
            db.walHook { _, _ in calls.withLock { $0 += 1 } }
            db.walAutoCheckpoint = 10
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(calls.value == 0)
            #expect(db.walAutoCheckpoint == 10)
        }
    }

    @Test func throwingFailsTheCommittingStatementButKeepsTheCommit() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("db.sqlite"))
            _ = try db.enableWAL()
            try db.execute("CREATE TABLE t (x)")
            db.walHook { _, _ in throw TestError(text: "log too big") }
            let error = expectResult(code: SQLITE_ERROR) { try db.run("INSERT INTO t VALUES (1)") }
            #expect(error?.message == "the WAL hook failed after the commit: log too big")
            db.walHook { _, _ in throw Result.misuse("disk full", code: SQLITE_FULL) }
            let full = expectResult(code: SQLITE_ERROR) { try db.run("INSERT INTO t VALUES (2)") }
            #expect(full?.message == "the WAL hook failed after the commit: disk full")
            db.walHook(nil)
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
            #expect(db.autocommit)
        }
    }

    @Test func theHookIsReleasedWhenReplacedAndWhenTheConnectionCloses() throws {
        let first = Locked(false)
        let second = Locked(false)
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("db.sqlite"))
            _ = try db.enableWAL()
            do {
                let a = Tracked(first)
                db.walHook { _, _ in _ = a.touch() }
                let b = Tracked(second)
                db.walHook { _, _ in _ = b.touch() }
            }
            #expect(first.value)
            #expect(!second.value)
            try db.close()
            #expect(second.value)
        }
    }
}

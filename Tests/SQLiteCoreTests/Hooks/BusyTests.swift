import Foundation
import SQLiteCore
import Testing

@Suite struct BusyTests {
    /// Two connections to one file database; the first holds a write transaction.
    private func withLockedDatabase(
        journalMode: JournalMode = .delete, _ body: (_ holder: Connection, _ waiter: Connection) throws -> Void
    ) throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("busy.sqlite3")
            let holder = try Connection(path, journalMode: journalMode)
            try holder.execute("CREATE TABLE t (x)")
            let waiter = try Connection(path)
            try holder.execute("BEGIN IMMEDIATE")
            try holder.run("INSERT INTO t VALUES (?)", "holder")
            try body(holder, waiter)
        }
    }

    @Test(arguments: [JournalMode.delete, .wal])
    func writeFailsWithBusyWithoutATimeout(journalMode: JournalMode) throws {
        try withLockedDatabase(journalMode: journalMode) { holder, waiter in
            #expect(waiter.busyTimeout == 0)
            let error = expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (?)", "waiter") }
            #expect(error?.message.contains("locked") == true)
            // Reading is fine, and does not see the uncommitted row.
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 0)
            try holder.execute("COMMIT")
            try waiter.run("INSERT INTO t VALUES (?)", "waiter")
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [JournalMode.delete, .wal])
    func busyTimeoutOutlastsAReleaseFromAnotherThread(journalMode: JournalMode) throws {
        try withLockedDatabase(journalMode: journalMode) { holder, waiter in
            waiter.busyTimeout = 10
            #expect(waiter.busyTimeout == 10)
            let committed = Locked<Bool?>(nil)
            let releaser = Thread {
                usleep(200_000)
                committed.withLock { $0 = (try? holder.execute("COMMIT")) != nil }
            }
            let start = Date()
            releaser.start()
            try waiter.run("INSERT INTO t VALUES (?)", "waiter")
            let waited = Date().timeIntervalSince(start)
            #expect(waited >= 0.15)
            #expect(waited < 10)
            #expect(waitUntil { committed.value != nil })
            #expect(committed.value == true)
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [Double.infinity, 1e12, Double(Int32.max)])
    func hugeBusyTimeoutWaitsInsteadOfCrashing(timeout: Double) throws {
        try withLockedDatabase { holder, waiter in
            waiter.busyTimeout = timeout
            #expect(waiter.busyTimeout == timeout)
            // The waiter holds a shared lock for an instant at each retry: the holder's COMMIT
            // waits it out rather than failing (and leaving the waiter to retry in vain).
            holder.busyTimeout = 5
            let releaser = Thread {
                usleep(100_000)
                try? holder.execute("COMMIT")
            }
            releaser.start()
            try waiter.run("INSERT INTO t VALUES (1)")
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [-1.0, -Double.infinity, Double.nan])
    func negativeOrNaNBusyTimeoutFailsAtOnce(timeout: Double) throws {
        try withLockedDatabase { holder, waiter in
            waiter.busyTimeout = timeout
            let start = Date()
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(Date().timeIntervalSince(start) < 1)
            try holder.execute("COMMIT")
        }
    }

    @Test func busyTimeoutThatIsTooShortStillFails() throws {
        try withLockedDatabase { holder, waiter in
            waiter.busyTimeout = 0.1
            let start = Date()
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(Date().timeIntervalSince(start) >= 0.08)
            try holder.execute("ROLLBACK")
        }
    }

    @Test func busyHandlerIsCalledWithIncreasingTries() throws {
        try withLockedDatabase { holder, waiter in
            let tries = Locked<[Int]>([])
            waiter.busyHandler { count in
                tries.withLock { $0.append(count) }
                return count < 3
            }
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(tries.value == [0, 1, 2, 3])
            try holder.execute("COMMIT")
        }
    }

    @Test func busyHandlerRetriesUntilTheLockIsReleased() throws {
        try withLockedDatabase { holder, waiter in
            let tries = Locked(0)
            waiter.busyHandler { count in
                tries.withLock { $0 = count }
                usleep(5000)
                return count < 2000
            }
            // The waiter holds a shared lock for an instant at each retry: the holder's COMMIT
            // waits it out rather than failing (and leaving the waiter to retry in vain).
            holder.busyTimeout = 5
            let releaser = Thread {
                usleep(100_000)
                try? holder.execute("COMMIT")
            }
            releaser.start()
            try waiter.run("INSERT INTO t VALUES (1)")
            #expect(tries.value > 0)
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test func busyTimeoutAndBusyHandlerReplaceEachOther() throws {
        try withLockedDatabase { holder, waiter in
            let calls = Locked(0)
            waiter.busyHandler { _ in
                calls.withLock { $0 += 1 }
                return false
            }
            waiter.busyTimeout = 0.05
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 0)
            waiter.busyHandler { _ in
                calls.withLock { $0 += 1 }
                return false
            }
            #expect(waiter.busyTimeout == 0)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 1)
            waiter.busyHandler(nil)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 1)
            try holder.execute("COMMIT")
        }
    }

    @Test func immediateTransactionFailsAtBeginWhenBusy() throws {
        try withLockedDatabase { holder, waiter in
            let ran = Locked(false)
            expectResult(code: SQLITE_BUSY) {
                try waiter.transaction(.immediate) { ran.withLock { $0 = true } }
            }
            #expect(!ran.value)
            #expect(!waiter.isInTransaction)
            try holder.execute("COMMIT")
            try waiter.transaction(.exclusive) { ran.withLock { $0 = true } }
            #expect(ran.value)
        }
    }
}

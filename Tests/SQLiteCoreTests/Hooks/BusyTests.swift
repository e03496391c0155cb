import Dispatch
import Foundation
import SQLiteCore
import Testing

/// The tests order their threads by events (SQLite's busy handler or busy-timeout sleep is
/// running), never by delays, and assert what SQLite did (how often it retried, how long it
/// asked to sleep), never the time that passed: they give the same answer on a loaded machine.
@Suite struct BusyTests {
    /// Two connections to one file database; the first holds a write transaction. The waiter
    /// is opened through a ``SleepWatchingVFS``, which sees each sleep of its busy timeout.
    private func withLockedDatabase(
        journalMode: JournalMode = .delete,
        _ body: (_ holder: Connection, _ waiter: Connection, _ vfs: SleepWatchingVFS) throws -> Void
    ) throws {
        try withTemporaryDirectory { directory in
            try SleepWatchingVFS.with { vfs in
                let path = directory.path("busy.sqlite3")
                let holder = try Connection(path, journalMode: journalMode)
                try holder.execute("CREATE TABLE t (x)")
                let waiter = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
                try holder.execute("BEGIN IMMEDIATE")
                try holder.run("INSERT INTO t VALUES (?)", "holder")
                try body(holder, waiter, vfs)
            }
        }
    }

    @Test(arguments: [JournalMode.delete, .wal])
    func writeFailsWithBusyWithoutATimeout(journalMode: JournalMode) throws {
        try withLockedDatabase(journalMode: journalMode) { holder, waiter, vfs in
            #expect(waiter.busyTimeout == 0)
            let error = expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (?)", "waiter") }
            #expect(error?.message.contains("locked") == true)
            #expect(vfs.sleeps.isEmpty, "failed at once, without waiting")
            // Reading is fine, and does not see the uncommitted row.
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 0)
            try holder.execute("COMMIT")
            try waiter.run("INSERT INTO t VALUES (?)", "waiter")
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [JournalMode.delete, .wal])
    func busyTimeoutOutlastsAReleaseFromAnotherThread(journalMode: JournalMode) throws {
        try withLockedDatabase(journalMode: journalMode) { holder, waiter, vfs in
            waiter.busyTimeout = 10
            #expect(waiter.busyTimeout == 10)
            let release = Release()
            vfs.whenFirstSleeping { release.waiterIsWaiting() }
            let committed = try release.commit(holder) { try waiter.run("INSERT INTO t VALUES (?)", "waiter") }
            #expect(committed)
            // Refused once, slept while the other thread committed, then wrote.
            #expect(vfs.sleeps.count == 1)
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [Double.infinity, 1e12, Double(Int32.max)])
    func hugeBusyTimeoutWaitsInsteadOfCrashing(timeout: Double) throws {
        try withLockedDatabase { holder, waiter, vfs in
            waiter.busyTimeout = timeout
            #expect(waiter.busyTimeout == timeout)
            let release = Release()
            vfs.whenFirstSleeping { release.waiterIsWaiting() }
            let committed = try release.commit(holder) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(committed)
            #expect(vfs.sleeps.count == 1)
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: [-1.0, -Double.infinity, Double.nan])
    func negativeOrNaNBusyTimeoutFailsAtOnce(timeout: Double) throws {
        try withLockedDatabase { holder, waiter, vfs in
            waiter.busyTimeout = timeout
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(vfs.sleeps.isEmpty)
            try holder.execute("COMMIT")
        }
    }

    @Test func busyTimeoutThatIsTooShortStillFails() throws {
        try withLockedDatabase { holder, waiter, vfs in
            waiter.busyTimeout = 0.1
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            // SQLite waited out the timeout, retrying in between, before giving up: the sleeps
            // it asked for add up to the timeout.
            #expect(vfs.sleeps.count > 1)
            #expect((80_000...100_000).contains(vfs.requestedMicroseconds), "\(vfs.sleeps)")
            try holder.execute("ROLLBACK")
        }
    }

    @Test func busyHandlerIsCalledWithIncreasingTries() throws {
        try withLockedDatabase { holder, waiter, vfs in
            let tries = Locked<[Int]>([])
            waiter.busyHandler { count in
                tries.withLock { $0.append(count) }
                return count < 3
            }
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(tries.value == [0, 1, 2, 3])
            #expect(vfs.sleeps.isEmpty, "a busy handler replaces SQLite's own waiting")
            try holder.execute("COMMIT")
        }
    }

    @Test func busyHandlerRetriesUntilTheLockIsReleased() throws {
        try withLockedDatabase { holder, waiter, _ in
            let tries = Locked<[Int]>([])
            let release = Release()
            waiter.busyHandler { count in
                tries.withLock { $0.append(count) }
                // At the third refusal, the other thread commits before this handler returns.
                if count == 2 { release.waiterIsWaiting() }
                return true
            }
            let committed = try release.commit(holder) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(committed)
            // Retried twice in vain, then once more after the commit, which succeeded.
            #expect(tries.value == [0, 1, 2])
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test func busyTimeoutAndBusyHandlerReplaceEachOther() throws {
        try withLockedDatabase { holder, waiter, vfs in
            let calls = Locked(0)
            waiter.busyHandler { _ in
                calls.withLock { $0 += 1 }
                return false
            }
            waiter.busyTimeout = 0.05
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 0)
            let timeoutSleeps = vfs.sleeps.count
            #expect(timeoutSleeps > 0, "the timeout waited instead")
            waiter.busyHandler { _ in
                calls.withLock { $0 += 1 }
                return false
            }
            #expect(waiter.busyTimeout == 0)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 1)
            #expect(vfs.sleeps.count == timeoutSleeps)
            waiter.busyHandler(nil)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(calls.value == 1)
            #expect(vfs.sleeps.count == timeoutSleeps)
            try holder.execute("COMMIT")
        }
    }

    @Test func immediateTransactionFailsAtBeginWhenBusy() throws {
        try withLockedDatabase { holder, waiter, _ in
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

/// Commits the holder's transaction on another thread at the moment the waiter waits for the
/// lock, and lets the waiter go on only once it has: the order of events is fixed, whatever
/// the machine's load.
private final class Release: Sendable {
    private let waiting = DispatchSemaphore(value: 0)
    private let committed = DispatchSemaphore(value: 0)
    private let reached = Locked(false)
    private let succeeded = Locked(false)

    /// Called by the waiter while it waits (from its busy handler, or its busy timeout's
    /// sleep): returns once the holder has committed. Only the first call does anything.
    func waiterIsWaiting() {
        let first = reached.withLock { reached in
            defer { reached = true }
            return !reached
        }
        guard first else { return }
        waiting.signal()
        committed.wait()
    }

    /// Runs `waiting` on this thread while another thread commits `holder`'s transaction when
    /// the waiter calls ``waiterIsWaiting()`` (or, should it never wait, when `waiting` is
    /// done); returns whether the COMMIT succeeded.
    func commit(_ holder: Connection, while waiting: () throws -> Void) throws -> Bool {
        let releaser = Thread { [self] in
            self.waiting.wait()
            let result = (try? holder.execute("COMMIT")) != nil
            succeeded.withLock { $0 = result }
            committed.signal()
        }
        releaser.start()
        var failure: (any Error)?
        do { try waiting() } catch { failure = error }
        // Does nothing if the waiter waited; else lets the releaser finish now.
        waiterIsWaiting()
        if let failure { throw failure }
        return succeeded.value
    }
}

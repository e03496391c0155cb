import SQLiteCore
import Testing

/// A statement that fails to prepare because another connection holds the database locked waits
/// (or asks the busy handler) once: reporting the error does not prepare anything on the
/// connection again. The tests count the busy handler's calls and the sleeps SQLite asks for,
/// never the time that passed.
@Suite struct PreparationBusyTests {
    /// A database file locked exclusively by one connection, and a second connection, opened
    /// through a ``SleepWatchingVFS``, that has not read the schema yet: preparing on it needs
    /// the lock.
    private func withExclusivelyLockedDatabase(
        _ body: (_ holder: Connection, _ waiter: Connection, _ vfs: SleepWatchingVFS) throws -> Void
    ) throws {
        try withTemporaryDirectory { directory in
            try SleepWatchingVFS.with { vfs in
                let path = directory.path("locked.sqlite3")
                let holder = try Connection(path)
                try holder.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
                let waiter = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
                try holder.execute("BEGIN EXCLUSIVE")
                try body(holder, waiter, vfs)
            }
        }
    }

    @Test func theBusyHandlerRunsOneRound() throws {
        try withExclusivelyLockedDatabase { holder, waiter, _ in
            let calls = Locked<[Int]>([])
            waiter.busyHandler { tries in
                calls.withLock { $0.append(tries) }
                return tries < 3
            }
            let sql = "SELECT x FROM t"
            let error = expectResult(code: SQLITE_BUSY) { _ = try waiter.prepare(sql) }
            #expect(calls.value == [0, 1, 2, 3])
            // The error still carries the SQL.
            #expect(error?.sql == sql)
            #expect(error?.statement?.sql == sql)
            #expect(error?.message == "database is locked")

            // Each way of preparing asks once.
            for prepare in [
                { _ = try waiter.scalar(sql) }, { try waiter.run(sql) }, { try waiter.execute(sql) },
                { _ = try waiter.cachedStatement(sql) },
            ] as [() throws -> Void] {
                calls.withLock { $0 = [] }
                expectResult(code: SQLITE_BUSY, performing: prepare)
                #expect(calls.value == [0, 1, 2, 3])
            }

            // Running the statement of the error reports the error again, without waiting.
            calls.withLock { $0 = [] }
            let statement = try #require(error?.statement)
            let again = expectResult(code: SQLITE_BUSY) { _ = try statement.step() }
            #expect(again?.sql == sql)
            #expect(calls.value.isEmpty)

            try holder.execute("COMMIT")
            #expect(try waiter.scalar(sql) as? Int64 == 1)
        }
    }

    @Test func theBusyTimeoutWaitsOnce() throws {
        try withExclusivelyLockedDatabase { _, waiter, vfs in
            waiter.busyTimeout = 0.2
            let error = expectResult(code: SQLITE_BUSY) { _ = try waiter.prepare("SELECT x FROM t") }
            #expect(error?.sql == "SELECT x FROM t")
            // SQLite's schedule for 200 ms: sleeps adding up to 200 ms, once.
            #expect(vfs.requestedMicroseconds == 200_000)
        }
    }

    /// While warnings are logged, the package waits in SQLite's stead and logs each wait: one.
    @Test func theLoggedBusyTimeoutWaitsOnce() throws {
        try withExclusivelyLockedDatabase { _, waiter, vfs in
            let entries = Locked<[LogEntry]>([])
            waiter.logging = LogConfiguration(level: .warning) { entry in entries.withLock { $0.append(entry) } }
            waiter.busyTimeout = 0.2
            expectResult(code: SQLITE_BUSY) { _ = try waiter.prepare("SELECT x FROM t") }
            let waits = entries.value.filter { $0.message.hasPrefix("database is locked: waiting") }
            #expect(waits.count == 1)
            #expect(vfs.requestedMicroseconds == 200_000)
            let failures = entries.value.filter { $0.code == SQLITE_BUSY }
            #expect(failures.count == 1)
            #expect(failures.first?.sql == "SELECT x FROM t")
        }
    }
}

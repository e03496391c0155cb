import Dispatch
import Foundation
import SQLiteCore
import Testing

@Suite struct ThreadSafetyTests {
    @Test func concurrentInsertsAndReadsOnOneConnection() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (thread INTEGER, value INTEGER)")
        let threads = 8
        let rowsPerThread = 200
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                for value in 0..<rowsPerThread {
                    try db.run("INSERT INTO t VALUES (?, ?)", thread, value)
                    if value % 20 == 0 {
                        let count = try db.scalar("SELECT count(*) FROM t WHERE thread = ?", thread) as? Int64
                        if count != Int64(value + 1) {
                            failures.withLock { $0.append("thread \(thread): \(String(describing: count))") }
                        }
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.value.isEmpty)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == Int64(threads * rowsPerThread))
        #expect(
            try db.scalar("SELECT sum(value) FROM t") as? Int64
                == Int64(threads * (rowsPerThread * (rowsPerThread - 1) / 2)))
        #expect(try db.scalar("SELECT count(DISTINCT thread) FROM t") as? Int64 == Int64(threads))
    }

    @Test func oneStatementSharedBetweenThreads() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (value INTEGER)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        let errors = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for value in 0..<100 {
                do { try insert.run(thread * 1000 + value) } catch { errors.withLock { $0 += 1 } }
            }
        }
        #expect(errors.value == 0)
        #expect(try db.scalar("SELECT count(DISTINCT value) FROM t") as? Int64 == 600)
    }

    @Test func cachedStatementsFromManyThreads() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (value INTEGER)")
        let errors = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for value in 0..<100 {
                do {
                    try db.withCachedStatement("INSERT INTO t VALUES (?)") { _ = try $0.run(thread * 1000 + value) }
                    _ = try db.withCachedStatement("SELECT count(*) FROM t") { try $0.scalar() }
                } catch {
                    errors.withLock { $0 += 1 }
                }
            }
        }
        #expect(errors.value == 0)
        #expect(try db.scalar("SELECT count(DISTINCT value) FROM t") as? Int64 == 600)
    }

    @Test func concurrentTasksOnOneConnection() async throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (task INTEGER, value INTEGER)")
        try await withThrowingTaskGroup(of: Int64.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for value in 0..<50 { try db.run("INSERT INTO t VALUES (?, ?)", task, value) }
                    return try db.scalar("SELECT count(*) FROM t WHERE task = ?", task) as? Int64 ?? -1
                }
            }
            for try await count in group { #expect(count == 50) }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 400)
    }

    @Test func transactionOnOneThreadMakesOthersWait() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (who TEXT)")
        let insideTransaction = DispatchSemaphore(value: 0)
        let otherCalling = DispatchSemaphore(value: 0)
        let otherDone = DispatchSemaphore(value: 0)
        let finished = Locked(false)
        let otherResult = Locked<String?>(nil)
        let other = Thread {
            insideTransaction.wait()
            otherCalling.signal()
            do {
                // Must wait for the transaction to end, and must not become part of it.
                try db.run("INSERT INTO t VALUES ('other')")
                let count = try db.scalar("SELECT count(*) FROM t") as? Int64
                otherResult.withLock { $0 = "count \(count ?? -1)" }
            } catch {
                otherResult.withLock { $0 = "\(error)" }
            }
            finished.withLock { $0 = true }
            otherDone.signal()
        }
        other.start()
        #expect(throws: TestError.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES ('transaction')")
                insideTransaction.signal()
                // The other thread is calling into the connection now. Whether it is already
                // blocked or gets there after the rollback, it must not run inside the
                // transaction: nothing here depends on how the threads are scheduled.
                otherCalling.wait()
                #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
                #expect(!finished.value, "the other thread ran inside the transaction")
                throw TestError()  // rolls back only the transaction's own row
            }
        }
        otherDone.wait()
        #expect(otherResult.value == "count 1")
        let rows = try db.prepare("SELECT who FROM t").map { $0[0] as? String }
        #expect(rows == ["other"])
    }

    @Test func withLockGroupsCallsAtomically() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)")
        let errors = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 {
                do {
                    try db.withLock {
                        let n = try db.scalar("SELECT n FROM counter") as? Int64 ?? 0
                        try db.run("UPDATE counter SET n = ?", n + 1)
                    }
                } catch {
                    errors.withLock { $0 += 1 }
                }
            }
        }
        #expect(errors.value == 0)
        #expect(try db.scalar("SELECT n FROM counter") as? Int64 == 400)
    }

    @Test func interruptDoesNotWaitForTheConnectionsLock() throws {
        let db = try Connection()
        let returned = DispatchSemaphore(value: 0)
        db.withLock {
            let thread = Thread {
                db.interrupt()  // while this thread cannot take the lock
                returned.signal()
            }
            thread.start()
            // Were interrupt() to wait for the lock, this would never return.
            returned.wait()
            // isInterrupted reads sqlite3_is_interrupted (3.41), which an older system SQLite lacks.
            if SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 41) { #expect(db.isInterrupted) }
        }
        #expect(try db.scalar("SELECT 1") as? Int64 == 1)
    }

    @Test func connectionsOnSeveralThreadsShareAFileDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("shared.sqlite3")
            let setup = try Connection(path, journalMode: .wal)
            try setup.execute("CREATE TABLE t (value INTEGER)")
            let errors = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                do {
                    let db = try Connection(path)
                    // Wait as long as the other writers take, however loaded the machine.
                    db.busyTimeout = .infinity
                    for value in 0..<50 { try db.run("INSERT INTO t VALUES (?)", thread * 100 + value) }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
            #expect(errors.value.isEmpty)
            #expect(try setup.scalar("SELECT count(*) FROM t") as? Int64 == 200)
        }
    }

    /// One thread reads rows (text SQLite must terminate or convert, blobs it must expand)
    /// while others run statements on the same connection: run under the thread sanitizer
    /// (`swift test --sanitize=thread`), this proves the reads take the lock they need.
    @Test func readingRowsWhileOtherThreadsUseTheConnection() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB)")
        for value in 0..<50 { try db.run("INSERT INTO t (name, data) VALUES (?, zeroblob(?))", "name \(value)", value) }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                for round in 0..<20 {
                    if thread.isMultiple(of: 2) {
                        // Computed text has no terminator and zeroblob must be expanded:
                        // SQLite allocates from the connection to hand them out.
                        let statement = try db.prepare(
                            "SELECT substr(name, 1, 6), name || '!', zeroblob(8), length(data) FROM t")
                        for row in statement where row.count != 4 {
                            failures.withLock { $0.append("row of \(row.count) values") }
                        }
                        let cursorStatement = try db.prepare("SELECT upper(name), data FROM t")
                        while try cursorStatement.step() {
                            let row = cursorStatement.row
                            let name: String = row[0]
                            let data: Blob = row[1]
                            let value: Binding? = row[0]
                            if !name.hasPrefix("NAME") || value == nil || data.bytes.count > 100 {
                                failures.withLock { $0.append("unexpected \(name)") }
                            }
                        }
                    } else {
                        try db.run("INSERT INTO t (name, data) VALUES (?, zeroblob(4))", "name \(thread)-\(round)")
                        _ = try db.scalar("SELECT group_concat(name) FROM t")
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.value.isEmpty)
    }
}

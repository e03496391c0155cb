import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Cancelling the task that awaits a read or write.
@Suite struct CancellationTests {
    @Test(arguments: DatabaseKind.allCases)
    func cancellingAReadInterruptsItsQuery(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
            let started = Flag()
            let task = Task {
                try await db.read { db in
                    started.set()
                    return try db.scalar(endlessQuery) as? Int64
                }
            }
            try await cancelOnceStarted(task, started: started)
            // The connection serves the next caller, uninterrupted.
            #expect(try await rowCount(db) == 1)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func cancellingAWriteRollsItBack(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            let started = Flag()
            let task = Task {
                try await db.write { db in
                    for value in 0..<100 { try db.run("INSERT INTO t VALUES (?)", value) }
                    started.set()
                    _ = try db.scalar(endlessQuery)
                }
            }
            try await cancelOnceStarted(task, started: started)
            #expect(try await rowCount(db) == 0)
            // The writer is usable, outside any transaction.
            try await db.write { db in try db.run("INSERT INTO t VALUES (1)") }
            #expect(try await rowCount(db) == 1)
        }
    }

    /// A write that swallows the interruption still rolls back: the cancellation is checked
    /// before the commit.
    @Test(arguments: DatabaseKind.allCases)
    func cancelledWriteThatIgnoresTheInterruptRollsBack(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            let started = Flag()
            let task = Task {
                try await db.write { db in
                    try db.run("INSERT INTO t VALUES (1)")
                    started.set()
                    _ = try? db.scalar(endlessQuery)
                }
            }
            try await cancelOnceStarted(task, started: started)
            #expect(try await rowCount(db) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func taskCancelledBeforeItsTurnNeverRuns(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            let gate = Gate()
            let busy = Flag()
            let first = Task {
                try await db.write { _ in
                    busy.set()
                    gate.wait()
                }
            }
            try await waitUntil { busy.isSet }
            let ran = Flag()
            let second = Task {
                try await db.write { db in
                    ran.set()
                    try db.run("INSERT INTO t VALUES (1)")
                }
            }
            second.cancel()
            gate.open()
            try await first.value
            await #expect(throws: CancellationError.self) { try await second.value }
            #expect(!ran.isSet)
            // Already cancelled when calling: the closure never runs either.
            let third = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await db.read { _ in ran.set() }
            }
            await #expect(throws: CancellationError.self) { try await third.value }
            #expect(!ran.isSet)
            #expect(try await rowCount(db) == 0)
        }
    }

    /// A read waiting for a free reader in a pool gives up its place when cancelled.
    @Test func cancellingAReadWaitingForAReader() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.maximumReaderCount = 1
            let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
            let gate = Gate()
            let busy = Flag()
            let first = Task {
                try await pool.read { _ in
                    busy.set()
                    gate.wait()
                }
            }
            try await waitUntil { busy.isSet }
            let ran = Flag()
            let waiting = Task { try await pool.read { _ in ran.set() } }
            try await Task.sleep(nanoseconds: 20_000_000)
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
            gate.open()
            try await first.value
            #expect(!ran.isSet)
            #expect(try await pool.read { _ in 7 } == 7)
        }
    }

    /// A cancellation that lands between two statements is not lost: the next long statement
    /// stops too, so a closure looping over statements ends.
    @Test(arguments: DatabaseKind.allCases)
    func cancellationBetweenStatementsStopsTheNextOne(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            let started = Flag()
            let task = Task {
                try await db.read { db in
                    started.set()
                    while true {
                        _ = try db.scalar(
                            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20000) SELECT sum(x) FROM c"
                        )
                    }
                }
            }
            try await waitUntil { started.isSet }
            try await Task.sleep(nanoseconds: 30_000_000)
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(try await db.read { db in try db.scalar("SELECT 42") as? Int64 } == 42)
        }
    }
}

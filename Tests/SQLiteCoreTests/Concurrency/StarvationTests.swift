import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Synchronous reads called from tasks, which block threads of Swift's cooperative pool, mixed
/// with async reads waiting for the same connections: every one completes.
@Suite(.serialized) struct StarvationTests {
    /// More synchronous reads than the cooperative pool has threads, queued behind async reads
    /// that wait for a connection: the async reads must run without a cooperative thread, or
    /// the blocked threads wait for connections handed to reads that can never run.
    @Test(arguments: DatabaseKind.allCases)
    func synchronousReadsFromTasksDoNotStarveAsyncReads(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.maximumReaderCount = 2
            let db = try kind.open(in: directory, configuration: configuration)
            try await db.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
            let width = Swift.max(2, ProcessInfo.processInfo.activeProcessorCount)
            let asyncCount = 2 * width
            let syncCount = 4 * width

            // Every connection is held by a read blocked on `gate`, so the reads below wait.
            let holders = kind == .pool ? configuration.maximumReaderCount : 1
            let gate = Gate()
            let holding = Locked(0)
            let held = (0..<holders).map { _ in
                Task {
                    try await db.read { db in
                        holding.withLock { $0 += 1 }
                        gate.wait()
                        return try db.scalar("SELECT count(*) FROM t") as? Int64
                    }
                }
            }
            try await waitUntil { holding.value == holders }

            // Unblocks the test whatever happens: opens the gate once the synchronous reads took
            // the cooperative threads, and closes the database should the reads never finish
            // (close fails the reads still waiting, which frees the blocked threads).
            let finished = DispatchSemaphore(value: 0)
            let enteredSync = Locked(0)
            let timedOut = Flag()
            DispatchQueue.global().async {
                let deadline = Date().addingTimeInterval(10)
                while enteredSync.value < Swift.min(width, syncCount), Date() < deadline { usleep(1000) }
                usleep(100_000)
                for _ in 0..<holders { gate.open() }
                if finished.wait(timeout: .now() + 60) == .timedOut {
                    timedOut.set()
                    try? db.close()
                }
            }

            let values = Locked<[Int64?]>([])
            let failures = Locked<[String]>([])
            await withTaskGroup(of: Void.self) { group in
                // Async reads first, so that they are in line before the synchronous ones.
                let enteredAsync = Locked(0)
                for _ in 0..<asyncCount {
                    group.addTask {
                        enteredAsync.withLock { $0 += 1 }
                        do {
                            let value = try await db.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 }
                            values.withLock { $0.append(value) }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
                try? await waitUntil { enteredAsync.value == asyncCount }
                try? await Task.sleep(nanoseconds: 50_000_000)
                for _ in 0..<syncCount {
                    group.addTask {
                        enteredSync.withLock { $0 += 1 }
                        do {
                            let value = try synchronousCount(db)
                            values.withLock { $0.append(value) }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            finished.signal()
            for task in held { #expect(try await task.value == 1) }
            #expect(!timedOut.isSet, "the reads did not finish: starved")
            #expect(failures.value.isEmpty)
            #expect(values.value.count == asyncCount + syncCount)
            #expect(values.value.allSatisfy { $0 == 1 })
        }
    }

    /// Reads queued for a pool's one reader: cancelled in line, they throw `CancellationError`,
    /// never run, and keep no reader; `close()` fails the ones still in line.
    @Test func queuedReadsAreCancelledOrClosedWithoutLeakingTheReader() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.maximumReaderCount = 1
            let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
            for _ in 0..<3 {
                let gate = Gate()
                let busy = Flag()
                let holder = Task {
                    try await pool.read { _ in
                        busy.set(); gate.wait()
                    }
                }
                try await waitUntil { busy.isSet }
                let ran = Locked(0)
                let queued = (0..<20).map { _ in Task { try await pool.read { _ in ran.withLock { $0 += 1 } } } }
                try await Task.sleep(nanoseconds: 20_000_000)
                for task in queued { task.cancel() }
                gate.open()
                try await holder.value
                for task in queued {
                    do {
                        try await task.value
                    } catch {
                        #expect(error is CancellationError)
                    }
                }
                #expect(ran.value == 0)
                // None kept the one reader.
                #expect(try await pool.read { _ in 7 } == 7)
            }
            let gate = Gate()
            let busy = Flag()
            let holder = Task {
                try await pool.read { _ in
                    busy.set(); gate.wait()
                }
            }
            try await waitUntil { busy.isSet }
            let queued = Task { try await pool.read { _ in 1 } }
            try await Task.sleep(nanoseconds: 20_000_000)
            let closing = Task.detached { try pool.close() }
            try await Task.sleep(nanoseconds: 20_000_000)
            gate.open()
            try await holder.value
            try await closing.value
            let error = await #expect(throws: Result.self) { try await queued.value }
            #expect(error?.message.contains("closed") == true)
        }
    }
}

/// A synchronous read, called from a synchronous function so that the blocking twin is picked.
private func synchronousCount(_ db: any DatabaseWriter) throws -> Int64? {
    try db.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 }
}

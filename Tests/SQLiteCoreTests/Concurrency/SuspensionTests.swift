import Foundation
import SQLiteCore
import Testing

/// `suspend()` and `resume()`: while suspended, running statements are interrupted, new
/// accesses refused, and no lock is held; resumed, everything committed is there.
@Suite struct SuspensionTests {
    /// A queue or pool on a file, with ten committed rows, and its suspend/resume.
    struct Database: Sendable {
        let writer: any DatabaseWriter
        let suspend: @Sendable () -> Void
        let resume: @Sendable () -> Void

        init(_ kind: DatabaseKind, in directory: TemporaryDirectory) throws {
            switch kind {
            case .queue:
                let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
                _ = try queue.writeWithoutTransaction { db in try db.enableWAL() }
                (writer, suspend, resume) = (queue, { queue.suspend() }, { queue.resume() })
            case .pool:
                let pool = try DatabasePool(path: directory.path("db.sqlite"))
                (writer, suspend, resume) = (pool, { pool.suspend() }, { pool.resume() })
            }
            try writer.write { db in
                try db.execute("CREATE TABLE t (x)")
                for x in 1...10 { try db.run("INSERT INTO t VALUES (?)", x) }
            }
        }
    }

    /// Another connection to the same file takes the write lock at once and checkpoints the
    /// whole log: no reader of the queue or pool holds a snapshot, no writer a transaction.
    func expectNoLockHeld(_ directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let other = try Connection(.uri(directory.path("db.sqlite")))
        other.busyTimeout = 0
        try other.execute("BEGIN EXCLUSIVE")
        try other.execute("COMMIT")
        let checkpoint = try other.walCheckpoint(mode: .truncate)
        #expect(!checkpoint.busy, "a snapshot of the suspended database kept the log", sourceLocation: sourceLocation)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aLongReadIsInterruptedAndNoLockIsHeld(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let database = try Database(kind, in: directory)
            let started = Flag()
            let read = Task {
                try await database.writer.read { db in
                    _ = try db.scalar("SELECT count(*) FROM t")  // the snapshot starts here
                    started.set()
                    return try db.scalar(endlessQuery) as? Int64
                }
            }
            try await waitUntil { started.isSet }
            database.suspend()
            let error = await #expect(throws: Result.self) { try await read.value }
            #expect(error?.code == SQLITE_INTERRUPT)
            try expectNoLockHeld(directory)
            database.resume()
            #expect(try await rowCount(database.writer) == 10)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aLongWriteIsInterruptedAndRolledBack(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let database = try Database(kind, in: directory)
            let started = Flag()
            let write = Task {
                try await database.writer.write { db in
                    try db.run("INSERT INTO t VALUES (11)")
                    started.set()
                    try db.execute("INSERT INTO t \(endlessQuery.replacingOccurrences(of: "count(*)", with: "x"))")
                }
            }
            try await waitUntil { started.isSet }
            database.suspend()
            let error = await #expect(throws: Result.self) { try await write.value }
            #expect(error?.code == SQLITE_INTERRUPT)
            try expectNoLockHeld(directory)
            database.resume()
            // The interrupted transaction committed nothing; what was committed before stays.
            #expect(try await rowCount(database.writer) == 10)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func whileSuspendedAccessesThrowAndResumeRestoresService(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let database = try Database(kind, in: directory)
            database.suspend()
            database.suspend()  // again: nothing more
            let readError = await #expect(throws: Result.self) { try await database.writer.read { _ in 1 } }
            #expect(readError?.code == SQLITE_INTERRUPT)
            #expect(readError?.message.contains("suspended") == true)
            let writeError = await #expect(throws: Result.self) {
                try await database.writer.write { db in _ = try db.run("INSERT INTO t VALUES (0)") }
            }
            #expect(writeError?.code == SQLITE_INTERRUPT)
            await #expect(throws: Result.self) { try await rowCount(database.writer) }
            try expectNoLockHeld(directory)
            database.resume()
            try await database.writer.write { db in _ = try db.run("INSERT INTO t VALUES (11)") }
            #expect(try await rowCount(database.writer) == 11)
        }
    }
}

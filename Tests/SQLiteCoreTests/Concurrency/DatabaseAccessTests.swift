import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Reads, writes and their transactions, on both a queue and a pool.
@Suite struct DatabaseAccessTests {
    @Test(arguments: DatabaseKind.allCases)
    func writeCommitsAndReadSees(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in
                try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
                try db.run("INSERT INTO t (name) VALUES (?)", "a")
            }
            let count = try await rowCount(db)
            #expect(count == 1)
            // The synchronous twins, from a synchronous context.
            let syncCount = try { () throws -> Int64? in
                try db.write { db in try db.run("INSERT INTO t (name) VALUES (?)", "b") }
                return try db.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 }
            }()
            #expect(syncCount == 2)
        }
    }

    @Test("connections are labeled after the configuration and their role, for logs", arguments: DatabaseKind.allCases)
    func connectionLabels(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.label = "App"
            let db = try kind.open(in: directory, configuration: configuration)
            let writer = try await db.write { db in db.label }
            let reader = try await db.read { db in db.label }
            #expect(writer == (kind == .queue ? "App.queue" : "App.writer"))
            #expect(reader == (kind == .queue ? "App.queue" : "App.reader"))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func throwingWriteRollsBack(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            await #expect(throws: TestError.self) {
                try await db.write { db in
                    try db.run("INSERT INTO t VALUES (1)")
                    throw TestError()
                }
            }
            #expect(try await rowCount(db) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func readRefusesWrites(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            await #expect(throws: Result.self) {
                try await db.read { db in try db.run("INSERT INTO t VALUES (1)") }
            }
            // The queue's connection writes again afterwards.
            try await db.write { db in try db.run("INSERT INTO t VALUES (1)") }
            #expect(try await rowCount(db) == 1)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func escapedConnectionAndStatementThrow(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            let escaped = Locked<[Connection]>([])
            let statement = try await db.write { db in
                try db.execute("CREATE TABLE t (x)")
                escaped.withLock { $0.append(db) }
                return UncheckedBox(try db.prepare("SELECT count(*) FROM t"))
            }
            let connection = try #require(escaped.value.first)
            let error = expectResult(code: SQLITE_MISUSE) { _ = try connection.scalar("SELECT 1") }
            #expect(error?.message.contains("only inside the read or write closure") == true)
            expectResult(code: SQLITE_MISUSE) { _ = try statement.value.scalar() }
            expectResult(code: SQLITE_MISUSE) { try connection.execute("INSERT INTO t VALUES (1)") }
            // Only the queue or pool closes its connections, also inside a closure.
            try await db.write { db in
                let error = expectResult(code: SQLITE_MISUSE) { try db.close() }
                #expect(error?.message.contains("close the queue or pool") == true)
            }
            // The database itself is unharmed.
            #expect(try await rowCount(db) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func synchronousAccessInsideAnAccessThrows(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            func nest() throws {
                try db.write { _ in
                    expectResult(code: SQLITE_MISUSE) { _ = try db.read { _ in 1 } }
                    expectResult(code: SQLITE_MISUSE) { _ = try db.write { _ in 1 } }
                    expectResult(code: SQLITE_MISUSE) { try db.close() }
                }
            }
            try nest()
            try await db.write { _ in
                expectResult(code: SQLITE_MISUSE) { try db.writeWithoutTransaction { _ in } }
            }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func writeWithoutTransactionLeavingOneOpenIsRolledBack(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.writeWithoutTransaction { db in try db.execute("CREATE TABLE t (x)") }
            let error = await #expect(throws: Result.self) {
                try await db.writeWithoutTransaction { db in
                    try db.execute("BEGIN; INSERT INTO t VALUES (1)")
                }
            }
            #expect(error?.message.contains("rolled back") == true)
            #expect(try await rowCount(db) == 0)
            try await db.write { db in try db.run("INSERT INTO t VALUES (2)") }
            // Throwing with a transaction open rolls it back too, and the error is the closure's.
            await #expect(throws: TestError.self) {
                try await db.writeWithoutTransaction { db in
                    try db.execute("BEGIN; INSERT INTO t VALUES (3)")
                    throw TestError()
                }
            }
            try await db.write { db in try db.run("INSERT INTO t VALUES (4)") }
            #expect(try await db.read { db in try db.scalar("SELECT sum(x) FROM t") as? Int64 } == 6)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func prepareDatabaseRunsOnEveryConnection(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let prepared = Locked(0)
            var configuration = Configuration()
            configuration.maximumReaderCount = 2
            configuration.prepareDatabase = { db in
                prepared.withLock { $0 += 1 }
                db.createFunction("answer", argumentCount: 0, deterministic: true) { _ in Int64(42) }
            }
            let db = try kind.open(in: directory, configuration: configuration)
            #expect(try await db.write { db in try db.scalar("SELECT answer()") as? Int64 } == 42)
            let gate = Gate()
            let reading = Flag()
            // Two reads at once need two readers in a pool.
            async let first = db.read { db in
                reading.set()
                gate.wait()
                return try db.scalar("SELECT answer()") as? Int64
            }
            // A queue's one connection serves the reads in turn.
            if kind == .pool { try await waitUntil { reading.isSet } } else { gate.open() }
            let second = try await db.read { db in try db.scalar("SELECT answer()") as? Int64 }
            if kind == .pool { gate.open() }
            #expect(try await first == 42)
            #expect(second == 42)
            #expect(prepared.value == (kind == .pool ? 3 : 1))
        }
    }

    @Test func queueWorksInMemoryAndTemporary() async throws {
        for location in [Connection.Location.inMemory, .temporary] {
            let queue = try DatabaseQueue(location)
            try await queue.write { db in
                try db.execute("CREATE TABLE t (x)")
                try db.run("INSERT INTO t VALUES (1)")
            }
            #expect(try await queue.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 } == 1)
        }
    }

    @Test func poolRefusesAnInMemoryDatabase() {
        expectResult(code: SQLITE_MISUSE) { _ = try DatabasePool(.inMemory) }
    }

    @Test func readOnlyPoolReadsAndRefusesWrites() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.path("db.sqlite")
            try await DatabasePool(path: path).write { db in
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            var configuration = Configuration()
            configuration.readonly = true
            let pool = try DatabasePool(path: path, configuration: configuration)
            #expect(try await rowCount(pool) == 1)
            let error = await #expect(throws: Result.self) { try await pool.write { _ in } }
            #expect(error?.code == SQLITE_READONLY)
            // A read-only pool cannot switch a database to WAL mode.
            let plain = directory.path("plain.sqlite")
            try Connection(plain).execute("CREATE TABLE t (x)")
            let notWAL = expectResult(code: SQLITE_MISUSE) {
                _ = try DatabasePool(path: plain, configuration: configuration)
            }
            #expect(notWAL?.message.contains("WAL") == true)
            expectResult(code: SQLITE_CANTOPEN) {
                _ = try DatabasePool(path: directory.path("missing.sqlite"), configuration: configuration)
            }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func checkpointTruncatesTheLog(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.writeWithoutTransaction { db in _ = try db.enableWAL() }
            try await db.write { db in
                try db.execute("CREATE TABLE t (x)")
                for value in 0..<100 { try db.run("INSERT INTO t VALUES (?)", value) }
            }
            let result = try await db.checkpoint(.truncate)
            #expect(!result.busy)
            #expect(result.log == 0)
        }
    }

    @Test func poolReadsRunWhileAWriteIsOpen() async throws {
        try await withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory.path("db.sqlite"))
            try await pool.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
            let inWrite = Flag()
            let gate = Gate()
            let write = Task {
                try await pool.write { db in
                    try db.run("INSERT INTO t VALUES (2)")
                    inWrite.set()
                    gate.wait()
                }
            }
            try await waitUntil { inWrite.isSet }
            // The write transaction is open and holds its connection: a read still completes,
            // and sees the last committed state.
            let count = try await rowCount(pool)
            #expect(count == 1)
            gate.open()
            try await write.value
            #expect(try await rowCount(pool) == 2)
        }
    }

    /// 8 writers move amounts between two tables while 8 readers check that the total never
    /// changes: no read sees half a transaction, no write is lost, no SQLITE_BUSY escapes.
    @Test func snapshotIsolationUnderConcurrentWritersAndReaders() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.maximumReaderCount = 4
            let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
            try await pool.write { db in
                try db.execute(
                    """
                    CREATE TABLE a (v INTEGER NOT NULL); CREATE TABLE b (v INTEGER NOT NULL);
                    CREATE TABLE log (writer INTEGER NOT NULL);
                    INSERT INTO a VALUES (1000); INSERT INTO b VALUES (0);
                    """)
            }
            let deadline = Date().addingTimeInterval(1.5)
            let committed = Locked(0)
            let inconsistent = Locked(0)
            let reads = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        // At least once each, however late a loaded machine starts the task.
                        repeat {
                            try await pool.write { db in
                                try db.run("UPDATE a SET v = v - 1")
                                try db.run("UPDATE b SET v = v + 1")
                                try db.run("INSERT INTO log VALUES (?)", writer)
                            }
                            committed.withLock { $0 += 1 }
                        } while Date() < deadline
                    }
                }
                for _ in 0..<8 {
                    group.addTask {
                        repeat {
                            let (a, b) = try await pool.read { db in
                                let a = try db.scalar("SELECT v FROM a") as? Int64 ?? -1
                                let b = try db.scalar("SELECT v FROM b") as? Int64 ?? -1
                                return (a, b)
                            }
                            if a + b != 1000 { inconsistent.withLock { $0 += 1 } }
                            reads.withLock { $0 += 1 }
                        } while Date() < deadline
                    }
                }
                try await group.waitForAll()
            }
            #expect(inconsistent.value == 0)
            #expect(reads.value > 0)
            #expect(committed.value > 0)
            let logged = try await rowCount(pool, "log")
            #expect(logged == Int64(committed.value))
            let b = try await pool.read { db in try db.scalar("SELECT v FROM b") as? Int64 }
            #expect(b == Int64(committed.value))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func closeWhileTasksAreInFlight(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            let outcomes = Locked<[String]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        do {
                            if index.isMultiple(of: 2) {
                                try await db.write { db in try db.run("INSERT INTO t VALUES (?)", index) }
                            } else {
                                _ = try await rowCount(db)
                            }
                            outcomes.withLock { $0.append("done") }
                        } catch let error as Result {
                            outcomes.withLock { $0.append(error.message) }
                        }
                    }
                }
                group.addTask { try db.close() }
                try await group.waitForAll()
            }
            let unexpected = outcomes.value.filter { $0 != "done" && !$0.contains("closed") }
            #expect(unexpected.isEmpty)
            #expect(outcomes.value.count == 40)
            // Later calls throw a clear error; closing again does nothing.
            let error = await #expect(throws: Result.self) { try await db.read { _ in 1 } }
            #expect(error?.message.contains("closed") == true)
            try db.close()
        }
    }
}

/// Carries a non-Sendable value out of a closure in a test.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

import SQLiteCore
import Testing

@Suite struct ProgressHandlerTests {
    static let runaway = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT max(n) FROM c"

    @Test func returningTrueInterruptsARunawayQuery() throws {
        let db = try Connection()
        let calls = Locked(0)
        db.progressHandler(every: 100) {
            calls.withLock {
                $0 += 1
                return $0 >= 50
            }
        }
        expectResult(code: SQLITE_INTERRUPT) { _ = try db.scalar(Self.runaway) }
        #expect(calls.value == 50)
        // The connection goes on; a short statement calls the handler without being stopped.
        calls.withLock { $0 = 0 }
        #expect(try db.scalar("SELECT 1") as? Int64 == 1)
        db.progressHandler(every: 100, nil)
        calls.withLock { $0 = 0 }
        #expect(
            try db.scalar(
                "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 10000) SELECT max(n) FROM c")
                as? Int64 == 10000)
        #expect(calls.value == 0)
    }

    @Test(arguments: [0, -1])
    func anIntervalBelowOneRemovesTheHandler(interval: Int) throws {
        let db = try Connection()
        let calls = Locked(0)
        db.progressHandler(every: interval) {
            calls.withLock { $0 += 1 }
            return true
        }
        #expect(
            try db.scalar(
                "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 1000) SELECT max(n) FROM c")
                as? Int64 == 1000)
        #expect(calls.value == 0)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aUserHandlerOnAQueueOrPoolConnectionWorksAndCancellationStillInterrupts(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let calls = Locked(0)
            var configuration = Configuration()
            configuration.prepareDatabase = { db in
                // Interrupts once, at its 20th call.
                db.progressHandler(every: 1000) {
                    calls.withLock {
                        $0 += 1
                        return $0 == 20
                    }
                }
            }
            let database = try kind.open(in: directory, configuration: configuration)
            // The user's handler stops a runaway statement.
            let error = await #expect(throws: Result.self) {
                try await database.read { db in try db.scalar(Self.runaway) }
            }
            #expect(error?.code == SQLITE_INTERRUPT)
            #expect(calls.value >= 20, "\(kind)")
            // Cancelling still interrupts, the user's handler never saying so.
            try await database.write { db in
                db.progressHandler(every: 1_000_000) {
                    calls.withLock { $0 += 1 }
                    return false
                }
            }
            let started = Flag()
            let task = Task {
                try await database.write { db in
                    started.set()
                    return try db.scalar(Self.runaway)
                }
            }
            try await cancelOnceStarted(task, started: started)
            #expect(try await database.write { db in try db.scalar("SELECT 1") as? Int64 } == 1)
        }
    }
}

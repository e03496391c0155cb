import Foundation
import Observation
import SQLiteCore
import Testing

/// `LiveQuery`, seen as SwiftUI sees it: through `withObservationTracking`.
///
/// `LiveQuery` needs Observation (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1): each test
/// returns at once on older systems.
@Suite struct LiveQueryTests {
    /// A one-shot `withObservationTracking` of what `read` reads: records the first change
    /// after it, with what `check` says about the thread or actor it came on.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    final class Change: Sendable {
        private let fired = Locked(false)
        private let checked = Locked<Bool?>(nil)

        init(_ read: () -> Void, check: @escaping @Sendable () -> Bool = { true }) {
            let fired = fired
            let checked = checked
            withObservationTracking(read) {
                checked.withLock { $0 = check() }
                fired.withLock { $0 = true }
            }
        }

        /// Whether the change came.
        var isSet: Bool { fired.value }
        /// What `check` returned on the change; nil before it.
        var checkResult: Bool? { checked.value }
    }

    /// Counts the changes of what `read` reads, tracking again after each one.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    final class ChangeCounter: Sendable {
        private let changes = Locked(0)
        private let read: @Sendable () -> Void

        init(_ read: @escaping @Sendable () -> Void) {
            self.read = read
            track()
        }

        var count: Int { changes.value }

        private func track() {
            // Weakly: the query keeps its pending change handler, and `read` keeps the query.
            withObservationTracking(read) { [weak self] in
                self?.changes.withLock { $0 += 1 }
                self?.track()
            }
        }
    }

    /// An actor for `Delivery.on(_:)`.
    actor Probe {}

    /// True, or a trap if not called on the main actor.
    @Sendable private static func isOnMainActor() -> Bool {
        MainActor.assertIsolated("the change handler runs on the main actor")
        return true
    }

    private static func createTables(_ db: any DatabaseWriter) async throws {
        try await db.write { db in
            try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INT); CREATE TABLE other (x)")
        }
    }

    private static func countPlayers(_ db: Connection) throws -> Int64 {
        try db.scalar("SELECT count(*) FROM player") as? Int64 ?? -1
    }

    /// The fetch the random commits are checked against: every player's id and score.
    private static func scores(_ db: Connection) throws -> [Int64] {
        try db.prepare("SELECT id, score FROM player ORDER BY id").flatMap { row in
            [row[0] as? Int64 ?? -1, row[1] as? Int64 ?? -1]
        }
    }

    /// The change handler fires after a commit to a table the fetch read, and neither after a
    /// commit to another table nor after a rollback (neither even starts a fetch).
    @Test(arguments: DatabaseKind.allCases)
    func theChangeHandlerFiresOnlyAfterACommitToAReadTable(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let fetches = Locked(0)
            let query = LiveQuery(db, initialValue: Int64(-1)) { db in
                fetches.withLock { $0 += 1 }
                return try Self.countPlayers(db)
            }
            try await waitUntil { query.isLoaded }
            #expect(query.value == 0)
            #expect(query.error == nil)
            let change = Change { _ = query.value }
            try await db.write { db in try db.run("INSERT INTO other VALUES (1)") }
            await #expect(throws: TestError.self) {
                try await db.write { db in
                    try db.run("INSERT INTO player (name) VALUES ('rolled back')")
                    throw TestError()
                }
            }
            #expect(fetches.value == 1)
            #expect(!change.isSet)
            try await db.write { db in try db.run("INSERT INTO player (name) VALUES ('a')") }
            try await waitUntil { change.isSet }
            #expect(query.value == 1)
            #expect(fetches.value == 2)
        }
    }

    /// After each of 1,000 random commits (inserts, updates, deletes, writes to another
    /// table, rollbacks), the value comes to equal a fresh fetch.
    @Test(arguments: DatabaseKind.allCases)
    func theValueEqualsAFreshFetchAfterEachOf1000RandomCommits(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let query = LiveQuery(db, initialValue: [Int64(-1)], removeDuplicates: true, fetch: Self.scores)
            try await waitUntil { query.isLoaded }
            var random = SeededGenerator(seed: 41)
            for step in 0..<1000 {
                let score = Int64.random(in: 0..<100, using: &random)
                let id = Int64.random(in: 1..<40, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1:
                    try await db.write { db in try db.run("INSERT INTO player (score) VALUES (?)", score) }
                case 2:
                    try await db.write { db in try db.run("UPDATE player SET score = ? WHERE id = ?", score, id) }
                case 3:
                    try await db.write { db in try db.run("DELETE FROM player WHERE id = ?", id) }
                case 4:
                    try await db.write { db in try db.run("INSERT INTO other VALUES (?)", score) }
                default:
                    _ = try? await db.write { db in
                        try db.run("DELETE FROM player")
                        throw TestError()
                    }
                }
                let fresh = try await db.read(Self.scores)
                try await waitUntil(timeout: 10, "step \(step)") { query.value == fresh }
                #expect(query.error == nil)
            }
        }
    }

    /// A burst of commits, none awaited by the query, ends on the final value.
    @Test(arguments: DatabaseKind.allCases)
    func aBurstOfCommitsEndsOnTheFinalValue(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let fetches = Locked(0)
            let query = LiveQuery(db, initialValue: Int64(-1)) { db in
                fetches.withLock { $0 += 1 }
                return try Self.countPlayers(db)
            }
            try await waitUntil { query.isLoaded }
            let changes = ChangeCounter { _ = query.value }
            for _ in 0..<300 {
                try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            }
            try await waitUntil { query.value == 300 }
            #expect(fetches.value <= 301)
            #expect(changes.count <= 300)
        }
    }

    /// Releasing the query stops its observation: the database's observation count goes back
    /// to zero, and a commit after it starts no fetch.
    @Test(arguments: DatabaseKind.allCases)
    func releasingTheQueryStopsTheObservation(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let fetches = Locked(0)
            weak var released: LiveQuery<Int64>?
            do {
                let query = LiveQuery(db, initialValue: Int64(-1)) { db in
                    fetches.withLock { $0 += 1 }
                    return try Self.countPlayers(db)
                }
                released = query
                try await waitUntil { query.isLoaded }
                #expect(db.observationCount == 1)
            }
            // Nothing but the caller held it: not the observation, not the database (the
            // observation's task holds it only while it sets a value, which may still be ending).
            try await waitUntil { released == nil }
            try await waitUntil { db.observationCount == 0 }
            let before = fetches.value
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            #expect(fetches.value == before)
        }
    }

    /// `run()` observes for as long as its task: cancelling the task stops the observation,
    /// and `start()` resumes it with a fetch at once; `stop()` ends a `run()` too.
    @Test(arguments: DatabaseKind.allCases)
    func cancellingTheOwningTaskStopsTheObservation(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let fetches = Locked(0)
            let query = LiveQuery(db, initialValue: Int64(-1), startsImmediately: false) { db in
                fetches.withLock { $0 += 1 }
                return try Self.countPlayers(db)
            }
            #expect(db.observationCount == 0)
            #expect(!query.isLoaded)
            let owner = Task { await query.run() }
            try await waitUntil { query.isLoaded }
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            try await waitUntil { query.value == 1 }
            owner.cancel()
            await owner.value
            try await waitUntil { db.observationCount == 0 }
            let before = fetches.value
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            #expect(fetches.value == before)
            #expect(query.value == 1)

            query.start()
            query.start()  // running already: nothing more
            try await waitUntil { query.value == 2 }
            #expect(db.observationCount == 1)
            query.stop()
            try await waitUntil { db.observationCount == 0 }
            // stop() also ends a run(), which returns.
            let runner = Task { await query.run() }
            try await waitUntil { db.observationCount == 1 }
            query.stop()
            await runner.value
            try await waitUntil { db.observationCount == 0 }
            let stoppedAt = fetches.value
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            #expect(fetches.value == stoppedAt)
            #expect(query.value == 2)
        }
    }

    /// A fetch that throws sets `error` and keeps the last value; the next fetch that succeeds
    /// clears it. A missing table is seen again once a schema change creates it.
    @Test(arguments: DatabaseKind.allCases)
    func errorsSurfaceAndALaterSuccessfulFetchClearsThem(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            struct OddCount: Error {}
            let missing = LiveQuery(db, initialValue: Int64(-1)) { db in try Self.countPlayers(db) }
            try await waitUntil { missing.isLoaded }
            #expect(missing.error.map { "\($0)" }?.contains("no such table") == true)
            #expect(missing.value == -1)

            try await Self.createTables(db)
            try await waitUntil { missing.value == 0 }
            #expect(missing.error == nil)

            let even = LiveQuery(db, initialValue: Int64(-1)) { db in
                let count = try Self.countPlayers(db)
                if count % 2 == 1 { throw OddCount() }
                return count
            }
            try await waitUntil { even.isLoaded }
            #expect(even.value == 0)
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            try await waitUntil { even.error != nil }
            #expect(even.error is OddCount)
            #expect(even.value == 0)
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            try await waitUntil { even.value == 2 }
            #expect(even.error == nil)
        }
    }

    /// By default the values are set, and the change handlers called, on the main actor;
    /// `.on(actor)` sets them on that actor; `.immediate` sets them too, with no hop.
    ///
    /// The checks are `assertIsolated()`, which traps this debug build on a wrong actor: a
    /// test run on Linux serves the main actor off the main thread, so `Thread.isMainThread`
    /// cannot tell.
    @Test
    func deliveryHappensOnTheMainActorOrTheActorChosen() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try DatabaseKind.queue.open(in: directory)
            try await Self.createTables(db)
            let onMain = LiveQuery(db, initialValue: Int64(-1), startsImmediately: false) { db in
                try Self.countPlayers(db)
            }
            let mainChange = Change({ _ = onMain.value }, check: Self.isOnMainActor)
            onMain.start()

            let probe = Probe()
            let onProbe = LiveQuery(db, initialValue: Int64(-1), delivery: .on(probe), startsImmediately: false) { db in
                try Self.countPlayers(db)
            }
            let probeChange = Change(
                { _ = onProbe.value },
                check: {
                    probe.assertIsolated("the change handler runs on the actor chosen")
                    return true
                })
            onProbe.start()

            let immediate = LiveQuery(db, initialValue: Int64(-1), delivery: .immediate, startsImmediately: false) {
                db in
                try Self.countPlayers(db)
            }
            let immediateChange = Change { _ = immediate.value }
            immediate.start()

            try await waitUntil { mainChange.isSet && probeChange.isSet && immediateChange.isSet }
            #expect(mainChange.checkResult == true)
            #expect(probeChange.checkResult == true)
            #expect(immediateChange.checkResult == true)
            try await waitUntil { onMain.value == 0 && onProbe.value == 0 && immediate.value == 0 }

            // And after a commit.
            let nextMainChange = Change({ _ = onMain.value }, check: Self.isOnMainActor)
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            try await waitUntil { nextMainChange.isSet }
            #expect(nextMainChange.checkResult == true)
            #expect(onMain.value == 1)
        }
    }

    /// With `ObservationOptions.externalChanges`, a commit by another connection is seen.
    @Test(arguments: DatabaseKind.allCases)
    func externalChangesAreSeenWithTheOption(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let outsider = try Connection(directory.path("db.sqlite"))
            outsider.busyTimeout = 5
            let query = LiveQuery(db, initialValue: Int64(-1), options: .externalChanges(checkEvery: 0.02)) { db in
                try Self.countPlayers(db)
            }
            try await waitUntil { query.value == 0 }
            try outsider.run("INSERT INTO player DEFAULT VALUES")
            try await waitUntil { query.value == 1 }
        }
    }

    /// With `removeDuplicates`, a fetch whose result did not change notifies no observer;
    /// without it, the same fetch does.
    @Test(arguments: DatabaseKind.allCases)
    func removeDuplicatesLeavesAnUnchangedResultUnnoticed(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            try await db.write { db in try db.run("INSERT INTO player (name) VALUES ('a')") }
            @Sendable func names(_ db: Connection) throws -> [String] {
                try db.prepare("SELECT name FROM player ORDER BY name").map { $0[0] as? String ?? "" }
            }
            let fetches = Locked(0)
            let deduplicated = LiveQuery(db, initialValue: [String](), removeDuplicates: true) { db in
                fetches.withLock { $0 += 1 }
                return try names(db)
            }
            let plain = LiveQuery(db, initialValue: [], fetch: names)
            try await waitUntil { deduplicated.isLoaded && plain.isLoaded }
            let deduplicatedChanges = ChangeCounter { _ = deduplicated.value }
            let plainChanges = ChangeCounter { _ = plain.value }

            try await db.write { db in try db.run("UPDATE player SET name = name") }
            try await waitUntil { plainChanges.count == 1 && fetches.value == 2 }
            try await db.write { db in try db.run("INSERT INTO player (name) VALUES ('b')") }
            try await waitUntil { deduplicated.value == ["a", "b"] && plain.value == ["a", "b"] }
            #expect(deduplicatedChanges.count == 1)
            #expect(plainChanges.count == 2)
        }
    }

    /// Closing the database ends the query, keeping its value; a query of a closed database
    /// reports the error.
    @Test(arguments: DatabaseKind.allCases)
    func closingTheDatabaseEndsTheQuery(kind: DatabaseKind) async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await Self.createTables(db)
            let query = LiveQuery(db, initialValue: Int64(-1)) { db in try Self.countPlayers(db) }
            try await waitUntil { query.value == 0 }
            try db.close()
            #expect(db.observationCount == 0)
            #expect(query.value == 0)
            #expect(query.error == nil)
            let late = LiveQuery(db, initialValue: Int64(-1)) { db in try Self.countPlayers(db) }
            try await waitUntil { late.error != nil }
            #expect(late.error.map { "\($0)" }?.contains("closed") == true)
            #expect(late.value == -1)
        }
    }
}

import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Observed fetches as `AsyncSequence`s.
@Suite struct ObservationTests {
    /// Collects what an observation yields, from a task of its own.
    final class Collector<Value: Sendable>: Sendable {
        let values = Locked<[Value]>([])
        let ended = Locked<String?>(nil)
        let task: Task<Void, Never>

        init(_ observation: DatabaseObservation<Value>) {
            let values = values
            let ended = ended
            task = Task {
                do {
                    for try await value in observation { values.withLock { $0.append(value) } }
                    ended.withLock { $0 = "finished" }
                } catch {
                    ended.withLock { $0 = "\(error)" }
                }
            }
        }

        /// Ends the observation from the consumer's side, and waits for the consumer to stop.
        func stop() async {
            task.cancel()
            await task.value
        }

        /// Waits for at least `count` values; returns them all.
        func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [Value] {
            try await waitUntil(sourceLocation: sourceLocation) { values.value.count >= count }
            return values.value
        }
    }

    private static func countPlayers(_ db: Connection) throws -> Int64 {
        try db.scalar("SELECT count(*) FROM player") as? Int64 ?? -1
    }

    /// Commits, rollbacks and writes to other tables, in order: a value for each commit that
    /// changed the observed table, and nothing else.
    @Test(arguments: DatabaseKind.allCases)
    func exactValuesForAScriptOfChanges(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in
                try db.execute(
                    "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE other (x);"
                        + "CREATE TABLE keyed (k TEXT PRIMARY KEY, v) WITHOUT ROWID")
            }
            let collector = Collector(db.observe(Self.countPlayers))
            #expect(try await collector.wait(for: 1) == [0])
            try await db.write { db in try db.run("INSERT INTO player (name) VALUES ('a')") }
            #expect(try await collector.wait(for: 2) == [0, 1])
            // Rolled back: nothing.
            await #expect(throws: TestError.self) {
                try await db.write { db in
                    try db.run("INSERT INTO player (name) VALUES ('b')")
                    throw TestError()
                }
            }
            // Another table: nothing.
            try await db.write { db in try db.run("INSERT INTO other VALUES (1)") }
            try await db.writeWithoutTransaction { db in try db.run("UPDATE other SET x = 2") }
            // Two inserts in one transaction: one value.
            try await db.write { db in
                try db.run("INSERT INTO player (name) VALUES ('c')")
                try db.run("INSERT INTO player (name) VALUES ('d')")
            }
            #expect(try await collector.wait(for: 3) == [0, 1, 3])
            // Autocommit statements through writeWithoutTransaction.
            try await db.writeWithoutTransaction { db in try db.run("DELETE FROM player WHERE name = 'a'") }
            #expect(try await collector.wait(for: 4) == [0, 1, 3, 2])
            // A delete of every row (SQLite's truncate optimization, which no hook reports).
            try await db.writeWithoutTransaction { db in try db.run("DELETE FROM player") }
            #expect(try await collector.wait(for: 5) == [0, 1, 3, 2, 0])
            await collector.stop()
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func withoutRowidTablesAndJoinsAreSeen(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in
                try db.execute(
                    """
                    CREATE TABLE keyed (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
                    CREATE TABLE other (x);
                    CREATE VIEW keyed_total AS SELECT coalesce(sum(v), 0) AS total FROM keyed;
                    """)
            }
            let collector = Collector(
                db.observe { db in try db.scalar("SELECT total FROM keyed_total") as? Int64 ?? -1 }.removeDuplicates())
            #expect(try await collector.wait(for: 1) == [0])
            try await db.write { db in try db.run("INSERT INTO keyed VALUES ('a', 5)") }
            #expect(try await collector.wait(for: 2) == [0, 5])
            try await db.write { db in try db.run("INSERT INTO keyed VALUES ('b', 2)") }
            #expect(try await collector.wait(for: 3) == [0, 5, 7])
            await collector.stop()
        }
    }

    /// A virtual table's writes reach SQLite's hooks as writes to its shadow tables (and, for
    /// FTS5, to a WITHOUT ROWID one no hook names), never under its own name: its commits wake
    /// every observation, so an observation of it sees them (hence `removeDuplicates()` here).
    @Test(
        .enabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 is not in this SQLite build"),
        arguments: DatabaseKind.allCases)
    func fullTextTablesAreSeen(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in
                try db.execute(
                    "CREATE VIRTUAL TABLE docs USING fts5(body); CREATE VIRTUAL TABLE notes USING fts5(body)")
            }
            let hits = Collector(
                db.observe { db in try db.scalar("SELECT count(*) FROM docs WHERE docs MATCH 'swift'") as? Int64 ?? -1 }
                    .removeDuplicates())
            #expect(try await hits.wait(for: 1) == [0])
            try await db.write { db in try db.run("INSERT INTO notes (body) VALUES ('swift too')") }
            try await db.write { db in try db.run("INSERT INTO docs (body) VALUES ('swift and sqlite')") }
            #expect(try await hits.wait(for: 2) == [0, 1])
            await hits.stop()
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func removeDuplicatesSkipsEqualValues(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in
                try db.execute("CREATE TABLE player (name TEXT); INSERT INTO player VALUES ('a')")
            }
            let names = Collector(
                db.observe { db in try db.prepare("SELECT name FROM player ORDER BY name").map { $0[0] as? String } }
                    .removeDuplicates())
            #expect(try await names.wait(for: 1) == [["a"]])
            try await db.write { db in try db.run("UPDATE player SET name = 'a'") }
            try await db.write { db in try db.run("INSERT INTO player VALUES ('b')") }
            #expect(try await names.wait(for: 2) == [["a"], ["a", "b"]])
            await names.stop()
        }
    }

    /// A consumer slower than the commits gets the latest value, never a backlog.
    @Test(arguments: DatabaseKind.allCases)
    func burstsCoalesceForASlowConsumer(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            let observation = db.observe(Self.countPlayers)
            var iterator = observation.makeAsyncIterator()
            #expect(try await iterator.next() == 0)
            for _ in 0..<200 {
                try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            }
            var seen: [Int64] = []
            while let value = try await iterator.next() {
                seen.append(value)
                if value == 200 { break }
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            #expect(seen.last == 200)
            #expect(seen.count < 200)
            #expect(seen == seen.sorted())
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func externalChangesAreSeenWithTheOption(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            let outsider = try Connection(directory.path("db.sqlite"))
            outsider.busyTimeout = 5
            let watching = Collector(db.observe(options: .externalChanges(checkEvery: 0.02), Self.countPlayers))
            let local = Collector(db.observe(Self.countPlayers))
            #expect(try await watching.wait(for: 1) == [0])
            #expect(try await local.wait(for: 1) == [0])
            try outsider.run("INSERT INTO player DEFAULT VALUES")
            #expect(try await watching.wait(for: 2) == [0, 1])
            // Without the option, the outside commit went unseen: the next value comes with the
            // next local commit.
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            #expect(try await local.wait(for: 2) == [0, 2])
            #expect(try await watching.wait(for: 3) == [0, 1, 2])
            await watching.stop()
            await local.stop()
        }
    }

    /// Ending the consuming task stops the observation and releases the fetch closure.
    @Test(arguments: DatabaseKind.allCases)
    func cancellingTheConsumerFreesTheObservation(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            final class Token: Sendable {}
            weak var weakToken: Token?
            let collector: Collector<Int64>
            do {
                let token = Token()
                weakToken = token
                collector = Collector(
                    db.observe { db in
                        _ = token
                        return try Self.countPlayers(db)
                    })
            }
            #expect(try await collector.wait(for: 1) == [0])
            #expect(weakToken != nil)
            await collector.stop()
            try await waitUntil { weakToken == nil }
            // Commits after the end reach nobody, and the database works on.
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
            #expect(collector.values.value == [0])
        }
    }

    /// Dropping the iterator (leaving a loop, or an iterator going out of scope) also stops the
    /// observation and releases the fetch closure.
    @Test(arguments: DatabaseKind.allCases)
    func droppingTheIteratorFreesTheObservation(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            final class Token: Sendable {}
            weak var weakToken: Token?
            do {
                let token = Token()
                weakToken = token
                let observation = db.observe { db in
                    _ = token
                    return try Self.countPlayers(db)
                }
                for try await count in observation {
                    #expect(count == 0)
                    break
                }
                var iterator = observation.makeAsyncIterator()
                #expect(try await iterator.next() == 0)
            }
            try await waitUntil { weakToken == nil }
            try await db.write { db in try db.run("INSERT INTO player DEFAULT VALUES") }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailingFetchEndsTheSequenceWithItsError(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            let collector = Collector(db.observe { db in try db.scalar("SELECT count(*) FROM missing") as? Int64 })
            try await waitUntil { collector.ended.value != nil }
            #expect(collector.ended.value?.contains("no such table") == true)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func closingTheDatabaseEndsObservations(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            let collector = Collector(db.observe(Self.countPlayers))
            #expect(try await collector.wait(for: 1) == [0])
            try db.close()
            try await waitUntil { collector.ended.value != nil }
            #expect(collector.ended.value == "finished")
            // Observing a closed database throws.
            let late = Collector(db.observe(Self.countPlayers))
            try await waitUntil { late.ended.value != nil }
            #expect(late.ended.value?.contains("closed") == true)
        }
    }
}

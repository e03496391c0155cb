import SQLiteCore
import Testing

@Suite struct TraceEventTests {
    @Test func statementProfileRowAndCloseEvents() throws {
        let events = Locked<[TraceEvent]>([])
        do {
            let db = try Connection()
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
            db.trace(.all) { event in events.withLock { $0.append(event) } }
            _ = try db.prepare("SELECT x FROM t WHERE x > ?").bind(0).map { $0[0] }
            let seen = events.value
            #expect(
                seen.first == .statement(sql: "SELECT x FROM t WHERE x > ?", expandedSQL: "SELECT x FROM t WHERE x > 0")
            )
            #expect(seen.filter { $0 == .row(sql: "SELECT x FROM t WHERE x > ?") }.count == 2)
            guard case .profile(let sql, let duration) = seen.last else {
                Issue.record("no profile event last: \(seen)")
                return
            }
            #expect(sql == "SELECT x FROM t WHERE x > ?")
            #expect(duration >= 0)
            events.withLock { $0.removeAll() }
        }
        #expect(events.value == [.close])
    }

    /// A statement's profile event and its debug log entry report the same duration, in
    /// seconds: SQLite's nanoseconds divided once, the same way.
    @Test func profileAndLogEntryReportTheSameSeconds() throws {
        let db = try Connection()
        let events = Locked<[TraceEvent]>([])
        let recorder = LogRecorder()
        db.trace(.profile) { event in events.withLock { $0.append(event) } }
        db.logging = recorder.configuration(.debug)
        let sql =
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000) "
            + "SELECT count(*) FROM c"
        #expect(try db.scalar(sql) as? Int64 == 100_000)
        let profiled = events.value.compactMap { event -> Double? in
            if case .profile(sql, let duration) = event { return duration }
            return nil
        }
        let logged = recorder.entries(.debug).filter { $0.sql == sql }.compactMap(\.duration)
        #expect(profiled.count == 1)
        #expect(profiled == logged)
        // Seconds, not nanoseconds: a hundred thousand rows take well under a minute.
        #expect(profiled.allSatisfy { $0 >= 0 && $0 < 60 })
    }

    @Test func onlyTheChosenEvents() throws {
        let db = try Connection()
        let events = Locked<[TraceEvent]>([])
        db.trace(.row) { event in events.withLock { $0.append(event) } }
        _ = try db.prepare("SELECT 1 UNION ALL SELECT 2").map { $0[0] }
        #expect(events.value == [.row(sql: "SELECT 1 UNION ALL SELECT 2"), .row(sql: "SELECT 1 UNION ALL SELECT 2")])
        db.trace(.row, nil)
        _ = try db.scalar("SELECT 1")
        #expect(events.value.count == 2)
    }

    /// A trigger, then each of its statements, as SQL comments.
    @Test func triggersAreReportedAsComments() throws {
        let db = try Connection()
        try db.execute(
            "CREATE TABLE t (x); CREATE TABLE log (x); CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END"
        )
        let events = Locked<[TraceEvent]>([])
        db.trace(.statement) { event in events.withLock { $0.append(event) } }
        try db.run("INSERT INTO t VALUES (?)", 5)
        #expect(
            events.value == [
                .statement(sql: "INSERT INTO t VALUES (?)", expandedSQL: "INSERT INTO t VALUES (5)"),
                .statement(sql: "-- TRIGGER tr", expandedSQL: nil),
                .statement(sql: "-- INSERT INTO log VALUES (new.x)", expandedSQL: nil),
            ])
    }

    /// The SQLite.swift-style trace, the trace events, logging's profile and an observation's
    /// statement recording share SQLite's one trace slot: each gets what it asked for.
    @Test(arguments: DatabaseKind.allCases)
    func traceEventsTraceLoggingAndObservationTogether(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let traced = Locked<[String]>([])
            let events = Locked<[TraceEvent]>([])
            let logged = Locked<[String]>([])
            var configuration = Configuration()
            configuration.prepareDatabase = { db in
                db.trace { sql in traced.withLock { $0.append(sql) } }
                db.trace([.statement, .profile]) { event in events.withLock { $0.append(event) } }
                db.logging = LogConfiguration(level: .debug) { entry in
                    if entry.duration != nil, let sql = entry.sql { logged.withLock { $0.append(sql) } }
                }
            }
            let database = try kind.open(in: directory, configuration: configuration)
            try await database.write { db in try db.execute("CREATE TABLE t (x)") }
            let observation = database.observe { db in try db.scalar("SELECT count(*) FROM t") as? Int64 }
            var values = observation.makeAsyncIterator()
            #expect(try await values.next() == 0)
            try await database.write { db in try db.run("INSERT INTO t VALUES (?)", 7) }
            // The observation saw the change: it recorded its statement and learned its table.
            #expect(try await values.next() == 1)
            #expect(traced.value.contains("INSERT INTO t VALUES (7)"))
            #expect(traced.value.contains("SELECT count(*) FROM t"))
            #expect(
                events.value.contains(
                    .statement(sql: "INSERT INTO t VALUES (?)", expandedSQL: "INSERT INTO t VALUES (7)")))
            #expect(
                events.value.contains {
                    if case .profile("INSERT INTO t VALUES (?)", _) = $0 { return true }
                    return false
                })
            #expect(logged.value.contains("INSERT INTO t VALUES (?)"))
            #expect(logged.value.contains("SELECT count(*) FROM t"))
        }
    }

    @Test func theCallbackIsReleasedWhenReplacedAndWhenTheConnectionCloses() throws {
        let first = Locked(false)
        let second = Locked(false)
        let db = try Connection()
        do {
            let a = Tracked(first)
            db.trace(.all) { _ in _ = a.touch() }
            let b = Tracked(second)
            db.trace(.all) { _ in _ = b.touch() }
        }
        #expect(first.value)
        _ = try db.scalar("SELECT 1")
        #expect(!second.value)
        try db.close()
        #expect(second.value)
    }
}

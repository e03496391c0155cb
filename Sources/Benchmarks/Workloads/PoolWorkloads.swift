import Dispatch
import Foundation
import SQLiteCore

/// The `pool` tier: SQLiteCore's `DatabasePool` driven from Swift concurrency, each workload
/// against a floor tier measured in the same run (there is no raw C tier for these).
///
/// - `async-hop`: ``Options/lookups`` awaited `pool.read` calls, one point lookup by primary
///   key each, against `hop`: the same lookups on a plain `Connection`, each in a bare hop to a
///   serial dispatch queue and back through a continuation.
/// - `pool-read-batch`: the same lookups in one `pool.read`, against `core`: the same lookups
///   on a plain `Connection`, called directly in one deferred transaction, as `pool.read` runs
///   them. (Without it each lookup is a read transaction of its own, which on a WAL file costs
///   more than the lookup: the core tier then takes about twice the pool's time.)
/// - `concurrent-read`: two scans of ``Options/fetchRows`` rows in two `pool.read` calls at
///   once (`pool`), against `serial-read`: the same two reads one after the other.
/// - `observe-latency`: commits that each change an observed table, one at a time; the run
///   records how long each new value takes from the commit to the observation's consumer.
///   Measured in the `pool` tier only: a report, not a comparison.
///
/// The lookups and the scans run the same Core code in both tiers (a cached statement, bound
/// and stepped), so a ratio is the cost of the pool's access around that code. The database is
/// one WAL file in the `--on-disk` directory, or else in a temporary directory that
/// ``tearDown()`` removes; the floors' plain connection opens the same file.
final class PoolWorkloads {
    /// The rows of the `lookup_item` table the lookup workloads read.
    static let lookupRows = 10_000
    /// The table of the lookups: `item`'s columns under an `INTEGER PRIMARY KEY`.
    static let createLookupTable =
        "CREATE TABLE lookup_item (id INTEGER PRIMARY KEY, i0 INT, i1 INT, i2 INT, i3 INT, i4 INT, i5 INT, i6 INT, "
        + "i7 INT, i8 INT, i9 INT)"
    /// Fills `lookup_item` with ids 1 through ``lookupRows``, row `n` (0-based) holding the values
    /// `ItemSchema.value(row: n, column:)`.
    static let populateLookupTable = """
        INSERT INTO lookup_item
        WITH RECURSIVE n(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM n WHERE n + 1 < \(lookupRows))
        SELECT n + 1, n * 10, n * 10 + 1, n * 10 + 2, n * 10 + 3, n * 10 + 4, n * 10 + 5, n * 10 + 6, n * 10 + 7,
          n * 10 + 8, n * 10 + 9 FROM n
        """
    /// One point lookup by primary key.
    static let selectLookup = "SELECT i0, i1, i2, i3, i4, i5, i6, i7, i8, i9 FROM lookup_item WHERE id = ?"
    /// The table `observe-latency` observes: one row, whose value each commit sets.
    static let createCounter = "CREATE TABLE counter (id INTEGER PRIMARY KEY, value INT NOT NULL)"
    /// The observed fetch.
    static let selectCounter = "SELECT value FROM counter WHERE id = 1"
    /// The change each `observe-latency` commit makes.
    static let updateCounter = "UPDATE counter SET value = ? WHERE id = 1"

    private let options: Options
    /// The database file.
    private let path: String
    /// The directory this instance made for ``path``, removed by ``tearDown()``; nil with
    /// `--on-disk`.
    private let temporaryDirectory: String?
    private let pool: DatabasePool
    /// The floors' connection to the same file.
    private let plain: Connection
    /// Whether the tables are filled.
    private var isPopulated = false
    /// The commit-to-consumer latencies of each `observe-latency` run, in seconds, the
    /// untimed warm-up first.
    private var latencyRuns: [[Double]] = []

    /// Opens the pool and the floors' connection on a new database file.
    init(_ options: Options) throws {
        self.options = options
        let (path, directory) = try options.fileDatabase("pool")
        self.path = path
        temporaryDirectory = directory
        var configuration = Configuration()
        configuration.label = "sqlite-bench"
        configuration.maximumReaderCount = Swift.max(2, configuration.maximumReaderCount)
        if let key = options.key { configuration.prepareDatabase = { db in try db.key(key) } }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            if let key = options.key {
                plain = try Connection(path, key: key, journalMode: .wal)
            } else {
                plain = try Connection(path, journalMode: .wal)
            }
        } catch {
            if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
            throw error
        }
    }

    /// Closes the database and removes the temporary directory, if this instance made one.
    func tearDown() {
        try? pool.close()
        try? plain.close()
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// The workloads, each tier with its floor.
    func benchmarks() -> [Benchmark] {
        let pool = pool
        let plain = plain
        let lookups = options.lookups
        let commits = Swift.max(10, options.lookups / 20)
        let hopQueue = DispatchQueue(label: "sqlite-bench.hop")
        return [
            Benchmark(
                workload: "async-hop", tier: "hop",
                prepare: { try self.populate() },
                run: {
                    try blockingAwait {
                        var sum: Int64 = 0
                        for index in 0..<lookups {
                            sum &+= try await Self.hop(to: hopQueue) { try Self.lookup(plain, index) }
                        }
                        return sum
                    }
                }),
            Benchmark(
                workload: "async-hop", tier: "pool",
                prepare: { try self.populate() },
                run: {
                    try blockingAwait {
                        var sum: Int64 = 0
                        for index in 0..<lookups {
                            sum &+= try await pool.read { db in try Self.lookup(db, index) }
                        }
                        return sum
                    }
                }),
            Benchmark(
                workload: "pool-read-batch", tier: "core",
                prepare: { try self.populate() },
                run: { try plain.transaction(.deferred) { try Self.lookups(plain, count: lookups) } }),
            Benchmark(
                workload: "pool-read-batch", tier: "pool",
                prepare: { try self.populate() },
                run: { try blockingAwait { try await pool.read { db in try Self.lookups(db, count: lookups) } } }),
            Benchmark(
                workload: "concurrent-read", tier: "serial-read",
                prepare: { try self.populate() },
                run: {
                    try blockingAwait {
                        let first = try await pool.read { db in try CoreWorkloads.fetch(db) }
                        let second = try await pool.read { db in try CoreWorkloads.fetch(db) }
                        return first &+ second
                    }
                }),
            Benchmark(
                workload: "concurrent-read", tier: "pool",
                prepare: { try self.populate() },
                run: {
                    try blockingAwait {
                        async let first = pool.read { db in try CoreWorkloads.fetch(db) }
                        async let second = pool.read { db in try CoreWorkloads.fetch(db) }
                        let (a, b) = try await (first, second)
                        return a &+ b
                    }
                }),
            Benchmark(
                workload: "observe-latency", tier: "pool",
                prepare: {
                    try self.populate()
                    try pool.write { db in _ = try db.withCachedStatement(Self.updateCounter) { try $0.run(Int64(0)) } }
                },
                run: {
                    let result = try blockingAwait { try await Self.observeLatency(pool, commits: commits) }
                    self.latencyRuns.append(result.latencies)
                    return result.received
                }),
        ]
    }

    /// Creates and fills the tables once: `item` (``Options/fetchRows`` rows, as the other tiers
    /// fill theirs), `lookup_item` and `counter`; then checkpoints, so that every read finds the
    /// pages in the database file rather than in the WAL.
    private func populate() throws {
        if isPopulated { return }
        let rows = options.fetchRows
        try pool.writeWithoutTransaction { db in
            try RawSQL.populate(db.handle, rows: rows)
            try db.execute("DROP TABLE IF EXISTS lookup_item; DROP TABLE IF EXISTS counter")
            try db.transaction {
                try db.execute(Self.createLookupTable)
                try db.execute(Self.populateLookupTable)
                try db.execute(Self.createCounter)
                try db.execute("INSERT INTO counter (id, value) VALUES (1, 0)")
            }
        }
        try pool.checkpoint(.truncate)
        isPopulated = true
    }

    /// Runs `body` on `queue` and awaits its value: the bare hop a pool's access makes, without
    /// the pool.
    static func hop<T: Sendable>(to queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T) async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// The `index`th point lookup in `lookup_item`: the sum of the row's columns.
    static func lookup(_ db: Connection, _ index: Int) throws -> Int64 {
        try db.withCachedStatement(selectLookup) { statement in try sumOfRow(statement, index) }
    }

    /// The first `count` point lookups in `lookup_item`, through one cached statement.
    static func lookups(_ db: Connection, count: Int) throws -> Int64 {
        try db.withCachedStatement(selectLookup) { statement in
            var sum: Int64 = 0
            for index in 0..<count { sum &+= try sumOfRow(statement, index) }
            return sum
        }
    }

    /// Binds the `index`th lookup's id to `statement`, steps to its row and sums its columns.
    @inline(__always)
    private static func sumOfRow(_ statement: Statement, _ index: Int) throws -> Int64 {
        statement.bind(ItemSchema.lookupRowid(index, rows: lookupRows))
        guard try statement.step() else { throw RawSQL.Failure(description: "row not found") }
        let row = statement.row
        var sum: Int64 = 0
        for column in 0..<ItemSchema.columnCount { sum &+= row[column] as Int64 }
        return sum
    }

    /// The observed value: the counter.
    static func counterValue(_ db: Connection) throws -> Int64 {
        try db.withCachedStatement(selectCounter) { statement in
            guard try statement.step() else { throw RawSQL.Failure(description: "counter row not found") }
            return statement.row[0] as Int64
        }
    }

    /// A value of the observation and when its consumer got it.
    struct Arrival: Sendable {
        let value: Int64
        let time: Double
    }

    /// What one `observe-latency` run saw.
    struct LatencyRun: Sendable {
        /// The values the consumer received, the first (current) one included.
        let received: Int64
        /// Seconds from each commit to its value's arrival.
        let latencies: [Double]
    }

    /// Observes the counter (which must be 0), then sets it to 1, 2, ... `commits`, one commit
    /// at a time: each commit waits for the consumer to have received the value before it,
    /// so that every value arrives on its own and is timed. The commit's time is taken inside
    /// the write access, right after the autocommitted `UPDATE` returns; the arrival's time by
    /// the consumer as soon as its `for try await` loop gets the value.
    static func observeLatency(_ pool: DatabasePool, commits: Int) async throws -> LatencyRun {
        let observation = pool.observe { db in try counterValue(db) }
        let (arrivals, sink) = AsyncStream<Arrival>.makeStream()
        let consumer = Task {
            defer { sink.finish() }
            var received: Int64 = 0
            for try await value in observation {
                let time = now()
                received += 1
                sink.yield(Arrival(value: value, time: time))
                if value >= Int64(commits) { break }
            }
            return received
        }
        defer { consumer.cancel() }
        var iterator = arrivals.makeAsyncIterator()
        /// The next arrival, which must carry `expected`.
        func next(_ expected: Int64) async throws -> Arrival {
            guard let arrival = await iterator.next() else {
                _ = try await consumer.value
                throw RawSQL.Failure(description: "observe-latency: the observation ended before \(expected)")
            }
            guard arrival.value == expected else {
                throw RawSQL.Failure(description: "observe-latency: expected \(expected), observed \(arrival.value)")
            }
            return arrival
        }
        _ = try await next(0)
        var latencies: [Double] = []
        latencies.reserveCapacity(commits)
        for value in 1...Int64(commits) {
            let committed = try await pool.writeWithoutTransaction { db in
                _ = try db.withCachedStatement(updateCounter) { try $0.run(value) }
                return now()
            }
            latencies.append(try await next(value).time - committed)
        }
        return LatencyRun(received: try await consumer.value, latencies: latencies)
    }

    /// The pool tier against its floors, and the observation latencies, as lines for the end
    /// of the table and as a JSON object; nil when no pool workload ran.
    func summary(of report: Report) -> (text: String, json: String)? {
        var lines: [String] = []
        var fields: [String] = []
        /// Adds the ratio of `tier` to `floor` in `workload`, if both ran.
        func compare(_ workload: String, _ tier: String, to floor: String, jsonName: String, target: String) {
            guard let ratio = report.ratio(of: tier, to: floor, in: workload) else { return }
            lines.append(
                "  " + workload.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + "\(tier) / \(floor)".padding(toLength: 22, withPad: " ", startingAt: 0)
                    + format(ratio, decimals: 2) + "x   " + target)
            fields.append("\"\(jsonName)\": \(format(ratio, decimals: 4))")
        }
        compare("async-hop", "pool", to: "hop", jsonName: "async_hop_pool_to_hop", target: "(target: at most 1.50x)")
        compare(
            "pool-read-batch", "pool", to: "core", jsonName: "pool_read_batch_pool_to_core",
            target: "(target: at most 1.10x)")
        compare(
            "concurrent-read", "serial-read", to: "pool", jsonName: "concurrent_read_throughput_ratio",
            target: "(the throughput of 2 reads at once over 1 at a time; target: at least 1.60x)")
        // The warm-up run is untimed: its latencies are left out too.
        let samples = latencyRuns.dropFirst().flatMap { $0 }.sorted()
        if !samples.isEmpty {
            let median = Measurement.median(samples) * 1e6
            let p99 = Measurement.percentile(0.99, ofSorted: samples) * 1e6
            lines.append(
                "  observe-latency   commit to consumer    median \(format(median, decimals: 1)) µs, "
                    + "p99 \(format(p99, decimals: 1)) µs (\(samples.count) commits)")
            fields.append("\"observe_latency_median_us\": \(format(median, decimals: 2))")
            fields.append("\"observe_latency_p99_us\": \(format(p99, decimals: 2))")
            fields.append("\"observe_latency_commits\": \(samples.count)")
        }
        guard !lines.isEmpty else { return nil }
        let text = (["pool tier against its floors (median of the per-round ratios):"] + lines).joined(separator: "\n")
        return (text, "{" + fields.joined(separator: ", ") + "}")
    }
}

import Foundation
import Observation
import SQLiteCore

/// The `live-query-latency` workload: a `LiveQuery` of one counter row on a `DatabasePool`,
/// and ``Options/lookups`` / 20 commits (1,000 by default) that each set the counter, one at a
/// time. Each run records, for every commit, the time from the commit to the query's change
/// notification: the moment `withObservationTracking`'s change handler (what SwiftUI uses)
/// runs for the new value. A report, not a comparison: its tiers are the deliveries.
///
/// - `on-actor`: the values are set on an actor of the benchmark's (`Delivery.on(_:)`): one hop
///   from the observation's task to that actor's executor, as the default main-actor delivery
///   makes one to the main thread (which `sqlite-bench` keeps blocked, so it cannot serve the
///   main actor).
/// - `immediate`: the values are set on the observation's own task (`Delivery.immediate`).
///
/// The database is a WAL file in the `--on-disk` directory, or else in a temporary directory
/// that ``tearDown()`` removes.
final class LiveQueryWorkloads {
    /// The actor the `on-actor` tier delivers to.
    actor Receiver {}

    private let options: Options
    /// The directory this instance made for the database, removed by ``tearDown()``; nil with
    /// `--on-disk`.
    private let temporaryDirectory: String?
    private let pool: DatabasePool
    private let receiver = Receiver()
    /// Whether the counter table exists.
    private var isPopulated = false
    /// Each tier's commit-to-notification latencies, in seconds, run by run, the untimed
    /// warm-up first.
    private var latencyRuns: [String: [[Double]]] = [:]

    /// Opens the pool on a new database file.
    init(_ options: Options) throws {
        self.options = options
        let (path, directory) = try options.fileDatabase("live-query")
        temporaryDirectory = directory
        var configuration = Configuration()
        configuration.label = "sqlite-bench.live-query"
        if let key = options.key { configuration.prepareDatabase = { db in try db.key(key) } }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
            throw error
        }
    }

    /// Closes the database and removes the temporary directory, if this instance made one.
    func tearDown() {
        try? pool.close()
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// The workload's tiers; none where Observation is unavailable.
    func benchmarks() -> [Benchmark] {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) else { return [] }
        let pool = pool
        let commits = Swift.max(10, options.lookups / 20)
        let deliveries: [(tier: String, delivery: LiveQuery<Int64>.Delivery)] = [
            ("on-actor", .on(receiver)), ("immediate", .immediate),
        ]
        return deliveries.map { tier, delivery in
            Benchmark(
                workload: "live-query-latency", tier: tier,
                prepare: {
                    try self.populate()
                    try pool.write { db in
                        _ = try db.withCachedStatement(PoolWorkloads.updateCounter) { try $0.run(Int64(0)) }
                    }
                },
                run: {
                    let result = try blockingAwait {
                        try await Self.measure(pool, delivery: delivery, commits: commits)
                    }
                    self.latencyRuns[tier, default: []].append(result.latencies)
                    return result.received
                })
        }
    }

    /// Creates the counter row once.
    private func populate() throws {
        if isPopulated { return }
        try pool.write { db in
            try db.execute("DROP TABLE IF EXISTS counter")
            try db.execute(PoolWorkloads.createCounter)
            try db.execute("INSERT INTO counter (id, value) VALUES (1, 0)")
        }
        isPopulated = true
    }

    /// The time of the next change notification of `query.value`: tracks it from now on.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private static func nextChange(of query: LiveQuery<Int64>) -> AsyncStream<Double> {
        let (times, continuation) = AsyncStream<Double>.makeStream()
        withObservationTracking {
            _ = query.value
        } onChange: {
            continuation.yield(now())
            continuation.finish()
        }
        return times
    }

    /// Waits for the notification in `times`, then for `query.value` to be `expected` (the
    /// handler runs just before the value is set); returns the notification's time.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private static func arrival(
        _ times: AsyncStream<Double>, of query: LiveQuery<Int64>, expected: Int64
    ) async throws -> Double {
        var iterator = times.makeAsyncIterator()
        guard let time = await iterator.next() else {
            throw RawSQL.Failure(description: "live-query-latency: no change notification for \(expected)")
        }
        var spins = 0
        while query.value != expected {
            spins += 1
            if spins > 10_000_000 || query.error != nil {
                throw RawSQL.Failure(
                    description: "live-query-latency: expected \(expected), the query holds \(query.value)")
            }
            await Task.yield()
        }
        return time
    }

    /// Starts a query of the counter (which must be 0), then sets the counter to 1, 2, ...
    /// `commits`, one commit at a time, each after the query holds the value before it. The
    /// commit's time is taken inside the write access, right after the autocommitted `UPDATE`
    /// returns; the arrival's by the change handler.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    static func measure(
        _ pool: DatabasePool, delivery: LiveQuery<Int64>.Delivery, commits: Int
    ) async throws -> PoolWorkloads.LatencyRun {
        let query = LiveQuery(
            pool, initialValue: -1, delivery: delivery, startsImmediately: false, fetch: PoolWorkloads.counterValue)
        defer { query.stop() }
        let first = nextChange(of: query)
        query.start()
        _ = try await arrival(first, of: query, expected: 0)
        var latencies: [Double] = []
        latencies.reserveCapacity(commits)
        for value in 1...Int64(commits) {
            let next = nextChange(of: query)
            let committed = try await pool.writeWithoutTransaction { db in
                _ = try db.withCachedStatement(PoolWorkloads.updateCounter) { try $0.run(value) }
                return now()
            }
            latencies.append(try await arrival(next, of: query, expected: value) - committed)
        }
        return PoolWorkloads.LatencyRun(received: Int64(commits) + 1, latencies: latencies)
    }

    /// The latencies of each tier (median and 99th percentile), as lines for the end of the
    /// table and as a JSON object; nil when the workload did not run.
    func summary() -> (text: String, json: String)? {
        var lines: [String] = []
        var fields: [String] = []
        for tier in ["on-actor", "immediate"] {
            // The warm-up run is untimed: its latencies are left out too.
            let samples = (latencyRuns[tier] ?? []).dropFirst().flatMap { $0 }.sorted()
            guard !samples.isEmpty else { continue }
            let median = Measurement.median(samples) * 1e6
            let p99 = Measurement.percentile(0.99, ofSorted: samples) * 1e6
            lines.append(
                "  live-query-latency " + tier.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + "commit to change   median \(format(median, decimals: 1)) µs, "
                    + "p99 \(format(p99, decimals: 1)) µs (\(samples.count) commits)")
            let name = tier.replacingOccurrences(of: "-", with: "_")
            fields.append("\"\(name)_median_us\": \(format(median, decimals: 2))")
            fields.append("\"\(name)_p99_us\": \(format(p99, decimals: 2))")
            fields.append("\"\(name)_commits\": \(samples.count)")
        }
        guard !lines.isEmpty else { return nil }
        let text = (["live query (LiveQuery), commit to change notification:"] + lines).joined(separator: "\n")
        return (text, "{" + fields.joined(separator: ", ") + "}")
    }
}

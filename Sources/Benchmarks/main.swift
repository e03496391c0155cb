import SQLiteCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sqlite-bench`: every tier against the raw C API, in one process, on in-memory databases
/// (or database files, encrypted or not: `--on-disk`, `--key`); the pool tier, on a database
/// file, against floors of its own (see ``PoolWorkloads``).
func main() -> Int32 {
    let options: Options
    do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        writeOut(error.message + "\n", to: error.isHelp ? STDOUT_FILENO : STDERR_FILENO)
        return error.isHelp ? 0 : 2
    }
    do {
        let pool = try PoolWorkloads(options)
        defer { pool.tearDown() }
        var benchmarks =
            try RawCWorkloads.all(options) + CoreWorkloads.all(options) + TypedWorkloads.all(options)
            + CodableWorkloads.all(options) + CodableFloorWorkloads.all(options) + TableFunctionWorkloads.all(options)
        benchmarks += pool.benchmarks()
        let live = try LiveQueryWorkloads(options)
        defer { live.tearDown() }
        benchmarks += live.benchmarks()
        if let filter = options.filter { benchmarks = benchmarks.filter { $0.workload.contains(filter) } }
        var bar = ProgressBar(total: benchmarks.count * (options.repetitions + 1))
        let measurements = try measureInterleaved(benchmarks, repetitions: options.repetitions, progress: &bar)
        bar.clear()
        try checkAgreement(measurements)
        var report = Report(sqliteVersion: String(cString: sqlite3_libversion()), measurements: measurements)
        let poolSummary = pool.summary(of: report)
        if let poolSummary { report.extras.append((name: "pool", json: poolSummary.json)) }
        let liveSummary = live.summary()
        if let liveSummary { report.extras.append((name: "live_query", json: liveSummary.json)) }
        let summaries = [poolSummary?.text, liveSummary?.text].compactMap { $0 }
        let summaryText = summaries.isEmpty ? nil : summaries.joined(separator: "\n")
        writeOut(options.format.render(report, poolSummary: summaryText), to: STDOUT_FILENO)
        if let path = options.jsonPath { try write(report.json(), to: path) }
        if let path = options.chartPath {
            try write(SVGChart(report: report, machine: .current()).render(), to: path)
        }
        return 0
    } catch {
        ProgressBar(total: 1).clear()
        writeOut("sqlite-bench: \(error)\n", to: STDERR_FILENO)
        return 1
    }
}

/// Measures the benchmarks workload by workload. Each gets one untimed warm-up; then the
/// timed repetitions take turns between tiers (raw C, core, typed, ... , raw C, core, ...), so
/// that a slow phase of a noisy machine lands on every tier alike instead of on one. Each run
/// advances `progress`.
func measureInterleaved(
    _ benchmarks: [Benchmark], repetitions: Int, progress: inout ProgressBar
) throws -> [Measurement] {
    var workloads: [String] = []
    for benchmark in benchmarks where !workloads.contains(benchmark.workload) { workloads.append(benchmark.workload) }
    var measurements: [Measurement] = []
    for workload in workloads {
        let group = benchmarks.filter { $0.workload == workload }
        var checksums: [Int64] = []
        for benchmark in group {
            progress.step(workload: workload, tier: benchmark.tier, phase: "warm-up")
            try benchmark.prepare()
            checksums.append(try benchmark.run())
        }
        var seconds = Array(repeating: [Double](), count: group.count)
        for repetition in 0..<repetitions {
            for (position, benchmark) in group.enumerated() {
                progress.step(workload: workload, tier: benchmark.tier, phase: "rep \(repetition + 1)/\(repetitions)")
                try benchmark.prepare()
                let start = now()
                let result = try benchmark.run()
                seconds[position].append(now() - start)
                guard result == checksums[position] else {
                    throw RawSQL.Failure(
                        description: "\(workload) (\(benchmark.tier)) gave different results between runs")
                }
            }
        }
        for (position, benchmark) in group.enumerated() {
            measurements.append(
                Measurement(
                    workload: workload, tier: benchmark.tier, seconds: seconds[position],
                    checksum: checksums[position]))
        }
    }
    return measurements
}

/// Every tier must compute what raw C computes: a faster wrong answer is no result. A workload
/// without a raw C tier (the pool tier's) checks its tiers against its first one, the floor.
func checkAgreement(_ measurements: [Measurement]) throws {
    for measurement in measurements {
        let sameWorkload = measurements.filter { $0.workload == measurement.workload }
        guard let baseline = sameWorkload.first(where: { $0.tier == "raw-c" }) ?? sameWorkload.first else { continue }
        guard baseline.checksum == measurement.checksum else {
            throw RawSQL.Failure(
                description:
                    "\(measurement.workload): tier \(measurement.tier) read \(measurement.checksum), "
                    + "\(baseline.tier) \(baseline.checksum)"
            )
        }
    }
}

/// Writes `text` to the file descriptor `descriptor`, unbuffered.
func writeOut(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
}

/// Writes `text` to the file at `path`, replacing it.
func write(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw RawSQL.Failure(description: "cannot write \(path)") }
    defer { fclose(file) }
    guard fputs(text, file) >= 0 else { throw RawSQL.Failure(description: "cannot write \(path)") }
}

exit(main())

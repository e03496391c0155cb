import CSQLiteAmalgamation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sqlite-bench`: every tier against the raw C API, in one process, on in-memory databases.
func main() -> Int32 {
    let options: Options
    do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        writeOut(error.message + "\n", to: error.isHelp ? STDOUT_FILENO : STDERR_FILENO)
        return error.isHelp ? 0 : 2
    }
    do {
        var benchmarks = try RawCWorkloads.all(options) + CoreWorkloads.all(options)
        if let filter = options.filter { benchmarks = benchmarks.filter { $0.workload.contains(filter) } }
        var measurements: [Measurement] = []
        for (position, benchmark) in benchmarks.enumerated() {
            progress("[\(position + 1)/\(benchmarks.count)] \(benchmark.workload) (\(benchmark.tier))")
            measurements.append(try measure(benchmark, repetitions: options.repetitions))
        }
        progress("")
        try checkAgreement(measurements)
        let report = Report(sqliteVersion: String(cString: sqlite3_libversion()), measurements: measurements)
        print(report.table())
        if let path = options.jsonPath { try write(report.json(), to: path) }
        return 0
    } catch {
        writeOut("\nsqlite-bench: \(error)\n", to: STDERR_FILENO)
        return 1
    }
}

/// Runs one untimed warm-up, then `repetitions` timed runs.
func measure(_ benchmark: Benchmark, repetitions: Int) throws -> Measurement {
    try benchmark.prepare()
    let checksum = try benchmark.run()
    var seconds: [Double] = []
    for _ in 0..<repetitions {
        try benchmark.prepare()
        let start = now()
        let result = try benchmark.run()
        seconds.append(now() - start)
        guard result == checksum else {
            throw RawSQL.Failure(
                description: "\(benchmark.workload) (\(benchmark.tier)) gave different results between runs")
        }
    }
    return Measurement(workload: benchmark.workload, tier: benchmark.tier, seconds: seconds, checksum: checksum)
}

/// Every tier must compute what raw C computes: a faster wrong answer is no result.
func checkAgreement(_ measurements: [Measurement]) throws {
    for measurement in measurements {
        guard let baseline = measurements.first(where: { $0.workload == measurement.workload && $0.tier == "raw-c" })
        else { continue }
        guard baseline.checksum == measurement.checksum else {
            throw RawSQL.Failure(
                description:
                    "\(measurement.workload): tier \(measurement.tier) read \(measurement.checksum), raw C \(baseline.checksum)"
            )
        }
    }
}

/// Rewrites the progress line on standard error.
func progress(_ line: String) {
    writeOut("\r\u{1B}[K" + line, to: STDERR_FILENO)
}

func writeOut(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
}

func write(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw RawSQL.Failure(description: "cannot write \(path)") }
    defer { fclose(file) }
    guard fputs(text, file) >= 0 else { throw RawSQL.Failure(description: "cannot write \(path)") }
}

exit(main())

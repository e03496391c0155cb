#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic time in seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The timings of one workload in one tier.
struct Measurement {
    let workload: String
    let tier: String
    let seconds: [Double]
    /// A value computed from what the workload read, so that tiers can be checked to agree.
    let checksum: Int64

    var median: Double { Measurement.median(seconds) }

    /// The median of `values` (0 for none).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    /// The nearest-rank `fraction` percentile of `sorted` (ascending, not empty).
    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
    var min: Double { seconds.min() ?? 0 }
    var max: Double { seconds.max() ?? 0 }
}

/// One benchmark: a workload run through one tier. `prepare` runs untimed before each
/// repetition (e.g. creating an empty table); `run` is timed and returns a checksum.
struct Benchmark {
    let workload: String
    let tier: String
    let prepare: () throws -> Void
    let run: () throws -> Int64
}

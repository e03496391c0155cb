/// Prints the results as a table and writes them as JSON.
struct Report {
    let sqliteVersion: String
    let measurements: [Measurement]
    /// More top-level members of the JSON report, each a name and its JSON value, after
    /// `rows` (e.g. the pool tier's summary).
    var extras: [(name: String, json: String)] = []

    /// The tier's time as a multiple of raw C's for the same workload: the median, over the
    /// repetitions, of the tier's time divided by raw C's time in the same round. The rounds
    /// take the tiers in turn, so a slow phase of the machine (which on a shared machine can
    /// last seconds and double every time) weighs on both times of a ratio alike, where a
    /// ratio of the two medians would compare times taken in different phases.
    func ratioToC(_ measurement: Measurement) -> Double? {
        ratio(of: measurement.tier, to: "raw-c", in: measurement.workload)
    }

    /// The time of tier `tier` as a multiple of tier `baseline`'s in `workload`, as
    /// ``ratioToC(_:)`` computes it; nil when either did not run.
    func ratio(of tier: String, to baseline: String, in workload: String) -> Double? {
        guard let measurement = measurements.first(where: { $0.workload == workload && $0.tier == tier }),
            let base = measurements.first(where: { $0.workload == workload && $0.tier == baseline })
        else { return nil }
        let ratios = zip(measurement.seconds, base.seconds).compactMap { tier, raw in raw > 0 ? tier / raw : nil }
        guard !ratios.isEmpty else { return nil }
        return Measurement.median(ratios)
    }

    func table() -> String {
        var lines = [
            "SQLite \(sqliteVersion)",
            pad("workload", 22) + pad("tier", 14) + pad("median s", 12, right: true) + pad("min s", 12, right: true)
                + pad("max s", 12, right: true) + pad("x raw C", 10, right: true),
        ]
        for measurement in measurements {
            let ratio = ratioToC(measurement).map { format($0, decimals: 2) } ?? "-"
            lines.append(
                pad(measurement.workload, 22) + pad(measurement.tier, 14)
                    + pad(format(measurement.median, decimals: 5), 12, right: true)
                    + pad(format(measurement.min, decimals: 5), 12, right: true)
                    + pad(format(measurement.max, decimals: 5), 12, right: true) + pad(ratio, 10, right: true))
        }
        return lines.joined(separator: "\n")
    }

    func json() -> String {
        let rows = measurements.map { measurement in
            let ratio = ratioToC(measurement).map { format($0, decimals: 4) } ?? "null"
            return """
                    {"workload": "\(measurement.workload)", "tier": "\(measurement.tier)", \
                "median_s": \(format(measurement.median, decimals: 6)), "min_s": \(format(measurement.min, decimals: 6)), \
                "max_s": \(format(measurement.max, decimals: 6)), "ratio_to_c": \(ratio), \
                "seconds": [\(measurement.seconds.map { format($0, decimals: 6) }.joined(separator: ", "))]}
                """
        }
        let more = extras.map { ",\n  \"\($0.name)\": \($0.json)" }.joined()
        return "{\n  \"sqlite_version\": \"\(sqliteVersion)\",\n  \"rows\": [\n"
            + rows.joined(separator: ",\n") + "\n  ]" + more + "\n}\n"
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? padding + text + "  " : text + padding
    }
}

/// `value` with a fixed number of decimals, without Foundation's formatters.
func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let whole = scaled / Int64(scale)
    guard decimals > 0 else { return "\(whole)" }
    var fraction = String(abs(scaled % Int64(scale)))
    fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
    return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
}

import Foundation

/// How `sqlite-bench` prints its results on standard output (`--format`).
enum ReportFormat: String, CaseIterable {
    /// Aligned columns for a terminal (the default), then the pool tier's summary.
    case table
    /// A GitHub-flavoured Markdown table, then the pool tier's summary in a code block.
    case markdown
    /// The same JSON document as `--json PATH` writes, pool summary included.
    case json
    /// One header line and one line per workload and tier (RFC 4180); the pool tier's
    /// summary, not being rows of that table, is left out (it is in the JSON).
    case csv

    /// The format names, for messages: `table|markdown|json|csv`.
    static let names = allCases.map(\.rawValue).joined(separator: "|")

    /// `report` in this format; `poolSummary` is the pool tier's summary as text, if it ran.
    func render(_ report: Report, poolSummary: String?) -> String {
        switch self {
        case .table:
            return report.table() + "\n" + (poolSummary.map { $0 + "\n" } ?? "")
        case .markdown:
            return markdown(report) + (poolSummary.map { "\n```\n" + $0 + "\n```\n" } ?? "")
        case .json:
            return report.json()
        case .csv:
            return csv(report)
        }
    }

    /// The results as a Markdown table under a line naming the SQLite version.
    private func markdown(_ report: Report) -> String {
        var lines = [
            "SQLite \(report.sqliteVersion)", "",
            "| workload | tier | median s | min s | max s | x raw C |",
            "|---|---|--:|--:|--:|--:|",
        ]
        for measurement in report.measurements {
            let cells = [
                measurement.workload, measurement.tier, format(measurement.median, decimals: 5),
                format(measurement.min, decimals: 5), format(measurement.max, decimals: 5),
                report.ratioToC(measurement).map { format($0, decimals: 2) } ?? "-",
            ]
            lines.append(
                "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The results as CSV, times in seconds, an empty ratio where there is no raw C tier.
    private func csv(_ report: Report) -> String {
        var lines = ["sqlite_version,workload,tier,median_s,min_s,max_s,ratio_to_c"]
        for measurement in report.measurements {
            let cells = [
                report.sqliteVersion, measurement.workload, measurement.tier,
                format(measurement.median, decimals: 6), format(measurement.min, decimals: 6),
                format(measurement.max, decimals: 6),
                report.ratioToC(measurement).map { format($0, decimals: 4) } ?? "",
            ]
            lines.append(cells.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as one CSV field: quoted, inner quotes doubled, when it holds a comma, a quote
    /// or a line break.
    private func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// An SVG bar chart of a run (`--chart PATH`), built as text: one panel of each tier's time over
/// raw C's, grouped by workload, and one panel of the pool workloads' tiers over their floors
/// (those workloads have no raw C tier). Floor tiers are hatched and outlined.
struct SVGChart {
    /// The results to draw.
    let report: Report
    /// The machine they were measured on, and when.
    let machine: Machine

    /// One bar: a tier's ratio, and whether the tier is a floor.
    private struct Bar {
        let tier: String
        let ratio: Double
        let isFloor: Bool
    }

    /// The bars of one workload.
    private struct Group {
        let workload: String
        let bars: [Bar]
    }

    /// The tiers that are floors: what a tier of the library cannot beat.
    static let floorTiers: Set = ["codable-floor"]

    /// Colours given to the tiers in the order they first appear.
    private static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f", "#ff9da7",
        "#bab0ac",
    ]

    private let barWidth = 16.0
    private let groupGap = 24.0
    /// The narrowest a group is drawn, so that workload names under neighbouring groups do
    /// not overlap.
    private let minimumGroupWidth = 112.0
    private let left = 70.0
    private let panelHeight = 260.0

    /// The whole SVG document.
    func render() -> String {
        let tiers = orderedTiers()
        let cGroups = rawCGroups()
        let poolGroups = floorGroups()
        let width = Swift.max(760, left + 100 + Swift.max(span(of: cGroups), span(of: poolGroups)))
        var body: [String] = []
        var y = 20.0
        let title =
            cGroups.isEmpty
            ? "sqlite-bench: each tier's time over its floor's (lower is faster)"
            : "sqlite-bench: each tier's time over raw C's (lower is faster)"
        body.append(text(title, x: 20, y: y + 8, size: 18, bold: true))
        y += 28
        body.append(
            text(
                "SQLite \(report.sqliteVersion) · \(machine.summary) · \(machine.date) · median of per-round ratios",
                x: 20, y: y, size: 12, colour: "#444"))
        y += 26
        body.append(legend(tiers: tiers, x: 20, y: y, width: width - 40))
        y += legendHeight(tiers: tiers, width: width - 40) + 16
        if !cGroups.isEmpty {
            body.append(text("Workloads with a raw C tier", x: 20, y: y, size: 14, bold: true))
            y += 18
            body.append(
                panel(
                    cGroups, tiers: tiers, top: y, axisLabel: "time / raw C", baselineLabel: "raw C = 1.0"))
            y += panelHeight + 70
        }
        if !poolGroups.isEmpty {
            body.append(
                text(
                    "Pool workloads (no raw C tier): each tier's time over its floor's, the floor hatched",
                    x: 20, y: y, size: 14, bold: true))
            y += 18
            body.append(
                panel(poolGroups, tiers: tiers, top: y, axisLabel: "time / floor", baselineLabel: "floor = 1.0"))
            y += panelHeight + 70
        }
        let unplotted = unplottedWorkloads()
        if !unplotted.isEmpty {
            body.append(
                text(
                    "Not plotted (no floor to compare with; see the report): " + unplotted.joined(separator: ", "),
                    x: 20, y: y, size: 12, colour: "#444"))
            y += 20
        }
        let height = y + 10
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" font-family="Helvetica, Arial, sans-serif">
            <title>sqlite-bench, SQLite \(escape(report.sqliteVersion))</title>
            <defs>
            <pattern id="floor-hatch" patternUnits="userSpaceOnUse" width="6" height="6" \
            patternTransform="rotate(45)"><rect width="6" height="6" fill="white" fill-opacity="0.35"/>\
            <line x1="0" y1="0" x2="0" y2="6" stroke="black" stroke-width="2" stroke-opacity="0.55"/></pattern>
            </defs>
            <rect width="100%" height="100%" fill="white"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// Every tier in the order it first appears in the report.
    private func orderedTiers() -> [String] {
        var tiers: [String] = []
        for measurement in report.measurements where !tiers.contains(measurement.tier) {
            tiers.append(measurement.tier)
        }
        return tiers
    }

    /// Every workload in the order it first appears in the report.
    private func orderedWorkloads() -> [String] {
        var workloads: [String] = []
        for measurement in report.measurements where !workloads.contains(measurement.workload) {
            workloads.append(measurement.workload)
        }
        return workloads
    }

    /// The workloads with a raw C tier, each tier's bar its ratio to raw C.
    private func rawCGroups() -> [Group] {
        orderedWorkloads().compactMap { workload in
            let tiers = report.measurements.filter { $0.workload == workload }
            guard tiers.contains(where: { $0.tier == "raw-c" }) else { return nil }
            let bars = tiers.compactMap { measurement in
                report.ratioToC(measurement).map {
                    Bar(tier: measurement.tier, ratio: $0, isFloor: Self.floorTiers.contains(measurement.tier))
                }
            }
            return bars.isEmpty ? nil : Group(workload: workload, bars: bars)
        }
    }

    /// The workloads without a raw C tier but with two tiers or more: the first tier, as the
    /// report checks them, is the floor, and each bar is a tier's ratio to it.
    private func floorGroups() -> [Group] {
        orderedWorkloads().compactMap { workload in
            let tiers = report.measurements.filter { $0.workload == workload }
            guard !tiers.contains(where: { $0.tier == "raw-c" }), tiers.count > 1, let floor = tiers.first
            else { return nil }
            let bars = tiers.compactMap { measurement in
                report.ratio(of: measurement.tier, to: floor.tier, in: workload).map {
                    Bar(tier: measurement.tier, ratio: $0, isFloor: measurement.tier == floor.tier)
                }
            }
            return bars.isEmpty ? nil : Group(workload: workload, bars: bars)
        }
    }

    /// The workloads neither panel shows (a single tier and no raw C, e.g. observe-latency).
    private func unplottedWorkloads() -> [String] {
        let plotted = Set((rawCGroups() + floorGroups()).map(\.workload))
        return orderedWorkloads().filter { !plotted.contains($0) }
    }

    /// The width `groups` take, gaps included.
    private func span(of groups: [Group]) -> Double {
        groups.reduce(0) { $0 + width(of: $1) + groupGap }
    }

    /// The width of one group: its bars, or the minimum.
    private func width(of group: Group) -> Double {
        Swift.max(Double(group.bars.count) * barWidth, minimumGroupWidth)
    }

    /// One panel: a y axis with ticks and its label, the baseline at 1.0, the bars grouped by
    /// workload with their values, and the workload names under the groups above the x axis's
    /// label.
    private func panel(
        _ groups: [Group], tiers: [String], top: Double, axisLabel: String, baselineLabel: String
    ) -> String {
        // Room above the tallest bar for its value.
        let maximum = Swift.max(1.2, groups.flatMap(\.bars).map(\.ratio).max() ?? 1) * 1.15
        let step = tickStep(for: maximum)
        let ceiling = (maximum / step).rounded(.up) * step
        let bottom = top + panelHeight
        let right = left + span(of: groups) + 10
        func yPosition(_ value: Double) -> Double { bottom - value / ceiling * panelHeight }
        var parts: [String] = []
        var tick = 0.0
        while tick <= ceiling + step / 2 {
            let tickY = yPosition(tick)
            parts.append(line(x1: left, y1: tickY, x2: right, y2: tickY, colour: "#e4e4e4"))
            parts.append(line(x1: left - 5, y1: tickY, x2: left, y2: tickY, colour: "#333"))
            parts.append(text(label(tick, step: step), x: left - 8, y: tickY + 4, size: 11, anchor: "end"))
            tick += step
        }
        parts.append(line(x1: left, y1: top, x2: left, y2: bottom, colour: "#333"))
        parts.append(line(x1: left, y1: bottom, x2: right, y2: bottom, colour: "#333"))
        let middle = top + panelHeight / 2
        parts.append(
            "<text x=\"20\" y=\"\(number(middle))\" font-size=\"12\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 20 \(number(middle)))\">\(escape(axisLabel))</text>")
        var x = left + groupGap / 2
        for group in groups {
            let start = x
            x += (width(of: group) - Double(group.bars.count) * barWidth) / 2
            for bar in group.bars {
                let barTop = yPosition(bar.ratio)
                let colour = colour(of: bar.tier, in: tiers)
                let shape =
                    "x=\"\(number(x + 1))\" y=\"\(number(barTop))\" width=\"\(number(barWidth - 2))\" "
                    + "height=\"\(number(bottom - barTop))\""
                parts.append(
                    "<rect \(shape) fill=\"\(colour)\"><title>\(escape(group.workload)), \(escape(bar.tier)): "
                        + "\(format(bar.ratio, decimals: 2))</title></rect>")
                if bar.isFloor {
                    parts.append(
                        "<rect \(shape) fill=\"url(#floor-hatch)\" stroke=\"black\" stroke-width=\"1.2\" "
                            + "stroke-dasharray=\"3 2\"/>")
                }
                let labelX = x + barWidth / 2 + 3
                let labelY = barTop - 4
                parts.append(
                    "<text x=\"\(number(labelX))\" y=\"\(number(labelY))\" font-size=\"9\" fill=\"#333\" "
                        + "transform=\"rotate(-90 \(number(labelX)) \(number(labelY)))\">"
                        + "\(format(bar.ratio, decimals: 2))</text>")
                x += barWidth
            }
            x = start + width(of: group)
            parts.append(
                text(group.workload, x: (start + x) / 2, y: bottom + 16, size: 11, anchor: "middle"))
            x += groupGap
        }
        parts.append(
            text("workload", x: (left + right) / 2, y: bottom + 36, size: 12, anchor: "middle", colour: "#444"))
        let baseline = yPosition(1)
        parts.append(
            "<line x1=\"\(number(left))\" y1=\"\(number(baseline))\" x2=\"\(number(right))\" "
                + "y2=\"\(number(baseline))\" stroke=\"#c00\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>")
        parts.append(text(baselineLabel, x: right + 4, y: baseline + 4, size: 11, colour: "#c00"))
        return parts.joined(separator: "\n")
    }

    /// The legend: a swatch per tier, then the floor marking and the baseline.
    private func legend(tiers: [String], x: Double, y: Double, width: Double) -> String {
        var parts: [String] = []
        var column = x
        var row = y
        for (item, tier) in tiers.enumerated() {
            if column + 130 > x + width {
                column = x
                row += 20
            }
            parts.append(
                "<rect x=\"\(number(column))\" y=\"\(number(row))\" width=\"14\" height=\"14\" "
                    + "fill=\"\(Self.palette[item % Self.palette.count])\"/>")
            parts.append(text(tier, x: column + 20, y: row + 11, size: 12))
            column += 130
        }
        row += 24
        parts.append(
            "<rect x=\"\(number(x))\" y=\"\(number(row))\" width=\"14\" height=\"14\" fill=\"url(#floor-hatch)\" "
                + "stroke=\"black\" stroke-dasharray=\"3 2\"/>")
        parts.append(
            text(
                "floor (hatched): codable-floor, the least the codable tier can cost; "
                    + "in the bottom panel, each workload's first tier",
                x: x + 20, y: row + 11, size: 12))
        row += 20
        parts.append(
            "<line x1=\"\(number(x))\" y1=\"\(number(row + 7))\" x2=\"\(number(x + 14))\" "
                + "y2=\"\(number(row + 7))\" stroke=\"#c00\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"/>")
        parts.append(
            text(
                "1.0: as fast as raw C (top panel) or as the floor (bottom panel)", x: x + 20, y: row + 11,
                size: 12, colour: "#c00"))
        return parts.joined(separator: "\n")
    }

    /// The height `legend(tiers:x:y:width:)` takes.
    private func legendHeight(tiers: [String], width: Double) -> Double {
        let perRow = Swift.max(1, Int(width / 130))
        return Double((tiers.count + perRow - 1) / perRow) * 20 + 44
    }

    /// The colour of `tier`: its place among `tiers` in the palette.
    private func colour(of tier: String, in tiers: [String]) -> String {
        Self.palette[(tiers.firstIndex(of: tier) ?? 0) % Self.palette.count]
    }

    /// A tick step of 1, 2 or 5 times a power of ten that gives at most eight ticks up to
    /// `maximum`.
    private func tickStep(for maximum: Double) -> Double {
        var power = 0.01
        while true {
            for multiple in [1.0, 2, 5] where maximum / (multiple * power) <= 8 { return multiple * power }
            power *= 10
        }
    }

    /// A tick's label, with as many decimals as the step needs.
    private func label(_ value: Double, step: Double) -> String {
        if step >= 1 { return String(Int(value.rounded())) }
        return format(value, decimals: step >= 0.1 ? 1 : 2)
    }

    /// A `<text>` element with `content` escaped.
    private func text(
        _ content: String, x: Double, y: Double, size: Int, bold: Bool = false, anchor: String = "start",
        colour: String = "#111"
    ) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" "
            + "fill=\"\(colour)\"\(bold ? " font-weight=\"bold\"" : "")>\(escape(content))</text>"
    }

    /// A one-pixel `<line>`.
    private func line(x1: Double, y1: Double, x2: Double, y2: Double, colour: String) -> String {
        "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\" "
            + "stroke=\"\(colour)\" stroke-width=\"1\"/>"
    }

    /// A coordinate with one decimal.
    private func number(_ value: Double) -> String { format(value, decimals: 1) }

    /// `text` with XML's special characters escaped, for text content and attribute values.
    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

import Foundation
import StrokeBenchMetrics

/// The report's charts, each an inline SVG labelled modelled or measured.
enum Charts {
    /// A verdict's colour: the grid and the matrix use the same six, and no chart uses them for anything else.
    static func colour(_ verdict: DrawingVerdict) -> String {
        switch verdict {
        case .keepsUp: "#2e7d32"
        case .mayHitch: "#b8860b"
        case .hitches: "#c62828"
        case .dropsFrames: "#e65100"
        case .inkLags: "#7b1fa2"
        case .noInk: "#6d6d6d"
        }
    }

    /// Where a chart's figures come from, first in its title: `Modelled`, or `Measured on this host (...),
    /// timed as each device's display`, never a device name alone for a time taken on this host.
    static func heading(_ kind: String) -> String { kind.prefix(1).uppercased() + kind.dropFirst() }

    /// Strategies by setting, each cell coloured by its verdict, which takes ink visibility into account:
    /// a strategy that leaves ink unseen while drawing is grey whatever its hitch ratio. Only settings run.
    static func hitchGrid(_ matrix: VerdictMatrix, kind: String) -> String {
        let labelWidth = 250.0
        let cellWidth = 118.0
        let cellHeight = 26.0
        let top = 46.0
        var svg = SVG(
            width: max(labelWidth + cellWidth * Double(matrix.settings.count) + 10, 760),
            height: top + cellHeight * Double(matrix.strategies.count) + 40)
        svg.text(
            "\(heading(kind)): verdict grid, colour the verdict, text its worst figure", x: 4, y: 16, size: 13,
            bold: true)
        for (column, setting) in matrix.settings.enumerated() {
            svg.text(
                setting.label(withTrace: matrix.namesTraces), x: labelWidth + cellWidth * (Double(column) + 0.5),
                y: top - 8,
                anchor: .middle, size: 10)
        }
        for (row, strategy) in matrix.strategies.enumerated() {
            let y = top + cellHeight * Double(row)
            svg.text(strategy, x: labelWidth - 6, y: y + 17, anchor: .end, size: 11)
            for (column, setting) in matrix.settings.enumerated() {
                let x = labelWidth + cellWidth * Double(column)
                guard let run = matrix.run(strategy, at: setting) else {
                    svg.rect(
                        x: x + 1, y: y + 1, width: cellWidth - 2, height: cellHeight - 2, fill: "#f4f4f4",
                        title: "not run")
                    continue
                }
                let verdict = run.verdict
                svg.rect(
                    x: x + 1, y: y + 1, width: cellWidth - 2, height: cellHeight - 2, fill: colour(verdict),
                    title:
                        "\(strategy), \(setting.label(withTrace: true)): \(verdict.rawValue); \(bandText(run.summary))")
                let words =
                    switch verdict {
                    case .noInk: "no ink"
                    case .inkLags: "ink \(fmt(run.summary.latencyMs.p95 / 1000, 1)) s late"
                    case .dropsFrames: "\(fmt(run.summary.droppedPct, 0))% dropped"
                    default: "\(fmt(run.summary.hitchRatioMsPerS, 1)) ms/s"
                    }
                svg.text(words, x: x + cellWidth / 2, y: y + 17, anchor: .middle, size: 11, fill: "#fff", bold: true)
            }
        }
        var x = labelWidth
        let legendY = top + cellHeight * Double(matrix.strategies.count) + 22
        for verdict in DrawingVerdict.allCases {
            svg.rect(x: x, y: legendY - 10, width: 12, height: 12, fill: colour(verdict))
            svg.text(verdict.rawValue, x: x + 16, y: legendY, size: 10)
            x += 26 + Double(verdict.rawValue.count) * 5.6
        }
        return svg.render(label: "verdict grid, \(kind)")
    }

    /// One bar per run: the 50th percentile as a bar, the 95th and 99th as ticks, against the frame budget.
    static func percentiles(
        _ runs: [StudyRun], setting: Setting, title: String, unit: String, kind: String,
        of figure: (RunSummary) -> Percentiles, budget: Double?
    ) -> String {
        let labelWidth = 250.0
        let plotWidth = 420.0
        let rowHeight = 22.0
        let top = 40.0
        let top99 = runs.map { figure($0.summary).p99 }.max() ?? 0
        let scale = max(top99, budget ?? 0, 0.001) * 1.1
        // A figure spanning more than two decades (a latency of seconds beside one of 8 ms) is drawn on a
        // log axis from 1 ms, so the short bars stay visible.
        let smallest = runs.map { figure($0.summary).p50 }.filter { $0 > 0 }.min() ?? scale
        let logarithmic = scale / max(smallest, 1) > 100
        var svg = SVG(width: labelWidth + plotWidth + 70, height: top + rowHeight * Double(runs.count) + 46)
        svg.text("\(heading(kind)): \(title), \(setting.label(withTrace: true))", x: 4, y: 16, size: 13, bold: true)
        svg.text(
            "bar: p50; ticks: p95 and p99 (\(unit)\(logarithmic ? ", log axis from 1" : ""))", x: 4, y: 31, size: 10,
            fill: "#555")
        func x(_ value: Double) -> Double {
            guard logarithmic else { return labelWidth + plotWidth * value / scale }
            return labelWidth + plotWidth * max(0, log10(max(value, 1))) / log10(scale)
        }
        for (row, run) in runs.enumerated() {
            let y = top + rowHeight * Double(row)
            let p = figure(run.summary)
            svg.text(run.strategyLabel, x: labelWidth - 6, y: y + 15, anchor: .end, size: 11)
            svg.rect(
                x: labelWidth, y: y + 4, width: x(p.p50) - labelWidth, height: rowHeight - 8, fill: colour(run.verdict),
                title: "\(run.strategyLabel): p50 \(fmt(p.p50, 3)), p95 \(fmt(p.p95, 3)), p99 \(fmt(p.p99, 3)) \(unit)")
            svg.line(x1: x(p.p95), y1: y + 3, x2: x(p.p95), y2: y + rowHeight - 3, stroke: "#111", width: 2)
            svg.line(
                x1: x(p.p99), y1: y + 3, x2: x(p.p99), y2: y + rowHeight - 3, stroke: "#111", dashed: true, width: 2)
            svg.text(fmt(p.p99, 2), x: x(p.p99) + 4, y: y + 15, size: 10, fill: "#333")
        }
        let bottom = top + rowHeight * Double(runs.count)
        svg.line(x1: labelWidth, y1: bottom, x2: labelWidth + plotWidth, y2: bottom, stroke: "#999")
        if let budget {
            svg.line(x1: x(budget), y1: top - 2, x2: x(budget), y2: bottom, stroke: "#c62828", dashed: true)
            svg.text(
                "one frame, \(fmt(budget, 2)) \(unit)", x: x(budget), y: bottom + 14, anchor: .middle, size: 10,
                fill: "#c62828")
        }
        // Tick labels: on a log axis every power of ten it spans, so a bar's order of magnitude reads at
        // a glance; on a linear one, zero and the end.
        if logarithmic {
            var tick = 1.0
            while tick < scale {
                svg.line(x1: x(tick), y1: bottom, x2: x(tick), y2: bottom + 4, stroke: "#999")
                svg.text(
                    tick >= 1000 ? "\(Int(tick / 1000).groupedText) s" : "\(Int(tick))", x: x(tick), y: bottom + 26,
                    anchor: .middle, size: 10)
                tick *= 10
            }
        } else {
            svg.text("0", x: labelWidth, y: bottom + 26, anchor: .middle, size: 10)
        }
        svg.text("\(fmt(scale, 1)) \(unit)", x: labelWidth + plotWidth, y: bottom + 38, anchor: .end, size: 10)
        return svg.render(label: "\(title), \(setting.label(withTrace: true))")
    }

    /// Colours for series (one per strategy), none of them a verdict's colour (`colour(_:)`), so that a
    /// line's colour never reads as a verdict: blues, cyans, greys, pink, brown and black.
    static let seriesPalette = [
        "#1f77b4", "#17becf", "#393b79", "#8c564b", "#e377c2", "#222222", "#7f7f7f", "#56b4e9", "#bcbd22", "#6baed6",
    ]

    /// Main-thread ms against retained points, one line per run: each line the median of the active
    /// frames in each of 24 equal spans of retained points. `missing` names the strategies run at the
    /// setting that have no line, with why, under the plot: none is left out without a word.
    static func costAgainstPoints(
        _ series: [(label: String, verdict: DrawingVerdict, points: [(Double, Double)])],
        missing: [String] = [], setting: Setting, kind: String
    ) -> String {
        let left = 56.0
        let plotWidth = 520.0
        let plotHeight = 220.0
        let top = 34.0
        let legendWidth = 230.0
        var svg = SVG(width: left + plotWidth + legendWidth, height: top + plotHeight + (missing.isEmpty ? 40 : 56))
        if !missing.isEmpty {
            svg.text(
                "no line: \(missing.joined(separator: "; "))", x: left, y: top + plotHeight + 34, size: 10, fill: "#555"
            )
        }
        svg.text(
            "\(heading(kind)): frame cost against retained points, \(setting.label(withTrace: true))", x: 4, y: 16,
            size: 13, bold: true)
        let maxX = max(series.flatMap { $0.points.map(\.0) }.max() ?? 1, 1)
        let maxY = max(series.flatMap { $0.points.map(\.1) }.max() ?? 1, 0.001) * 1.1
        func px(_ x: Double) -> Double { left + plotWidth * x / maxX }
        func py(_ y: Double) -> Double { top + plotHeight - plotHeight * y / maxY }
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: "#999")
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: "#999")
        svg.text("0", x: left - 4, y: top + plotHeight + 4, anchor: .end, size: 10)
        svg.text("\(fmt(maxY, 2)) ms", x: left - 4, y: top + 10, anchor: .end, size: 10)
        svg.text(
            "retained points: \(Int(maxX).groupedText)", x: left + plotWidth, y: top + plotHeight + 16, anchor: .end,
            size: 10)
        svg.text("main-thread ms, median of active frames", x: left, y: top - 6, size: 10, fill: "#555")
        let palette = seriesPalette
        for (index, line) in series.enumerated() {
            let colour = palette[index % palette.count]
            svg.polyline(line.points.map { (px($0.0), py($0.1)) }, stroke: colour, title: line.label)
            let y = top + 12 + 15 * Double(index)
            svg.line(
                x1: left + plotWidth + 12, y1: y - 4, x2: left + plotWidth + 30, y2: y - 4, stroke: colour, width: 3)
            svg.text(line.label, x: left + plotWidth + 34, y: y, size: 10)
        }
        return svg.render(label: "frame cost against retained points, \(setting.label(withTrace: true))")
    }

    /// The worst frame's main-thread, render and composite times against the vsyncs around it.
    static func worstFrame(_ frame: WorstFrame, hz: Double, kind: String) -> String {
        let period = 1000 / hz
        let span = max(frame.mainMs + frame.compositeMs, frame.renderMs, period) * 1.15 + period * 0.2
        let left = 70.0
        let plotWidth = 360.0
        var svg = SVG(width: left + plotWidth + 20, height: 104)
        func px(_ ms: Double) -> Double { left + plotWidth * ms / span }
        svg.text(
            "Worst frame: #\(frame.frame), hitch \(fmt(frame.hitchMs, 2)) ms (\(kind))", x: 4, y: 14, size: 11,
            bold: true)
        var tick = 0.0
        while tick <= span {
            svg.line(x1: px(tick), y1: 22, x2: px(tick), y2: 92, stroke: "#c62828", dashed: true)
            tick += period
        }
        let rows: [(String, Double, Double, String)] = [
            ("main", 0, frame.mainMs, seriesPalette[0]),
            ("render", 0, frame.renderMs, seriesPalette[2]),
            ("composite", frame.mainMs, frame.compositeMs, seriesPalette[1]),
        ]
        for (index, row) in rows.enumerated() {
            let y = 26 + 22 * Double(index)
            svg.text(row.0, x: left - 6, y: y + 12, anchor: .end, size: 10)
            svg.rect(
                x: px(row.1), y: y, width: px(row.1 + row.2) - px(row.1), height: 16, fill: row.3,
                title: "\(row.0): \(fmt(row.2, 3)) ms")
        }
        svg.text(
            "dashed: vsyncs every \(fmt(period, 2)) ms from the frame's own", x: left, y: 102, size: 9, fill: "#555")
        return svg.render(label: "worst frame timeline")
    }
}

/// The frame of a run with the longest hitch (the longest main-thread time where none hitched).
struct WorstFrame: Sendable {
    var frame: Int
    var hitchMs, mainMs, renderMs, compositeMs: Double
}

/// `value` with `digits` decimals.
func fmt(_ value: Double, _ digits: Int) -> String { value.fixed(digits) }

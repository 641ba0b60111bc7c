import Foundation

/// One series of a results history, as `bench report --history` draws it: a configuration's metric
/// at each commit, in the history's order, and the commits where `bench history changes` found it
/// changed. The report module reads no history itself; the command line hands these over.
package struct TrendSeries: Sendable {
    /// The configuration id.
    package var configuration: String
    /// The metric's name.
    package var metric: String
    /// The metric's unit.
    package var unit: String
    /// Exact (counters, modelled or zero-cost figures) or measured.
    package var exact: Bool
    /// Each point's commit and value, oldest first.
    package var points: [(commit: String, value: Double)]
    /// The commits a change was found at, with the change's relative size.
    package var changes: [(commit: String, change: Double?)]

    /// Creates a series; see the properties.
    package init(
        configuration: String, metric: String, unit: String, exact: Bool, points: [(commit: String, value: Double)],
        changes: [(commit: String, change: Double?)]
    ) {
        self.configuration = configuration
        self.metric = metric
        self.unit = unit
        self.exact = exact
        self.points = points
        self.changes = changes
    }
}

extension ReportPage {
    /// The history's trends: one inline SVG chart per series, those that changed first, at most
    /// `maxCharts`; the rest are named in a line.
    static func trendSection(_ trends: [TrendSeries], source: String, maxCharts: Int = 8) -> String {
        let ordered = trends.filter { !$0.changes.isEmpty } + trends.filter { $0.changes.isEmpty }
        var out = ["<section id=\"history\"><h2>History</h2>"]
        let changed = trends.filter { !$0.changes.isEmpty }.count
        out.append(
            "<p>\(escaped(source)): \(trends.count) series, \(changed) with change points (dashed, at the first commit after "
                + "the change; exact series change at the commit that changed them, measured ones by e-divisive means).</p>"
        )
        for series in ordered.prefix(maxCharts) { out.append("<figure class=\"chart\">\(trendChart(series))</figure>") }
        if ordered.count > maxCharts {
            out.append(
                "<p>Not drawn (unchanged): \(ordered.count - maxCharts) more series; `bench history show` lists them.</p>"
            )
        }
        out.append("</section>")
        return out.joined(separator: "\n")
    }

    /// A series against its commits, its changes marked.
    static func trendChart(_ series: TrendSeries) -> String {
        let left = 70.0
        let plotWidth = 560.0
        let plotHeight = 140.0
        let top = 34.0
        var svg = SVG(width: left + plotWidth + 20, height: top + plotHeight + 44)
        let kind = series.exact ? "exact" : "measured"
        svg.text("\(series.metric), \(series.configuration) (\(kind))", x: 4, y: 16, size: 12, bold: true)
        let values = series.points.map(\.value)
        let lo = values.min() ?? 0
        let hi = values.max() ?? 1
        let pad = hi > lo ? (hi - lo) * 0.1 : max(abs(hi) * 0.05, 1e-9)
        let (y0, y1) = (lo - pad, hi + pad)
        let n = series.points.count
        func px(_ i: Int) -> Double { left + (n > 1 ? plotWidth * Double(i) / Double(n - 1) : plotWidth / 2) }
        func py(_ v: Double) -> Double { top + plotHeight - plotHeight * (v - y0) / (y1 - y0) }
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: "#999")
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: "#999")
        svg.text("\(fmt(y1, 3)) \(series.unit)", x: left - 4, y: top + 8, anchor: .end, size: 10)
        svg.text("\(fmt(y0, 3))", x: left - 4, y: top + plotHeight, anchor: .end, size: 10)
        svg.polyline(
            series.points.enumerated().map { (px($0.offset), py($0.element.value)) }, stroke: "#1f77b4",
            title: "\(series.configuration): \(series.metric)")
        for (i, point) in series.points.enumerated() {
            svg.rect(
                x: px(i) - 2, y: py(point.value) - 2, width: 4, height: 4, fill: "#1f77b4",
                title: "\(point.commit): \(fmt(point.value, 4)) \(series.unit)")
        }
        for change in series.changes {
            guard let i = series.points.firstIndex(where: { $0.commit == change.commit }) else { continue }
            let x = i > 0 ? (px(i - 1) + px(i)) / 2 : px(i)
            svg.line(x1: x, y1: top, x2: x, y2: top + plotHeight, stroke: "#e53935", dashed: true, width: 1.2)
            let size = change.change.map { String(format: "%+.1f%%", $0 * 100) } ?? "changed"
            svg.text("\(change.commit.prefix(10)): \(size)", x: x + 3, y: top + 10, size: 10, fill: "#e53935")
        }
        if let first = series.points.first, let last = series.points.last {
            svg.text(String(first.commit.prefix(10)), x: left, y: top + plotHeight + 14, size: 10)
            svg.text(
                String(last.commit.prefix(10)), x: left + plotWidth, y: top + plotHeight + 14, anchor: .end, size: 10)
        }
        svg.text(
            "\(n) points, by commit", x: left + plotWidth / 2, y: top + plotHeight + 30, anchor: .middle, size: 10,
            fill: "#555")
        return svg.render(label: "trend of \(series.metric), \(series.configuration)")
    }
}

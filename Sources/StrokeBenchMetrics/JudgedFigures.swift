/// The figures a run is judged on beside its verdict, each oriented so that lower is better: what a
/// ranking orders by dominance and what `bench compare` holds two sides to (docs/model.md, "One answer").
package struct JudgedFigures: Sendable {
    /// Name and value, lower better.
    package var figures: [(name: String, value: Double)]

    /// Hitch ratio, dropped frames, ink latency p95 (infinite where more than 5% of the samples were
    /// never shown), the share of pen-moving vsyncs that showed new ink (negated), and main-thread plus
    /// render-server busy time where the summary has it.
    package init(_ s: RunSummary) {
        figures = [
            // A max-speed drive runs past its vsyncs by design: its hitch ratio is not judged (`RunJudgement`).
            ("hitch ratio", RunJudgement.Figures(s).judgesHitches ? s.hitchRatioMsPerS : 0),
            ("dropped frames", s.droppedPct),
            ("ink latency p95", RunJudgement.inkLatencyP95(s) ?? 0),
            ("ink shown", -(s.hz > 0 ? s.inkUpdatesPerS / s.hz : 0)),
        ]
        if let busy = s.busyMsPerS { figures.append(("main-thread and render-server busy", busy)) }
    }

    /// The mean of each figure over `summaries` (repetitions of one configuration); a figure missing from
    /// any of them is left out.
    package init(mean summaries: [RunSummary]) {
        let each = summaries.map(JudgedFigures.init)
        guard let first = each.first else {
            figures = []
            return
        }
        figures = first.figures.compactMap { figure in
            let values = each.compactMap { $0.figures.first { $0.name == figure.name }?.value }
            guard values.count == each.count else { return nil }
            return (figure.name, values.contains(.infinity) ? .infinity : values.reduce(0, +) / Double(values.count))
        }
    }

    /// The figures on which this is better than `other` by more than `margin` of the larger value.
    package func better(than other: JudgedFigures, margin: Double) -> [String] {
        zip(figures, other.figures).filter { a, b in a.name == b.name && Self.less(a.value, b.value, margin) }.map(
            \.0.name)
    }

    /// At least as good as `other` on every figure both have, and better on one, by more than `margin`.
    package func dominates(_ other: JudgedFigures, margin: Double) -> Bool {
        let pairs = zip(figures, other.figures).filter { $0.0.name == $0.1.name }
        return pairs.allSatisfy { !Self.less($0.1.value, $0.0.value, margin) }
            && pairs.contains { Self.less($0.0.value, $0.1.value, margin) }
    }

    /// `a` is lower than `b` by more than `margin` of the larger (and 1e-9); infinity is beyond every limit.
    static func less(_ a: Double, _ b: Double, _ margin: Double) -> Bool {
        if a == b { return false }
        if b == .infinity { return a.isFinite }
        if a == .infinity { return false }
        return a < b - (margin * max(abs(a), abs(b)) + 1e-9)
    }
}

import StrokeBenchMetrics

/// The strategies at one setting, best first, by a rule stated on the page (`Ranking.rule`): never one
/// above another that is at least as good on every judged figure and better on one.
package struct Ranking: Sendable {
    /// One strategy's place.
    package struct Entry: Sendable {
        package var run: StudyRun
        /// 1 for the best; strategies no judged figure can order share a place.
        package var place: Int
        /// True when this entry shares its place with the one before: neither is at least as good as the
        /// other on every judged figure (a trade-off).
        package var tied: Bool
        /// What decided its place against the entries before (`verdict`, `dominated by dirty-rect: ...`,
        /// `trade-off with ...`), or nil for the first.
        package var decidedBy: String?
    }

    /// The rule, in the words the report prints.
    package static let rule =
        "Ordered by verdict (keeps up; may hitch; hitches, drops frames or ink lags; no ink), then by dominance: "
        + "a strategy ranks below one that is at least as good on every judged figure (hitch ratio, dropped frames, ink latency p95 "
        + "with samples never shown beyond any limit, the share of pen-moving vsyncs that showed new ink, and main-thread plus "
        + "render-server busy time) and better on one, by more than 1%. Strategies neither of which is so dominated share a place. "
        + "null, the harness's own floor, is not ranked."

    package var entries: [Entry]

    /// Differences within 1% of the larger value are noise to a ranking, not better or worse.
    static let margin = 0.01

    /// The ranking of `runs` (one setting's), without `null`, which draws nothing.
    package init(_ runs: [StudyRun]) {
        let ranked = runs.filter { $0.summary.strategy != "null" }
        var entries: [Entry] = []
        for level in Set(ranked.map(\.judgement.level)).sorted() {
            var remaining = ranked.filter { $0.judgement.level == level }
            while !remaining.isEmpty {
                // The remaining runs no other remaining run dominates; all of them when dominance with a
                // margin goes round in a circle.
                var front = remaining.filter { run in
                    !remaining.contains {
                        JudgedFigures($0.summary).dominates(JudgedFigures(run.summary), margin: Self.margin)
                    }
                }
                if front.isEmpty { front = remaining }
                remaining.removeAll { run in front.contains { $0.strategyLabel == run.strategyLabel } }
                let place = entries.count + 1
                for (i, run) in front.sorted(by: Self.precedes).enumerated() {
                    entries.append(
                        Entry(
                            run: run, place: place, tied: i > 0,
                            decidedBy: Self.decision(run, after: entries.map(\.run), tied: i > 0)))
                }
            }
        }
        self.entries = entries
    }

    /// Within a place, the order the page lists strategies in (it decides nothing): hitch ratio, ink
    /// updates, busy time, then the name.
    static func precedes(_ a: StudyRun, _ b: StudyRun) -> Bool {
        let (x, y) = (a.summary, b.summary)
        if x.hitchRatioMsPerS != y.hitchRatioMsPerS { return x.hitchRatioMsPerS < y.hitchRatioMsPerS }
        if x.inkUpdatesPerS != y.inkUpdatesPerS { return x.inkUpdatesPerS > y.inkUpdatesPerS }
        if (x.busyMsPerS ?? 0) != (y.busyMsPerS ?? 0) { return (x.busyMsPerS ?? 0) < (y.busyMsPerS ?? 0) }
        return a.strategyLabel < b.strategyLabel
    }

    /// Why `run` comes after `before`: a worse verdict, a run before it that dominates it (and on what),
    /// or, for a shared place, the trade-off with the run before it.
    static func decision(_ run: StudyRun, after before: [StudyRun], tied: Bool) -> String? {
        guard let previous = before.last else { return nil }
        let figures = JudgedFigures(run.summary)
        if tied {
            let other = JudgedFigures(previous.summary)
            let better = figures.better(than: other, margin: Self.margin)
            let worse = other.better(than: figures, margin: Self.margin)
            if better.isEmpty && worse.isEmpty { return "no judged figure tells it from \(previous.strategyLabel)" }
            return "trade-off with \(previous.strategyLabel): better on \(list(better)), worse on \(list(worse))"
        }
        if let dominating = before.last(where: { JudgedFigures($0.summary).dominates(figures, margin: Self.margin) }) {
            return
                "dominated by \(dominating.strategyLabel): worse on \(list(JudgedFigures(dominating.summary).better(than: figures, margin: Self.margin)))"
        }
        return previous.judgement.level < run.judgement.level ? "verdict" : nil
    }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : names.joined(separator: ", ") }
}

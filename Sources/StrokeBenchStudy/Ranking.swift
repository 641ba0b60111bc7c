import StrokeBenchMetrics

/// The strategies at one setting, best first, by a rule stated on the page (`Ranking.rule`): never one
/// above another that is at least as good on every judged figure and better on one.
public struct Ranking: Sendable {
    /// One strategy's place.
    public struct Entry: Sendable {
        public var run: StudyRun
        /// 1 for the best; strategies no judged figure can order share a place.
        public var place: Int
        /// True when this entry shares its place with the one before: neither is at least as good as the
        /// other on every judged figure (a trade-off).
        public var tied: Bool
        /// What decided its place against the entries before (`verdict`, `dominated by dirty-rect: ...`,
        /// `trade-off with ...`), or nil for the first.
        public var decidedBy: String?
    }

    /// The rule, in the words the report prints.
    public static let rule = "Ordered by verdict (keeps up; may hitch; hitches, drops frames or ink lags; no ink), then by dominance: "
        + "a strategy ranks below one that is at least as good on every judged figure (hitch ratio, dropped frames, ink latency p95 "
        + "with samples never shown beyond any limit, the share of pen-moving vsyncs that showed new ink, and main-thread plus "
        + "render-server busy time) and better on one, by more than 1%. Strategies neither of which is so dominated share a place. "
        + "null, the harness's own floor, is not ranked."

    public var entries: [Entry]

    /// The ranking of `runs` (one setting's), without `null`, which draws nothing.
    public init(_ runs: [StudyRun]) {
        let ranked = runs.filter { $0.summary.strategy != "null" }
        var entries: [Entry] = []
        for level in Set(ranked.map(\.judgement.level)).sorted() {
            var remaining = ranked.filter { $0.judgement.level == level }
            while !remaining.isEmpty {
                // The remaining runs no other remaining run dominates; all of them when dominance with a
                // margin goes round in a circle.
                var front = remaining.filter { run in !remaining.contains { JudgedFigures($0).dominates(JudgedFigures(run)) } }
                if front.isEmpty { front = remaining }
                remaining.removeAll { run in front.contains { $0.strategyLabel == run.strategyLabel } }
                let place = entries.count + 1
                for (i, run) in front.sorted(by: Self.precedes).enumerated() {
                    entries.append(Entry(run: run, place: place, tied: i > 0, decidedBy: Self.decision(run, after: entries.map(\.run), tied: i > 0)))
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
        let figures = JudgedFigures(run)
        if tied {
            let other = JudgedFigures(previous)
            let better = figures.better(than: other), worse = other.better(than: figures)
            if better.isEmpty && worse.isEmpty { return "no judged figure tells it from \(previous.strategyLabel)" }
            return "trade-off with \(previous.strategyLabel): better on \(list(better)), worse on \(list(worse))"
        }
        if let dominating = before.last(where: { JudgedFigures($0).dominates(figures) }) {
            return "dominated by \(dominating.strategyLabel): worse on \(list(JudgedFigures(dominating).better(than: figures)))"
        }
        return previous.judgement.level < run.judgement.level ? "verdict" : nil
    }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : names.joined(separator: ", ") }
}

/// The figures a ranking judges a run on, each oriented so that lower is better.
struct JudgedFigures {
    /// Name and value, lower better.
    var figures: [(name: String, value: Double)]

    /// Differences within this share of the larger value (and 1e-9) are noise, not better or worse.
    static let margin = 0.01

    init(_ run: StudyRun) {
        let s = run.summary
        figures = [
            ("hitch ratio", s.hitchRatioMsPerS),
            ("dropped frames", s.droppedPct),
            ("ink latency p95", RunJudgement.inkLatencyP95(s) ?? 0),
            ("ink shown", -(s.hz > 0 ? s.inkUpdatesPerS / s.hz : 0)),
        ]
        if let busy = s.busyMsPerS { figures.append(("main-thread and render-server busy", busy)) }
    }

    /// The figures on which this is better than `other` beyond the margin.
    func better(than other: JudgedFigures) -> [String] {
        zip(figures, other.figures).filter { a, b in a.name == b.name && Self.less(a.value, b.value) }.map(\.0.name)
    }

    /// At least as good as `other` on every figure both have, and better on one.
    func dominates(_ other: JudgedFigures) -> Bool {
        let pairs = zip(figures, other.figures).filter { $0.0.name == $0.1.name }
        return pairs.allSatisfy { !Self.less($0.1.value, $0.0.value) } && pairs.contains { Self.less($0.0.value, $0.1.value) }
    }

    /// `a` is lower than `b` by more than the margin.
    private static func less(_ a: Double, _ b: Double) -> Bool {
        if a == b { return false }
        if b == .infinity { return a.isFinite }
        if a == .infinity { return false }
        return a < b - (margin * max(abs(a), abs(b)) + 1e-9)
    }
}

import StrokeBenchMetrics

/// The strategies at one setting, best first, by a rule stated on the page (`Ranking.rule`).
public struct Ranking: Sendable {
    /// One strategy's place.
    public struct Entry: Sendable {
        public var run: StudyRun
        /// 1 for the best; strategies the figures cannot order share a place.
        public var place: Int
        /// True when this entry shares its place with the one before: their deciding figure's 5-95%
        /// ranges overlap, so the model cannot say which is better.
        public var tied: Bool
        /// What decided its place against the entry before (`hitch ratio`, `ink updates/s`,
        /// `main-thread busy`), or nil for the first.
        public var decidedBy: String?
    }

    /// The rule, in the words the report prints.
    public static let rule = "Ordered by verdict (keeps up, may hitch, hitches, ink lags, ink not shown while drawing), then hitch ratio "
        + "(lower first), then updates with new ink a second (more first), then main-thread busy share (lower first). "
        + "Where the deciding figure's 5-95% ranges overlap (modelled runs), the two share a place: the model cannot order them. "
        + "null, the harness's own floor, is not ranked."

    public var entries: [Entry]

    /// The ranking of `runs` (one setting's), without `null`, which draws nothing.
    public init(_ runs: [StudyRun]) {
        let ordered = runs.filter { $0.summary.strategy != "null" }.sorted(by: Self.precedes)
        var entries: [Entry] = []
        for run in ordered {
            guard let previous = entries.last else {
                entries.append(Entry(run: run, place: 1, tied: false, decidedBy: nil))
                continue
            }
            let (figure, tied) = Self.decision(previous.run, run)
            entries.append(Entry(run: run, place: tied ? previous.place : entries.count + 1, tied: tied, decidedBy: figure))
        }
        self.entries = entries
    }

    /// True when `a` comes before `b` by the rule's order of figures (central values).
    static func precedes(_ a: StudyRun, _ b: StudyRun) -> Bool {
        let (x, y) = (a.summary, b.summary)
        if a.verdict.rank != b.verdict.rank { return a.verdict.rank < b.verdict.rank }
        if x.hitchRatioMsPerS != y.hitchRatioMsPerS { return x.hitchRatioMsPerS < y.hitchRatioMsPerS }
        if x.inkUpdatesPerS != y.inkUpdatesPerS { return x.inkUpdatesPerS > y.inkUpdatesPerS }
        if x.mainThreadBusyPct != y.mainThreadBusyPct { return x.mainThreadBusyPct < y.mainThreadBusyPct }
        return a.strategyLabel < b.strategyLabel
    }

    /// The figure that orders `b` after `a`, and whether it cannot: the first of the rule's figures
    /// in which they differ; tied when that figure's ranges overlap, or when no figure tells them apart.
    static func decision(_ a: StudyRun, _ b: StudyRun) -> (figure: String?, tied: Bool) {
        let (x, y) = (a.summary, b.summary)
        if a.verdict != b.verdict { return ("verdict", false) }
        if x.hitchRatioMsPerS != y.hitchRatioMsPerS {
            return ("hitch ratio", overlap(x.hitchRatioMsPerSLow, x.hitchRatioMsPerSHigh, y.hitchRatioMsPerSLow, y.hitchRatioMsPerSHigh))
        }
        if x.inkUpdatesPerS != y.inkUpdatesPerS { return ("ink updates/s", false) }
        if x.mainThreadBusyPct != y.mainThreadBusyPct {
            return ("main-thread busy", overlap(x.mainThreadBusyPctLow, x.mainThreadBusyPctHigh, y.mainThreadBusyPctLow, y.mainThreadBusyPctHigh))
        }
        return (nil, true)
    }

    /// True when both ranges are known and overlap.
    private static func overlap(_ lowA: Double?, _ highA: Double?, _ lowB: Double?, _ highB: Double?) -> Bool {
        guard let lowA, let highA, let lowB, let highB else { return false }
        return lowA <= highB && lowB <= highA
    }
}

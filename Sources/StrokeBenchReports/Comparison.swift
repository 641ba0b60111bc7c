import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies

/// When a difference counts (`ChangeVerdict.judge`): significant (p at most `alpha`) and material (the median moves by more
/// than `threshold`, a fraction). Either alone misleads: thousands of frames make 1% significant,
/// and a bare ratio of two noisy medians can be 10% by chance.
package struct ComparisonPolicy: Hashable, Sendable {
    package var alpha: Double
    package var threshold: Double
    /// p < 0.01 and a median that moves more than 5%.
    package static let standard = ComparisonPolicy(alpha: 0.01, threshold: 0.05)
    package init(alpha: Double, threshold: Double) {
        self.alpha = alpha
        self.threshold = threshold
    }
}

/// One run of a result set, as `compare` sees it: the spec it replayed and its summary (both nil for
/// a bare per-frame CSV, which matches the other side's configuration), and where its per-frame
/// samples come from.
package struct ComparedRun {
    package var spec: ReplaySpec?
    package var summary: RunSummary?
    /// Loads the main-thread times of the run's active frames.
    package var samples: () throws -> [Double]

    package init(spec: ReplaySpec?, summary: RunSummary?, samples: @escaping () throws -> [Double]) {
        self.spec = spec
        self.summary = summary
        self.samples = samples
    }

    /// A sweep's run.
    package init(_ swept: SweptRun, samples: @escaping () throws -> [Double]) {
        self.init(spec: swept.spec, summary: swept.summary, samples: samples)
    }
}

/// A field of the spec that tells configurations apart: every field of `ReplaySpec` shown apart
/// (`SpecField.shown`: the prediction's horizon is part of the prediction's value), the trace by its
/// label (the same file in two folders matches) and the rate and workers as the run resolved them.
/// A dimension keys a JSON object by its field's key (`varied`, `partly_differing` in compare's JSON),
/// so the maps stay typed up to the encoder.
extension ComparisonDimension: CodingKeyRepresentable, Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    package var codingKey: any CodingKey { AnyDimensionKey(stringValue: rawValue) }
    package init?<T: CodingKey>(codingKey: T) { self.init(rawValue: codingKey.stringValue) }

    private struct AnyDimensionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

package struct ComparisonDimension: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The field's key: its column, and how a comparison names it (`present_queue_depth differs`).
    package let rawValue: String

    package init(_ field: SpecField) { rawValue = field.key }

    /// The dimension of the field with key `rawValue`, if that field is shown apart.
    package init?(rawValue: String) {
        guard let field = SpecField.shown.first(where: { $0.key == rawValue }) else { return nil }
        self.init(field)
    }

    /// Every dimension, in the order reports show them.
    package static let allCases = SpecField.shown.map(ComparisonDimension.init)

    private var field: SpecField { SpecField.named(rawValue)! }

    package var description: String { rawValue }

    /// The field's value in `run`, as reports show it (options in the order their strategy in
    /// `strategies` declares them); a bare per-frame CSV has only its trace, `run`.
    package func value(of run: ComparedRun, strategies: StrategyCatalog) -> String {
        guard let spec = run.spec else { return field.key == "trace" ? "run" : "" }
        let context = SpecField.Context(
            declared: strategies.options(of: spec.strategy), deviceRate: run.summary?.hz,
            workers: run.summary?.workers)
        return field.text(spec, context)
    }

    package static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// A run-summary figure a comparison reports for both sides, keyed by its `Metric`, and the columns
/// it fills: `baseline_NAME` and `candidate_NAME` (the metric's summary.csv name), then its ratio.
package struct ComparedFigure: Sendable {
    package let metric: Metric
    /// Whether each side's value has a column; bytes copied shows only its ratio.
    package let showsSides: Bool
    /// The ratio's column; nil for a figure shown side by side only.
    package let ratioColumn: String?

    /// `metric`, its sides as `baseline_NAME` and `candidate_NAME` unless `sides` is false, and unless
    /// `ratio` is false its ratio, in `ratioColumn` or else `NAME_ratio`.
    package init(_ metric: Metric, sides: Bool = true, ratio: Bool = true, ratioColumn: String? = nil) {
        self.metric = metric
        showsSides = sides
        self.ratioColumn = ratio ? ratioColumn ?? "\(metric.name)_ratio" : nil
    }

    /// The figure's columns, in order.
    package var columns: [String] {
        (showsSides ? ["baseline_\(metric.name)", "candidate_\(metric.name)"] : []) + (ratioColumn.map { [$0] } ?? [])
    }

    /// Timings say as much about the machine as about the code; counters are deterministic.
    package var isTiming: Bool { metric.counter == nil }
}

/// One figure of each side, averaged over repetitions; nil when it was not compared.
package struct ComparedValues: Hashable, Sendable {
    package var baseline: Double?
    package var candidate: Double?

    package init(baseline: Double? = nil, candidate: Double? = nil) {
        self.baseline = baseline
        self.candidate = candidate
    }

    /// Candidate / baseline: 1 for two zeros, infinity for something over nothing.
    package var ratio: Double? { ConfigurationComparison.ratio(baseline, candidate) }
}

/// The comparison of one configuration.
package struct ConfigurationComparison: Sendable {
    /// The configuration, dimension by dimension (`strategy`, `device`, ...); a dimension that
    /// differs between the two sets reads `baseline → candidate`.
    package var configuration: [ComparisonDimension: String]
    package var baselineMachine: String
    package var candidateMachine: String
    /// Runs pooled on each side (repetitions).
    package var baselineRuns: Int, candidateRuns: Int
    /// Active frames pooled on each side: the samples of the test.
    package var baselineFrames: Int, candidateFrames: Int
    /// Medians of the pooled per-frame main-thread times, ms; nil when timings are not compared.
    package var baselineMainMedian: Double?, candidateMainMedian: Double?
    /// The figures of `Comparison.figures`, by metric: timings only when they are compared, counters always.
    package var figures: [Metric: ComparedValues] = [:]
    /// The test of candidate against baseline frames; nil when timings are not compared.
    package var pValue: Double?
    /// P(a candidate frame is slower than a baseline frame), ties counting half.
    package var probabilityCandidateSlower: Double?
    /// The per-frame main-thread test's own conclusion (`Comparison.verdict(test:...)`): one line among
    /// the judged figures; nil when timings are not compared.
    package var mainThread: ChangeVerdict?
    /// Each side's verdict (`RunJudgement`, of its first run); nil for a bare per-frame CSV.
    package var baselineVerdict: DrawingVerdict?, candidateVerdict: DrawingVerdict?
    /// The judged figures that got materially better or worse, the verdict and main-thread time among them.
    package var better: [String] = [], worse: [String] = []
    /// What the comparison concluded about the configuration, from every judged figure: better only
    /// when nothing got worse.
    package var verdict: ChangeVerdict

    /// Candidate / baseline of a figure: 1 for two zeros, infinity for something over nothing.
    package static func ratio(_ baseline: Double?, _ candidate: Double?) -> Double? {
        guard let baseline, let candidate else { return nil }
        if baseline == 0 { return candidate == 0 ? 1 : .infinity }
        return candidate / baseline
    }

    /// Both sides of `metric`; empty when it was not compared.
    package subscript(metric: Metric) -> ComparedValues { figures[metric] ?? ComparedValues() }

    package var mainMedianRatio: Double? { Self.ratio(baselineMainMedian, candidateMainMedian) }
}

/// A configuration-by-configuration comparison of two result sets (two sweeps, or two runs).
package struct Comparison: Sendable {
    /// The dimensions a configuration is made of, in the order reports show them.
    package static let dimensions = ComparisonDimension.allCases

    /// The run-summary figures compared beside the per-frame test, in column order.
    package static let figures: [ComparedFigure] = [
        ComparedFigure(.mainMsP99),
        // Its ratio was named before the metric's column, and scripts read it by that name.
        ComparedFigure(.hitchRatio, ratioColumn: "hitch_ratio_ratio"),
        ComparedFigure(.droppedPct, ratio: false),
        ComparedFigure(.pixelsRasterized),
        ComparedFigure(.bytesCopied, sides: false),
    ]

    package static let format = FormatVersion(name: "comparison", current: 1)
    package var formatVersion = Comparison.format.current
    package var baseline: String
    package var candidate: String
    /// How to read it; written into every format so that nobody has to guess the direction.
    package var direction = "ratios are candidate / baseline; lower time is better; verdicts are the candidate's"
    package var alpha: Double
    package var threshold: Double
    /// Dimensions that take one value in each set, a different one: what the comparison is about
    /// (`strategy: naive → flattened`, `costs: zero → model`). They are left out when matching configurations.
    package var varied: [ComparisonDimension: String]
    /// Dimensions whose values differ between the sets only in part (`costs: zero, model | model`): still
    /// matched on, so nothing is pooled across them, and said, so nobody misses it.
    package var partlyDiffering: [ComparisonDimension: String]
    package var configurations: [ConfigurationComparison]
    /// Configurations present on one side only, as labels.
    package var onlyInBaseline: [String], onlyInCandidate: [String]

    /// Matches the runs of `baseline` and `candidate` configuration by configuration, pools the
    /// repetitions of each, and tests the per-frame main-thread times of the candidate against the
    /// baseline's.
    ///
    /// Runs are matched on every field of their spec (`ComparisonDimension`). A field with a single,
    /// different value on each side (two sweeps of one strategy each, or of one cost model each) is the
    /// subject of the comparison and is not matched on; a field that differs only in part is matched on
    /// and reported in `partlyDiffering`. Options are told apart as their strategy in `strategies` declares them.
    package init(
        baselineName: String, baseline: [ComparedRun], candidateName: String, candidate: [ComparedRun],
        policy: ComparisonPolicy = .standard, strategies: StrategyCatalog
    ) throws {
        self.baseline = baselineName
        self.candidate = candidateName
        alpha = policy.alpha
        threshold = policy.threshold
        var varied: [ComparisonDimension: String] = [:]
        var partly: [ComparisonDimension: String] = [:]
        var keyDimensions: [ComparisonDimension] = []
        for d in Self.dimensions {
            let b = Self.values(baseline, d, strategies)
            let c = Self.values(candidate, d, strategies)
            if b.count == 1, c.count == 1, b != c {
                varied[d] = "\(b[0]) → \(c[0])"
                continue
            }
            keyDimensions.append(d)
            if Set(b) != Set(c) { partly[d] = b.joined(separator: ", ") + " | " + c.joined(separator: ", ") }
        }
        self.varied = varied
        partlyDiffering = partly
        func key(_ run: ComparedRun) -> [String] { keyDimensions.map { $0.value(of: run, strategies: strategies) } }
        func label(_ key: [String]) -> String {
            zip(keyDimensions, key).map { "\($0.rawValue)=\($1)" }.joined(separator: " ")
        }
        var baselineGroups: [[String]: [ComparedRun]] = [:]
        var candidateGroups: [[String]: [ComparedRun]] = [:]
        var order: [[String]] = []
        for run in baseline {
            let k = key(run)
            if baselineGroups[k] == nil { order.append(k) }
            baselineGroups[k, default: []].append(run)
        }
        for run in candidate { candidateGroups[key(run), default: []].append(run) }
        onlyInBaseline = order.filter { candidateGroups[$0] == nil }.map(label)
        onlyInCandidate = candidate.map(key).reduce(into: [[String]]()) { if !$0.contains($1) { $0.append($1) } }
            .filter { baselineGroups[$0] == nil }.map(label)

        configurations = []
        for k in order {
            guard let b = baselineGroups[k], let c = candidateGroups[k] else { continue }
            var configuration = Dictionary(uniqueKeysWithValues: zip(keyDimensions, k).map { ($0, $1) })
            for (d, v) in varied { configuration[d] = v }
            configurations.append(
                try Self.compare(configuration: configuration, baseline: b, candidate: c, policy: policy))
        }
    }

    /// The distinct values of `dimension` in `runs`, in first-seen order.
    static func values(_ runs: [ComparedRun], _ dimension: ComparisonDimension, _ strategies: StrategyCatalog)
        -> [String]
    {
        runs.map { dimension.value(of: $0, strategies: strategies) }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
    }

    static func compare(
        configuration: [ComparisonDimension: String], baseline: [ComparedRun], candidate: [ComparedRun],
        policy: ComparisonPolicy
    ) throws -> ConfigurationComparison {
        func machines(_ runs: [ComparedRun]) -> [String] {
            Array(Set(runs.compactMap { $0.summary?.machine }.filter { !$0.isEmpty })).sorted()
        }
        /// The metric averaged over repetitions; nil when a run has no summary (a bare per-frame CSV).
        func mean(_ runs: [ComparedRun], _ metric: Metric) -> Double? {
            let values = runs.compactMap { $0.summary.flatMap(metric.value(in:)) }
            return values.count == runs.count && !values.isEmpty ? values.reduce(0, +) / Double(values.count) : nil
        }
        let bm = machines(baseline)
        let cm = machines(candidate)
        // Timings from two machines say as much about the machines as about the code; counters are
        // deterministic and compare anywhere. An unrecorded machine (a bare per-frame CSV) is trusted.
        let sameMachine = Set(bm + cm).count <= 1
        let bs = try baseline.flatMap { try $0.samples() }
        let cs = try candidate.flatMap { try $0.samples() }
        /// A figure of one side: its runs' mean, or for a bare per-frame CSV the same percentile of its frames.
        func side(_ runs: [ComparedRun], _ samples: [Double], _ metric: Metric) -> Double? {
            if let value = mean(runs, metric) { return value }
            guard let (distribution, rank) = metric.percentile, distribution == .mainMs, !samples.isEmpty else {
                return nil
            }
            return rank.value(in: Percentiles(samples))
        }
        var result = ConfigurationComparison(
            configuration: configuration, baselineMachine: bm.joined(separator: "; "),
            candidateMachine: cm.joined(separator: "; "), baselineRuns: baseline.count, candidateRuns: candidate.count,
            baselineFrames: bs.count, candidateFrames: cs.count, verdict: .inconclusive)
        for figure in figures where sameMachine || !figure.isTiming {
            result.figures[figure.metric] = ComparedValues(
                baseline: side(baseline, bs, figure.metric),
                candidate: side(candidate, cs, figure.metric))
        }
        let bSummaries = baseline.compactMap(\.summary)
        let cSummaries = candidate.compactMap(\.summary)
        result.baselineVerdict = bSummaries.first?.judgement.verdict
        result.candidateVerdict = cSummaries.first?.judgement.verdict
        // Modelled and zero-cost figures are the same on any machine; measured ones only on one.
        let deterministic =
            !(bSummaries + cSummaries).isEmpty && (bSummaries + cSummaries).allSatisfy { $0.costs != "measured" }
        if sameMachine || deterministic, bSummaries.count == baseline.count, cSummaries.count == candidate.count {
            judge(&result, JudgedFigures(mean: bSummaries), JudgedFigures(mean: cSummaries), policy: policy)
        }
        guard sameMachine else {
            result.verdict = deterministic ? overall(result) : .differentMachines
            return result
        }
        result.baselineMainMedian = median(bs)
        result.candidateMainMedian = median(cs)
        let test = MannWhitney(bs, cs)
        result.pValue = test.p
        result.probabilityCandidateSlower = test.probabilitySecondLarger
        let main = verdict(
            test: test, medianRatio: result.mainMedianRatio ?? 1, policy: policy,
            identical: bs.sorted() == cs.sorted() && result[.pixelsRasterized].ratio ?? 1 == 1)
        result.mainThread = main
        if main == .equal {
            result.verdict = .equal
            return result
        }
        if main == .better { result.better.append("main-thread time") }
        if main == .worse { result.worse.append("main-thread time") }
        result.verdict = overall(result)
        return result
    }

    /// Adds the judged figures that moved by more than the policy's threshold, and the verdict where
    /// its level changed, to `result.better` and `worse`.
    private static func judge(
        _ result: inout ConfigurationComparison, _ b: JudgedFigures, _ c: JudgedFigures, policy: ComparisonPolicy
    ) {
        result.better += c.better(than: b, margin: policy.threshold)
        result.worse += b.better(than: c, margin: policy.threshold)
        guard let was = result.baselineVerdict, let now = result.candidateVerdict else { return }
        let level = { (v: DrawingVerdict) in RunJudgement.level(of: v) }
        if level(now) < level(was) { result.better.insert("verdict (\(was.rawValue) → \(now.rawValue))", at: 0) }
        if level(now) > level(was) { result.worse.insert("verdict (\(was.rawValue) → \(now.rawValue))", at: 0) }
    }

    /// Better only when nothing got worse, worse only when nothing got better, a trade-off when both;
    /// when nothing moved, inconclusive if the main-thread time moved by more than the threshold without
    /// significance, unchanged otherwise (compare's word for both is inconclusive).
    private static func overall(_ result: ConfigurationComparison) -> ChangeVerdict {
        switch (result.better.isEmpty, result.worse.isEmpty) {
        case (true, true): result.mainThread == .inconclusive ? .inconclusive : .unchanged
        case (false, true): .better
        case (true, false): .worse
        case (false, false): .tradeOff
        }
    }

    /// `ChangeVerdict.judge` on every frame: material when the median moves by more than the threshold and
    /// the rank test leans the same way; better or worse only when also significant; equal for
    /// identical samples.
    static func verdict(test: MannWhitney, medianRatio: Double, policy: ComparisonPolicy, identical: Bool)
        -> ChangeVerdict
    {
        if identical { return .equal }
        return ChangeVerdict.judge(
            materiallyWorse: medianRatio > 1 + policy.threshold && test.probabilitySecondLarger > 0.5,
            materiallyBetter: medianRatio < 1 - policy.threshold && test.probabilitySecondLarger < 0.5,
            p: test.p, alpha: policy.alpha)
    }
}

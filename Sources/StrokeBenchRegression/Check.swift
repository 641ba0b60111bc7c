import Foundation
import StrokeBenchMetrics
import StrokeBenchStrategies

/// One line of `bench check`'s report: a figure of one configuration, compared, with its verdict.
package struct CheckResult: Hashable, Sendable, Encodable {
    /// The three layers of the issue, plus the final picture.
    package enum Kind: String, Sendable, Codable {
        /// A work counter, compared exactly (or within `Tolerance.counterRelative`).
        case counter
        /// The checksum of the final picture of the counting replay, compared exactly.
        case picture
        /// An absolute budget on the candidate's runs.
        case budget
        /// A timing figure against the baseline's recorded range.
        case timing
        /// A capacity (`bench ramp --baseline`) against the one recorded.
        case capacity
        /// The run's one judgement (`RunJudgement`) against the recorded run's: modelled and zero-cost
        /// configurations, whose figures are the same on every machine.
        case verdict
        /// A configuration one of two compared baselines has and the other lacks (`bench baseline diff`).
        case configuration
    }

    /// The configuration's `id`.
    package var configuration: String
    /// The figure: `pixels_rasterized`, `main_ms_p95`, `budget latency_p95_ms`, `budget ink_updates_per_s@p50`, `picture_checksum`.
    package var name: String
    /// Which layer the check belongs to.
    package var kind: Kind
    /// The figure's unit (empty for counts and checksums).
    package var unit: String
    /// The baseline's value or range, for people (`4.81..5.02`), or the budget's limit (`<= 5`).
    package var baseline: String
    /// The candidate's value, or its median with its range for timings.
    package var candidate: String
    /// Relative change of the candidate's median against the baseline's median (0.5 is +50%), when both are numbers.
    package var change: Double?
    /// One-sided Mann-Whitney p-value in the direction of the change (timing checks beyond tolerance only).
    package var pValue: Double?
    /// The verdict.
    package var verdict: ChangeVerdict
    /// Why: what was compared with what, in words.
    package var reason: String
    /// The candidate's figure as a number, for dashboards that chart it (`--format github-benchmark`):
    /// the counter, the median of a timing, the statistic of a budget; nil for the picture.
    package var candidateValue: Double?

    enum CodingKeys: String, CodingKey {
        case configuration, name, kind, unit, baseline, candidate, change
        case pValue = "p_value"
        case verdict, reason
        case candidateValue = "candidate_value"
    }

    /// Writes the result with its verdict in check's words (`ChangeVerdict.word(.check)`).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(configuration, forKey: .configuration)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(unit, forKey: .unit)
        try c.encode(baseline, forKey: .baseline)
        try c.encode(candidate, forKey: .candidate)
        try c.encodeIfPresent(change, forKey: .change)
        try c.encodeIfPresent(pValue, forKey: .pValue)
        try c.encode(verdict.word(.check), forKey: .verdict)
        try c.encode(reason, forKey: .reason)
        try c.encodeIfPresent(candidateValue, forKey: .candidateValue)
    }

    /// Creates a result; see the properties.
    package init(
        configuration: String, name: String, kind: Kind, unit: String, baseline: String, candidate: String,
        change: Double?, pValue: Double?, verdict: ChangeVerdict, reason: String, candidateValue: Double? = nil
    ) {
        self.configuration = configuration
        self.name = name
        self.kind = kind
        self.unit = unit
        self.baseline = baseline
        self.candidate = candidate
        self.change = change
        self.pValue = pValue
        self.verdict = verdict
        self.reason = reason
        self.candidateValue = candidateValue
    }
}

/// Compares a candidate measurement with its baseline entry, layer by layer.
package enum Checker {
    /// Every check of one configuration: counters and the picture (exact), budgets (absolute, on the
    /// candidate's runs), then timing figures (relative to the baseline's range).
    ///
    /// - Parameters:
    ///   - candidate: measured now, with the same configuration as `baseline`.
    ///   - strategies: the strategies the bench knows, which name the configuration's options.
    package static func compare(
        baseline: BaselineEntry, candidate: BaselineEntry, budgets: Budgets,
        tolerance: Tolerance = .default, strategies: StrategyCatalog
    ) -> [CheckResult] {
        let id = baseline.configuration.id(strategies: strategies)
        var results: [CheckResult] = []
        for metric in Metric.counters {
            guard let counter = metric.counter else { continue }
            results.append(
                counterCheck(
                    configuration: id, name: metric.name,
                    baseline: baseline.counters[keyPath: counter],
                    candidate: candidate.counters[keyPath: counter], tolerance: tolerance,
                    polarity: metric.polarity))
        }
        let same = baseline.pictureChecksum == candidate.pictureChecksum
        results.append(
            CheckResult(
                configuration: id, name: "picture_checksum", kind: .picture, unit: "",
                baseline: baseline.pictureChecksum, candidate: candidate.pictureChecksum, change: nil, pValue: nil,
                verdict: same ? .unchanged : .worse,
                reason: same ? "the same final picture" : "the final picture changed"))
        if let check = verdictCheck(configuration: id, baseline: baseline, candidate: candidate) {
            results.append(check)
        }
        for (budget, limit) in budgets.active {
            results.append(
                budgetCheck(
                    configuration: id, budget: budget, limit: limit,
                    baseline: baseline.runs, candidate: candidate.runs))
        }
        // Modelled timings are the counted work times fixed unit costs: no noise to allow for, so
        // they are compared exactly, not by range and significance (identical repeats tie every rank).
        let modelled = baseline.configuration.costs == .model
        for metric in Metric.timing {
            // Every timing metric is one a timing run keeps, whatever format recorded it; a mean or a
            // total a run lacks reads as 0, as it always has.
            let (was, now) = (
                baseline.runs.map { $0.value(of: metric) ?? 0 }, candidate.runs.map { $0.value(of: metric) ?? 0 }
            )
            results.append(
                modelled
                    ? modelledTimingCheck(
                        configuration: id, name: metric.name, unit: metric.unit, baseline: was, candidate: now,
                        polarity: metric.polarity)
                    : timingCheck(
                        configuration: id, name: metric.name, unit: metric.unit, baseline: was, candidate: now,
                        noiseFloor: tolerance.noiseFloor(unit: metric.unit), tolerance: tolerance,
                        polarity: metric.polarity))
        }
        return results
    }

    /// The run's verdict against the recorded one, for a configuration whose figures are the same on
    /// every machine (modelled or zero costs): a worse verdict level is a regression, a better one an
    /// improvement, the same level a pass. Nil for measured costs, whose verdict moves with the
    /// machine (their figures are checked one by one), or a baseline whose runs lack the figures.
    static func verdictCheck(configuration id: String, baseline: BaselineEntry, candidate: BaselineEntry)
        -> CheckResult?
    {
        func judged(_ values: [Metric: Double]) -> RunJudgement.Figures? {
            RunJudgement.Figures(values, judgesHitches: baseline.configuration.input != .maxSpeed)
        }
        guard baseline.configuration.costs != .measured,
            let was = baseline.runs.first?.figures.flatMap({ judged($0.values) }).map(RunJudgement.init),
            let now = candidate.runs.first?.figures.flatMap({ judged($0.values) }).map(RunJudgement.init)
        else { return nil }
        let verdict: ChangeVerdict = now.level > was.level ? .worse : now.level < was.level ? .better : .unchanged
        let reason = verdict == .unchanged ? "\(now.verdict.rawValue), as recorded" : "\(was.summary) → \(now.summary)"
        return CheckResult(
            configuration: id, name: "verdict", kind: .verdict, unit: "", baseline: was.verdict.rawValue,
            candidate: now.verdict.rawValue, change: nil, pValue: nil, verdict: verdict, reason: reason)
    }

    /// The verdict on a change from `was` to `now` that is real: a regression when it is worse by
    /// `polarity`, an improvement when better, a pass for a figure with no direction.
    static func verdict(_ now: Double, against was: Double, polarity: Polarity) -> ChangeVerdict {
        polarity.isWorse(now, than: was) ? .worse : polarity.isBetter(now, than: was) ? .better : .unchanged
    }

    /// A modelled timing figure (`--costs model`): the same on every machine and every repeat, so any
    /// change beyond floating-point rounding (a relative 1e-9) is real: worse by `polarity` is a
    /// regression, better an improvement.
    package static func modelledTimingCheck(
        configuration: String, name: String, unit: String,
        baseline: [Double], candidate: [Double],
        polarity: Polarity = .lowerIsBetter
    ) -> CheckResult {
        let was = median(baseline)
        let now = median(candidate)
        let change: Double? = was > 0 ? (now - was) / was : nil
        let same = abs(now - was) <= 1e-9 * max(abs(was), abs(now))
        let verdict: ChangeVerdict = same ? .unchanged : Self.verdict(now, against: was, polarity: polarity)
        let reason =
            same
            ? "exactly equal (modelled)"
            : "modelled: \(number(now)) against the baseline's \(number(was)) \(unit)\(change.map { " (\(signedPercent($0)))" } ?? "")"
        return CheckResult(
            configuration: configuration, name: name, kind: .timing, unit: unit,
            baseline: range(baseline), candidate: summary(candidate), change: change, pValue: nil,
            verdict: verdict, reason: reason, candidateValue: now)
    }

    /// An exact counter check: equal (or within `counterRelative`) passes; otherwise worse by `polarity`
    /// (for work, more) is a regression, better an improvement.
    package static func counterCheck(
        configuration: String, name: String, baseline: Int, candidate: Int,
        tolerance: Tolerance, polarity: Polarity = .lowerIsBetter
    ) -> CheckResult {
        let change =
            baseline == 0 ? (candidate == 0 ? 0 : Double.infinity) : Double(candidate - baseline) / Double(baseline)
        let verdict: ChangeVerdict
        let reason: String
        if candidate == baseline {
            verdict = .unchanged
            reason = "exactly equal"
        } else if abs(change) <= tolerance.counterRelative {
            verdict = .unchanged
            reason = "\(signedPercent(change)), within the \(percent(tolerance.counterRelative)) counter tolerance"
        } else {
            verdict = Self.verdict(Double(candidate), against: Double(baseline), polarity: polarity)
            reason =
                candidate > baseline
                ? "\(candidate - baseline) more than the baseline's \(baseline) (\(signedPercent(change)))"
                : "\(baseline - candidate) fewer than the baseline's \(baseline) (\(signedPercent(change)))"
        }
        return CheckResult(
            configuration: configuration, name: name, kind: .counter, unit: "", baseline: String(baseline),
            candidate: String(candidate), change: change.isFinite ? change : nil, pValue: nil,
            verdict: verdict, reason: reason, candidateValue: Double(candidate))
    }

    /// A budget over the candidate's runs (see `Budget.verdict(_:threshold:)`); a relative budget's
    /// limit comes from the baseline's runs. A budget the runs cannot be judged by (a relative one on a
    /// figure the baseline's format did not keep) is inconclusive, with the reason: never a silent pass.
    package static func budgetCheck(
        configuration: String, budget: Budget, limit: BudgetLimit,
        baseline: [TimingRun], candidate runs: [TimingRun]
    ) -> CheckResult {
        let comparison = budget.metric.polarity == .higherIsBetter ? ">= " : "<= "
        func result(
            _ baselineText: String, _ candidateText: String, _ verdict: ChangeVerdict, _ reason: String,
            _ value: Double? = nil
        ) -> CheckResult {
            CheckResult(
                configuration: configuration, name: "budget " + budget.key, kind: .budget, unit: budget.metric.unit,
                baseline: baselineText, candidate: candidateText, change: nil, pValue: nil, verdict: verdict,
                reason: reason,
                candidateValue: value)
        }
        guard let values = budget.values(in: runs) else {
            return result(
                comparison + limit.description, "-", .inconclusive, "the runs do not keep \(budget.metric.name)")
        }
        guard let threshold = budget.threshold(limit, baseline: budget.values(in: baseline)) else {
            return result(
                comparison + limit.description, range(values), .inconclusive,
                "the baseline's runs do not keep \(budget.metric.name) (recorded by an older bench): re-record it for a relative budget"
            )
        }
        let verdict = budget.verdict(values, threshold: threshold)
        var reason: String
        switch (budget.statistic, verdict) {
        case (.eachRun, .unchanged): reason = "every run within the budget"
        case (.eachRun, .worse): reason = "over budget in every run"
        case (.eachRun, _):
            reason =
                "over budget in \(values.filter { budget.value($0, exceeds: threshold) }.count) of \(values.count) runs"
        case (.percentile(let rank), _):
            reason =
                "p\(rank) over \(values.count) runs is \(number(budget.statistic.value(of: values)))"
                + (verdict == .unchanged ? ", within the budget" : ", over budget")
        }
        if case .relative = limit, let was = budget.values(in: baseline) {
            reason += " (\(limit) on the baseline's \(number(budget.statistic.value(of: was))))"
        }
        let candidateText = budget.statistic == .eachRun ? range(values) : number(budget.statistic.value(of: values))
        // Each run's figure has no one value: its median stands for it on a chart.
        let value = budget.statistic == .eachRun ? median(values) : budget.statistic.value(of: values)
        return result(comparison + number(threshold), candidateText, verdict, reason, value)
    }

    /// A timing figure against the baseline's range.
    ///
    /// A change needs all three: the candidate's median beyond one end of the baseline's range by more
    /// than `tolerance.relative` of it, and by more than `noiseFloor`; and the candidate's runs
    /// significantly beyond the baseline's that way (one-sided Mann-Whitney, p <= `tolerance.alpha`).
    /// Which way is a regression and which an improvement is `polarity`'s to say. A change beyond
    /// tolerance and floor that is not significant is inconclusive; anything else passes.
    package static func timingCheck(
        configuration: String, name: String, unit: String, baseline: [Double], candidate: [Double],
        noiseFloor: Double, tolerance: Tolerance, polarity: Polarity = .lowerIsBetter
    ) -> CheckResult {
        let bMin = baseline.min() ?? 0
        let bMax = baseline.max() ?? 0
        let bMedian = median(baseline)
        let cMedian = median(candidate)
        let change: Double? = bMedian > 0 ? (cMedian - bMedian) / bMedian : nil
        let floorText = "\(number(noiseFloor)) \(unit) noise floor"
        var verdict = ChangeVerdict.unchanged
        var p: Double?
        var reason: String
        let above = cMedian > bMax * (1 + tolerance.relative) && cMedian - bMax > noiseFloor
        let below = cMedian * (1 + tolerance.relative) < bMin && bMin - cMedian > noiseFloor
        if above || below {
            // The end of the range the median passed, and the test in that direction.
            let edge = above ? bMax : bMin
            let beyond = signedPercent(edge > 0 ? (cMedian - edge) / edge : above ? .infinity : 0)
            let side = above ? "above the slowest baseline run" : "below the fastest baseline run"
            let pValue =
                above
                ? MannWhitney.pValue(candidate, greaterThan: baseline)
                : MannWhitney.pValue(baseline, greaterThan: candidate)
            p = pValue
            let direction = Self.verdict(cMedian, against: edge, polarity: polarity)
            let change = ChangeVerdict.judge(
                materiallyWorse: direction == .worse, materiallyBetter: direction == .better,
                p: pValue, alpha: tolerance.alpha)
            verdict = change
            switch (direction, change != .inconclusive) {
            case (.worse, true):
                reason =
                    "median \(beyond) \(side), beyond \(percent(tolerance.relative)) and the \(floorText); p = \(number(pValue))"
            case (.worse, false):
                reason =
                    "median \(beyond) \(side), but not significant (p = \(number(pValue)) > \(number(tolerance.alpha))): repeat with more runs"
            case (_, true):
                reason = "median \(beyond) \(side), p = \(number(pValue)): worth re-recording the baseline"
            case (_, false):
                reason =
                    "median \(beyond) \(side), but not significant (p = \(number(pValue)) > \(number(tolerance.alpha)))"
            }
        } else if cMedian >= bMin && cMedian <= bMax {
            reason = "within the baseline's range"
        } else if abs(cMedian - (cMedian > bMax ? bMax : bMin)) <= noiseFloor {
            reason = "outside the range by less than the \(floorText)"
        } else {
            reason = "outside the range by less than \(percent(tolerance.relative))"
        }
        return CheckResult(
            configuration: configuration, name: name, kind: .timing, unit: unit,
            baseline: range(baseline), candidate: summary(candidate), change: change, pValue: p,
            verdict: verdict, reason: reason, candidateValue: cMedian)
    }

    // MARK: Numbers for people

    /// Three significant digits, without exponent for everyday magnitudes.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v > 0 ? "inf" : (v < 0 ? "-inf" : "nan") }
        let a = abs(v)
        if a == 0 { return "0" }
        if a >= 1000 { return String(format: "%.0f", v) }
        if a >= 100 { return String(format: "%.1f", v) }
        if a >= 10 { return String(format: "%.2f", v) }
        if a >= 0.001 { return String(format: "%.3f", v) }
        return String(format: "%.2e", v)
    }

    static func range(_ values: [Double]) -> String {
        guard let lo = values.min(), let hi = values.max() else { return "-" }
        return lo == hi ? number(lo) : "\(number(lo))..\(number(hi))"
    }

    static func summary(_ values: [Double]) -> String {
        values.count <= 1 ? range(values) : "\(number(median(values))) (\(range(values)))"
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.0f%%", fraction * 100) }

    static func signedPercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return fraction > 0 ? "+inf%" : "-inf%" }
        return String(format: "%+.1f%%", fraction * 100)
    }
}

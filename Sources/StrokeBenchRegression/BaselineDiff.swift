import StrokeBenchMetrics
import StrokeBenchStrategies

/// Two recorded baselines compared without replaying: each configuration of the second is judged
/// against the same configuration of the first exactly as `bench check` judges a new measurement
/// (`Checker.compare`), with the first's budgets.
package enum BaselineDiff {
    /// Every check of every configuration the two share, and a `configuration` check for each that
    /// only one has: inconclusive when the second lacks it (nothing was compared), a pass when only
    /// the second has it (new, nothing to compare with).
    ///
    /// - Parameters:
    ///   - old: the reference (`A.json`), whose budgets apply.
    ///   - new: the one judged (`B.json`).
    package static func compare(_ old: Baseline, _ new: Baseline, tolerance: Tolerance, strategies: StrategyCatalog)
        -> [CheckResult]
    {
        func id(_ e: BaselineEntry) -> String { e.configuration.id(strategies: strategies) }
        let newByID = Dictionary(new.configurations.map { (id($0), $0) }, uniquingKeysWith: { a, _ in a })
        let oldIDs = Set(old.configurations.map(id))
        var results: [CheckResult] = []
        for entry in old.configurations {
            guard let candidate = newByID[id(entry)] else {
                results.append(
                    presence(id(entry), verdict: .inconclusive, reason: "in the first baseline only: not compared"))
                continue
            }
            results += Checker.compare(
                baseline: entry, candidate: candidate, budgets: old.budgets, tolerance: tolerance,
                strategies: strategies)
        }
        for entry in new.configurations where !oldIDs.contains(id(entry)) {
            results.append(
                presence(
                    id(entry), verdict: .unchanged, reason: "in the second baseline only: new, nothing to compare with")
            )
        }
        return results
    }

    private static func presence(_ id: String, verdict: ChangeVerdict, reason: String) -> CheckResult {
        CheckResult(
            configuration: id, name: "configuration", kind: .configuration, unit: "",
            baseline: verdict == .unchanged ? "-" : "present",
            candidate: verdict == .unchanged ? "present" : "-", change: nil, pValue: nil, verdict: verdict,
            reason: reason)
    }
}

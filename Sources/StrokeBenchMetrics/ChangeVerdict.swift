/// What comparing a candidate with a baseline concludes: the one change judgement behind
/// `bench compare`, `bench check` and `bench baseline diff` (a run's own judgement is `DrawingVerdict`).
///
/// One rule decides a figure (`judge`); each command decides for itself what counts as material (a
/// median ratio beyond a threshold; a median beyond the baseline's range by a tolerance and a noise
/// floor) and which Mann-Whitney test applies (every frame, two-sided; whole runs, one-sided). The
/// commands print the same conclusion in their own documented words (`word(_:)`): compare says
/// better, worse, inconclusive; check says improvement, regression, inconclusive, pass.
///
/// The cases are ordered by how much they should worry a CI system (`<`): a set of checks is as bad
/// as its worst, except that an improvement never hides an inconclusive figure.
package enum ChangeVerdict: Sendable, CaseIterable, Comparable {
    /// No material change, whatever the test says: with thousands of frames a 1% change is
    /// significant, and meaningless.
    case unchanged
    /// The same frame times and counters: a sweep compared with itself.
    case equal
    /// Materially and significantly better: worth re-recording a baseline, so that a later regression
    /// is measured from the new level.
    case better
    /// A material change the runs cannot tell from noise (p above alpha), or a budget some runs met and
    /// some did not: run again, or with more runs.
    case inconclusive
    /// Timings measured on different machines, not compared (counters still are).
    case differentMachines
    /// Some judged figures got better and others worse.
    case tradeOff
    /// Materially and significantly worse, a counter that grew, or a budget every run exceeded.
    case worse

    /// The rule: a change counts only when it is material, and then only when it is significant.
    ///
    /// - Parameters:
    ///   - materiallyWorse: the candidate moved the bad way by more than the command's threshold.
    ///   - materiallyBetter: the candidate moved the good way by more than the command's threshold.
    ///   - p: the Mann-Whitney p-value of the move.
    ///   - alpha: the significance level: significant when `p <= alpha`.
    /// - Returns: `unchanged`, `inconclusive`, `worse` or `better`.
    package static func judge(materiallyWorse: Bool, materiallyBetter: Bool, p: Double, alpha: Double)
        -> ChangeVerdict
    {
        guard materiallyWorse || materiallyBetter else { return .unchanged }
        guard p <= alpha else { return .inconclusive }
        return materiallyWorse ? .worse : .better
    }

    /// The commands whose printed words for a verdict differ; each one's words are a documented interface
    /// (docs/model.md), in every format it writes.
    package enum Wording: Sendable {
        /// `bench compare`: better, worse, inconclusive, trade-off, equal, different-machines.
        case compare
        /// `bench check` and `bench baseline diff`: pass, improvement, inconclusive, regression.
        case check
    }

    /// The verdict as `wording`'s command prints it. Compare has one word, inconclusive, for no
    /// material change and for a material one it cannot stand behind; check passes what did not
    /// change and fails a trade-off, since something got worse.
    package func word(_ wording: Wording) -> String {
        switch (self, wording) {
        case (.unchanged, .compare), (.inconclusive, _), (.differentMachines, .check): "inconclusive"
        case (.unchanged, .check), (.equal, .check): "pass"
        case (.equal, .compare): "equal"
        case (.better, .compare): "better"
        case (.better, .check): "improvement"
        case (.differentMachines, .compare): "different-machines"
        case (.tradeOff, .compare): "trade-off"
        case (.worse, .compare): "worse"
        case (.worse, .check), (.tradeOff, .check): "regression"
        }
    }

    /// How much the verdict should worry a CI system: nothing changed, better, cannot tell, worse.
    private var severity: Int {
        switch self {
        case .unchanged, .equal: 0
        case .better: 1
        case .inconclusive, .differentMachines: 2
        case .tradeOff, .worse: 3
        }
    }

    /// Orders verdicts by severity: `unchanged < better < inconclusive < worse`.
    package static func < (a: ChangeVerdict, b: ChangeVerdict) -> Bool { a.severity < b.severity }
}

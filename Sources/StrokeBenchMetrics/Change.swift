/// What comparing a candidate with a baseline concludes about one figure: the one vocabulary and the
/// one rule behind `bench compare` and `bench check`. Each command keeps its own words on the surface
/// (`compare` says better, worse, inconclusive; `check` says improvement, regression, inconclusive,
/// pass) and decides for itself what counts as material (a median ratio beyond a threshold; a median
/// beyond the baseline's range by a tolerance and a noise floor) and which Mann-Whitney test applies
/// (every frame, two-sided; whole runs, one-sided). The rule that turns those into a conclusion is here.
package enum Change: String, Sendable, CaseIterable {
    /// Materially and significantly better.
    case better
    /// Materially and significantly worse.
    case worse
    /// A material change the runs cannot tell from noise (p above alpha): run again, or with more runs.
    case inconclusive
    /// No material change, whatever the test says: with thousands of frames a 1% change is
    /// significant, and meaningless.
    case none

    /// The rule: a change counts only when it is material, and then only when it is significant.
    ///
    /// - Parameters:
    ///   - materiallyWorse: the candidate moved the bad way by more than the command's threshold.
    ///   - materiallyBetter: the candidate moved the good way by more than the command's threshold.
    ///   - p: the Mann-Whitney p-value of the move.
    ///   - alpha: the significance level: significant when `p <= alpha`.
    package static func judge(materiallyWorse: Bool, materiallyBetter: Bool, p: Double, alpha: Double) -> Change {
        guard materiallyWorse || materiallyBetter else { return .none }
        guard p <= alpha else { return .inconclusive }
        return materiallyWorse ? .worse : .better
    }
}

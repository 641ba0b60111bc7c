import StrokeBenchMetrics
import Testing

/// `ChangeVerdict`: the rule `bench compare` and `bench check` share (material first, then significant),
/// and the words each prints.
@Suite struct ChangeVerdictTests {
    @Test func aChangeCountsOnlyWhenMaterialAndThenOnlyWhenSignificant() {
        // Not material: no change, however small p is (thousands of frames make 1% significant).
        #expect(
            ChangeVerdict.judge(materiallyWorse: false, materiallyBetter: false, p: 1e-12, alpha: 0.05) == .unchanged)
        #expect(ChangeVerdict.judge(materiallyWorse: false, materiallyBetter: false, p: 0.9, alpha: 0.05) == .unchanged)
        // Material and significant: its direction; p equal to alpha is significant (3 runs a side reach 0.05).
        #expect(ChangeVerdict.judge(materiallyWorse: true, materiallyBetter: false, p: 0.05, alpha: 0.05) == .worse)
        #expect(ChangeVerdict.judge(materiallyWorse: false, materiallyBetter: true, p: 0.001, alpha: 0.01) == .better)
        // Material, not significant: inconclusive.
        #expect(
            ChangeVerdict.judge(materiallyWorse: true, materiallyBetter: false, p: 0.051, alpha: 0.05) == .inconclusive)
        #expect(
            ChangeVerdict.judge(materiallyWorse: false, materiallyBetter: true, p: 0.2, alpha: 0.01) == .inconclusive)
    }

    /// The words are a documented interface (docs/model.md): compare's and check's, case by case.
    @Test func eachCommandPrintsItsDocumentedWords() {
        let compare = ChangeVerdict.allCases.map { $0.word(.compare) }
        let check = ChangeVerdict.allCases.map { $0.word(.check) }
        // unchanged, equal, better, inconclusive, differentMachines, tradeOff, worse
        #expect(
            compare == ["inconclusive", "equal", "better", "inconclusive", "different-machines", "trade-off", "worse"])
        #expect(check == ["pass", "pass", "improvement", "inconclusive", "inconclusive", "regression", "regression"])
    }

    @Test func verdictsAreOrderedByHowMuchTheyShouldWorryCI() {
        #expect(ChangeVerdict.unchanged < .better && ChangeVerdict.better < .inconclusive)
        #expect(ChangeVerdict.inconclusive < .worse)
        #expect(!(ChangeVerdict.equal < .unchanged) && !(ChangeVerdict.tradeOff < .worse))
    }
}

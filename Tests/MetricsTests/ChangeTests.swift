import StrokeBenchMetrics
import Testing

/// `Change`'s rule, which `bench compare` and `bench check` share: material first, then significant.
@Suite struct ChangeTests {
    @Test func aChangeCountsOnlyWhenMaterialAndThenOnlyWhenSignificant() {
        // Not material: no change, however small p is (thousands of frames make 1% significant).
        #expect(Change.judge(materiallyWorse: false, materiallyBetter: false, p: 1e-12, alpha: 0.05) == .none)
        #expect(Change.judge(materiallyWorse: false, materiallyBetter: false, p: 0.9, alpha: 0.05) == .none)
        // Material and significant: its direction; p equal to alpha is significant (3 runs a side reach 0.05).
        #expect(Change.judge(materiallyWorse: true, materiallyBetter: false, p: 0.05, alpha: 0.05) == .worse)
        #expect(Change.judge(materiallyWorse: false, materiallyBetter: true, p: 0.001, alpha: 0.01) == .better)
        // Material, not significant: inconclusive.
        #expect(Change.judge(materiallyWorse: true, materiallyBetter: false, p: 0.051, alpha: 0.05) == .inconclusive)
        #expect(Change.judge(materiallyWorse: false, materiallyBetter: true, p: 0.2, alpha: 0.01) == .inconclusive)
    }
}

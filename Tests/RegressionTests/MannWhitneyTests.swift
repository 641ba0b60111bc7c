import BenchTestSupport
import Foundation
import Testing

@testable import StrokeBenchMetrics
@testable import StrokeBenchRegression

@Suite struct MannWhitneyTests {
    @Test func disjointThreeAgainstThreeIsOneSplitInTwenty() {
        // Of the C(6, 3) = 20 ways to split six values into two groups of three, only one puts the three
        // largest in x: p = 1/20.
        #expect(MannWhitney.pValue([10, 11, 12], greaterThan: [1, 2, 3]) == 0.05)
        #expect(MannWhitney.pValue([1, 2, 3], greaterThan: [10, 11, 12]) == 1)
    }

    @Test func identicalSamplesGiveNoEvidence() {
        #expect(MannWhitney.pValue([5, 5, 5], greaterThan: [5, 5, 5]) == 1)
        #expect(MannWhitney.pValue([], greaterThan: [1, 2]) == 1)
    }

    @Test func oneRunEachCanNeverBeSignificant() {
        // With one value per side the best p is 1/2: a single-run baseline cannot support a timing regression.
        #expect(MannWhitney.pValue([100], greaterThan: [1]) == 0.5)
    }

    @Test func uCountsPairsAndHalvesTies() {
        #expect(MannWhitney.u([3, 4], greaterThan: [1, 3]) == 3.5)  // 3>1, 3=3 (0.5), 4>1, 4>3
    }

    @Test func exactTestMatchesAHandCount() {
        // x = {2, 4}, y = {1, 3}: x's ranks sum to 2 + 4 = 6. Of the six pairs of ranks from {1, 2, 3, 4}
        // (sums 3, 4, 5, 5, 6, 7), two reach 6: p = 2/6.
        #expect(abs(MannWhitney.pValue([2, 4], greaterThan: [1, 3]) - 2.0 / 6) < 1e-12)
    }

    @Test func normalApproximationAgreesWithTheExactTestWhereBothApply() {
        // 12 + 12 values exceed the exact limit (C(24, 12) = 2.7 million), so this takes the normal
        // approximation; an 8 + 8 subset with the same shift is tested exactly. Both must call a clear
        // shift significant and no shift not.
        let base = (0..<12).map { Double($0) }
        let shifted = base.map { $0 + 6 }
        #expect(MannWhitney.pValue(shifted, greaterThan: base) < 0.01)
        #expect(MannWhitney.pValue(base, greaterThan: base) > 0.4)
        #expect(MannWhitney.pValue(Array(shifted.prefix(8)).map { $0 + 2 }, greaterThan: Array(base.prefix(8))) < 0.01)
    }
}

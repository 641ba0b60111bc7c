import Foundation
import Testing

@testable import StrokeBenchMetrics
@testable import StrokeBenchReports

@Suite struct MannWhitneyTests {
    @Test func separatedSamplesMatchTheTextbookValue() {
        // scipy.stats.mannwhitneyu([1..5], [6..10], method="asymptotic") gives p = 0.01219.
        let test = MannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
        #expect(test.u2 == 25)
        #expect(abs(test.p - 0.01219) < 0.0001)
        #expect(test.z > 0)
        #expect(test.probabilitySecondLarger == 1)
    }

    @Test func tiesUseAverageRanksAndCorrectTheVariance() {
        // Ranks of the pooled [1, 2, 2, 3 | 2, 3, 3, 4]: the three 2s share rank 3, the three 3s rank 6.
        let test = MannWhitney([1, 2, 2, 3], [2, 3, 3, 4])
        #expect(test.u2 == 13)
        // Tie-corrected variance 16/12 * (9 - 48/56) = 10.857; z = (13 - 8 - 0.5) / 3.295.
        #expect(abs(test.z - 1.3657) < 0.001)
    }

    @Test func identicalSamplesAreNotSignificant() {
        let values = (0..<200).map { Double($0 % 17) * 0.1 }
        let test = MannWhitney(values, values)
        #expect(test.p == 1)
        #expect(test.probabilitySecondLarger == 0.5)
    }

    @Test func allTiedAndEmptySamplesGiveOne() {
        #expect(MannWhitney([2, 2, 2], [2, 2]).p == 1)
        #expect(MannWhitney([], [1, 2]).p == 1)
    }

    @Test func directionFollowsTheSecondSample() {
        let slow = (0..<300).map { 2 + Double($0 % 10) * 0.01 }
        let fast = (0..<300).map { 1 + Double($0 % 10) * 0.01 }
        #expect(MannWhitney(fast, slow).z > 0)
        #expect(MannWhitney(slow, fast).z < 0)
        #expect(MannWhitney(slow, fast).p < 1e-6)
    }

    @Test func medianOfOddAndEvenCounts() {
        #expect(median([3, 1, 2]) == 2)
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([]) == 0)
    }
}

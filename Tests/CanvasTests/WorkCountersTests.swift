import Testing

@testable import StrokeBenchCanvas

/// `+=` and `-` combine the counters listed in `WorkCounters.fields`: a counter added to the struct
/// but not to the list would be silently dropped from every frame's totals.
@Suite struct WorkCountersTests {
    @Test func theFieldListNamesEveryCounter() {
        let stored = Mirror(reflecting: WorkCounters()).children.count
        #expect(WorkCounters.fields.count == stored)
        #expect(Set(WorkCounters.fields).count == stored)
    }

    @Test func sumAndDifferenceTouchEveryCounter() {
        var a = WorkCounters()
        for (index, field) in WorkCounters.fields.enumerated() { a[keyPath: field] = index + 1 }
        var sum = a
        sum += a
        for (index, field) in WorkCounters.fields.enumerated() {
            #expect(sum[keyPath: field] == 2 * (index + 1))
            #expect((sum - a)[keyPath: field] == index + 1)
        }
    }

    /// A tally with any one counter set is not zero: the cost model skips pricing a zero tally, so a
    /// counter `isZero` left out would be work no device charges for when it is counted alone.
    @Test func isZeroReadsEveryCounter() {
        #expect(WorkCounters().isZero)
        for field in WorkCounters.fields {
            var one = WorkCounters()
            one[keyPath: field] = 1
            #expect(!one.isZero, "\(field)")
        }
    }
}

/// Dropped-frame accounting over the vsyncs of a run.
///
/// A vsync v is *dropped* when input was waiting, a sample recorded at or before the previous
/// vsync that the screen does not show yet, and no new picture is presented at v. Such a sample
/// could have been delivered in the turn that started at vsync v-1 and shown at v.
public struct DroppedFrames: Hashable, Sendable {
    /// Vsyncs considered (1 ... vsyncCount).
    public var vsyncs: Int
    /// Dropped vsyncs.
    public var count: Int
    /// The most dropped vsyncs in any window of one second (R consecutive vsyncs).
    public var worstSecond: Int
    /// The longest run of consecutive dropped vsyncs.
    public var longestRun: Int
    /// `count` as a percentage of the vsyncs at which input was waiting or a picture was presented.
    public var percent: Double

    /// - Parameters:
    ///   - sampleTimes: every sample's time in seconds, in trace order (index = sample ordinal).
    ///   - presentations: (vsync index, newest sample index shown) for every picture presented.
    ///   - hz: the display rate.
    ///   - vsyncCount: the last vsync index of the run.
    public init(sampleTimes: [Double], presentations: [(vsync: Int, showsThrough: Int)], hz: Double, vsyncCount: Int) {
        var presentedAt = [Int](repeating: -2, count: vsyncCount + 2) // newest shown by a picture presented at v
        for p in presentations where p.vsync <= vsyncCount + 1 {
            presentedAt[p.vsync] = max(presentedAt[p.vsync], p.showsThrough)
        }
        var shown = -1          // newest sample shown at vsync v-1
        var arrived = -1        // newest sample with time <= t_{v-1}
        var dropped = [Bool](repeating: false, count: vsyncCount + 1)
        var considered = 0
        for v in 1...max(1, vsyncCount) where v <= vsyncCount {
            let previousVsync = Double(v - 1) / hz
            while arrived + 1 < sampleTimes.count, sampleTimes[arrived + 1] <= previousVsync + 1e-9 { arrived += 1 }
            let waiting = arrived > shown
            let presented = presentedAt[v] >= -1
            if waiting || presented { considered += 1 }
            if waiting && !presented { dropped[v] = true }
            if presented { shown = max(shown, presentedAt[v]) }
        }
        vsyncs = vsyncCount
        count = dropped.filter { $0 }.count
        percent = considered == 0 ? 0 : 100 * Double(count) / Double(considered)
        var run = 0, longest = 0
        for d in dropped { run = d ? run + 1 : 0; longest = max(longest, run) }
        longestRun = longest
        let window = max(1, Int(hz.rounded()))
        var inWindow = 0, worst = 0
        for v in 0..<dropped.count {
            if dropped[v] { inWindow += 1 }
            if v >= window, dropped[v - window] { inWindow -= 1 }
            worst = max(worst, inWindow)
        }
        worstSecond = worst
    }
}

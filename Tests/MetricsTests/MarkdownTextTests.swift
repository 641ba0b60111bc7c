import Foundation
import Testing

@testable import StrokeBenchMetrics

/// Every Markdown writer escapes names through `MarkdownText`: no raw HTML, `|` or line break of a
/// file's or a trace's name reaches a pull-request comment.
@Suite struct MarkdownTextTests {
    @Test func aCellCarriesNoHTMLPipeOrLineBreak() {
        #expect(MarkdownText.cell("<img src=x onerror=alert(1)>.trace") == "&lt;img src=x onerror=alert(1)&gt;.trace")
        #expect(MarkdownText.cell("a|b") == "a\\|b")
        #expect(MarkdownText.cell("one\ntwo\r\nthree\rfour") == "one two three four")
        #expect(MarkdownText.cell("&amp;") == "&amp;amp;")
        #expect(MarkdownText.cell("plain-name_1.trace") == "plain-name_1.trace")
    }

    @Test func inlineCodeHasNoBacktickOrLineBreak() {
        #expect(MarkdownText.code("a`b\nc") == "`a'b c`")
        #expect(MarkdownText.code("<b>") == "`<b>`")
    }
}

/// `DroppedFrames` walks the vsyncs without an array of them (a week at 120 Hz is 72 million): it
/// must give exactly what the array-per-vsync rule it replaced gave.
@Suite struct DroppedFramesStreamingTests {
    /// The rule as it was written before, one array slot per vsync.
    static func reference(
        pending: [PendingContent], presentations: [(vsync: Int, showsThrough: Int)], hz: Double, vsyncCount: Int
    )
        -> (count: Int, worst: Int, longest: Int, percent: Double)
    {
        var presentedAt = [Int](repeating: -2, count: vsyncCount + 2)
        for p in presentations where p.vsync <= vsyncCount + 1 {
            presentedAt[p.vsync] = max(presentedAt[p.vsync], p.showsThrough)
        }
        var shown = -1
        var pendingThrough = -1
        var nextPending = 0
        var considered = 0
        var dropped = [Bool](repeating: false, count: vsyncCount + 1)
        for v in 1...max(1, vsyncCount) where v <= vsyncCount {
            while nextPending < pending.count, pending[nextPending].vsync <= v {
                pendingThrough = max(pendingThrough, pending[nextPending].through)
                nextPending += 1
            }
            let expected = pendingThrough > shown
            let presented = presentedAt[v] >= -1
            if expected || presented { considered += 1 }
            if expected && !presented { dropped[v] = true }
            if presented { shown = max(shown, presentedAt[v]) }
        }
        let count = dropped.filter { $0 }.count
        var run = 0
        var longest = 0
        for d in dropped {
            run = d ? run + 1 : 0
            longest = max(longest, run)
        }
        let window = max(1, Int(hz.rounded()))
        var inWindow = 0
        var worst = 0
        for v in 0..<dropped.count {
            if dropped[v] { inWindow += 1 }
            if v >= window, dropped[v - window] { inWindow -= 1 }
            worst = max(worst, inWindow)
        }
        return (count, worst, longest, considered == 0 ? 0 : 100 * Double(count) / Double(considered))
    }

    @Test(arguments: 0..<40)
    func streamingGivesWhatTheArrayGave(_ seed: Int) {
        // Deterministic: a linear congruential sequence from the seed.
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let vsyncCount = next(400)
        var pending: [PendingContent] = []
        var through = -1
        var vsync = 0
        for _ in 0..<next(60) {
            vsync += next(12)
            through += 1 + next(3)
            pending.append(PendingContent(vsync: vsync, through: through))
        }
        // Presentations in commit order, not always in vsync order (a deeper present queue).
        let presentations = (0..<next(80)).map { _ in (vsync: next(vsyncCount + 4), showsThrough: next(through + 3) - 1)
        }
        let hz = [1.0, 7, 60, 120][next(4)]
        let d = DroppedFrames(pending: pending, presentations: presentations, hz: hz, vsyncCount: vsyncCount)
        let r = Self.reference(pending: pending, presentations: presentations, hz: hz, vsyncCount: vsyncCount)
        #expect(
            d.count == r.count && d.worstSecond == r.worst && d.longestRun == r.longest && d.percent == r.percent,
            "seed \(seed): \(d) against \(r)")
    }
}

/// Content a strategy had made pending by the end of a turn: the turn's due vsync, and the newest
/// sample it had invalidated, drawn, or queued a render for by then.
package struct PendingContent: Hashable, Sendable {
    /// The first vsync after the turn started: the vsync the turn was due at.
    package var vsync: Int
    /// The newest sample pending (`TouchPoint.index`).
    package var through: Int
    package init(vsync: Int, through: Int) {
        self.vsync = vsync
        self.through = through
    }
}

/// Dropped-frame accounting over the vsyncs of a run, by Chrome's smoothness rule: a frame is
/// dropped only where an update was expected (docs/model.md section 3).
///
/// Vsync v is *dropped* when, by the end of the turn due at v (the turn that started before v), the
/// app had pending content newer than what the screen showed before v, and no picture is presented
/// at v. Input the strategy has not turned into pending content (`naive` draws nothing at pen down)
/// is latency, not a drop; a render an async strategy queued and delivers late is a drop.
package struct DroppedFrames: Hashable, Sendable {
    /// Vsyncs considered (1 ... vsyncCount).
    package var vsyncs: Int
    /// Dropped vsyncs.
    package var count: Int
    /// The most dropped vsyncs in any window of one second (R consecutive vsyncs).
    package var worstSecond: Int
    /// The longest run of consecutive dropped vsyncs.
    package var longestRun: Int
    /// `count` as a percentage of the vsyncs at which content was pending or a picture was presented.
    package var percent: Double

    /// - Parameters:
    ///   - pending: when content became pending, in turn order (`through` increasing).
    ///   - presentations: (vsync index, newest sample index shown) for every picture presented.
    ///   - hz: the display rate.
    ///   - vsyncCount: the last vsync index of the run.
    ///   - counting: the vsyncs that `count` and `percent` count (all by default): part of a run, such as a
    ///     ramp step's judged second, judged by the same rule with what came before it known.
    package init(
        pending: [PendingContent], presentations: [(vsync: Int, showsThrough: Int)], hz: Double, vsyncCount: Int,
        counting: ClosedRange<Int>? = nil
    ) {
        // Walked vsync by vsync, keeping only what the presentations and the last second hold: a
        // week-long replay has 72 million vsyncs at 120 Hz, and an array of them would grow with the
        // clock, not the work.
        var presented: [(vsync: Int, showsThrough: Int)] = presentations.filter { $0.vsync <= vsyncCount + 1 }
        presented.sort { $0.vsync < $1.vsync }
        var nextPresented = 0
        var shown = -1  // newest sample shown before vsync v
        var pendingThrough = -1  // newest sample pending by the end of the turn due at v
        var nextPending = 0
        var considered = 0
        var dropCount = 0
        var run = 0
        var longest = 0
        let window = max(1, Int(hz.rounded()))
        // dropped[v] at v % window, for the last `window` vsyncs
        var lastSecond = [Bool](repeating: false, count: window)
        var inWindow = 0
        var worst = 0
        for v in 1...max(1, vsyncCount) where v <= vsyncCount {
            while nextPending < pending.count, pending[nextPending].vsync <= v {
                pendingThrough = max(pendingThrough, pending[nextPending].through)
                nextPending += 1
            }
            var presentedThrough = -2  // newest shown by a picture presented at v
            while nextPresented < presented.count, presented[nextPresented].vsync <= v {
                if presented[nextPresented].vsync == v {
                    presentedThrough = max(presentedThrough, presented[nextPresented].showsThrough)
                }
                nextPresented += 1
            }
            let expected = pendingThrough > shown
            let isPresented = presentedThrough >= -1
            let counted = counting?.contains(v) ?? true
            if counted, expected || isPresented { considered += 1 }
            let dropped = expected && !isPresented
            if counted, dropped { dropCount += 1 }
            if isPresented { shown = max(shown, presentedThrough) }
            run = dropped ? run + 1 : 0
            longest = max(longest, run)
            // Vsync 0 is never dropped; the window over vsyncs 0... counts as the array's did.
            if lastSecond[v % window] { inWindow -= 1 }
            lastSecond[v % window] = dropped
            if dropped { inWindow += 1 }
            worst = max(worst, inWindow)
        }
        vsyncs = vsyncCount
        count = dropCount
        percent = considered == 0 ? 0 : 100 * Double(count) / Double(considered)
        longestRun = longest
        worstSecond = worst
    }
}

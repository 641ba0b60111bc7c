/// What a person drawing sees of their ink, beside the frame-pacing figures: a strategy can keep the
/// display link at full rate and hitch nothing while showing no ink at all until the pen lifts, and only
/// these figures say so.
package struct InkVisibility: Hashable, Sendable {
    /// Vsyncs at which a picture with ink not shown before was presented, per second of the vsyncs at
    /// which the pen moved: pen-up pauses do not count, and each pen-moving vsync's samples earn at most
    /// one update, so the ceiling is the display's refresh rate. A strategy that shows each vsync's
    /// samples a frame later still reaches it; one that shows a stroke only at pen up does not.
    package var inkUpdatesPerS: Double
    /// The longest time, in ms, that ink the app had accepted (drawn, invalidated or queued a render
    /// for: *pending content*) waited before a picture showing it was presented, from the vsync it was
    /// due at; ink never shown waits until the replay's last vsync.
    package var longestStaleMs: Double

    /// - Parameters:
    ///   - presentations: in commit order.
    ///   - pending: when content became pending, in order.
    ///   - penVsyncs: the vsyncs at which the pen moved (a sample was taken since the vsync before), in
    ///     increasing order.
    package init(
        presentations: [ScreenTimeline.Presentation], pending: [PendingContent], hz: Double, vsyncCount: Int,
        penVsyncs: [Int]
    ) {
        let byVsync = presentations.enumerated().sorted {
            ($0.element.vsync, $0.offset) < ($1.element.vsync, $1.offset)
        }
        .map(\.element)
        // The first vsync at which each newly shown sample appears, in vsync order.
        // A screen shows one picture a vsync: commits presented at the same vsync (the max-speed drive
        // commits many a frame) are one update, the last of them.
        var shownAt: [(vsync: Int, through: Int)] = []
        for p in byVsync where !p.blank && p.showsThrough > (shownAt.last?.through ?? -1) {
            if shownAt.last?.vsync == p.vsync {
                shownAt[shownAt.count - 1].through = p.showsThrough
            } else {
                shownAt.append((p.vsync, p.showsThrough))
            }
        }
        let updates = min(shownAt.count, penVsyncs.count)
        inkUpdatesPerS = penVsyncs.isEmpty ? 0 : Double(updates) / (Double(penVsyncs.count) / hz)
        var longest = 0
        var next = 0
        for content in pending {
            while next < shownAt.count && shownAt[next].through < content.through { next += 1 }
            let shown = next < shownAt.count ? shownAt[next].vsync : vsyncCount
            longest = max(longest, shown - content.vsync, 0)
        }
        longestStaleMs = Double(longest) * 1000 / hz
    }
}

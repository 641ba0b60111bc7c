/// What the screen showed at each vsync, for the figures that async designs need: blank frames
/// (nothing shown where a picture had been) and stale frames (an older picture shown although a
/// newer render had finished in time).
package struct ScreenTimeline: Hashable, Sendable {
    /// One presented update.
    package struct Presentation: Hashable, Sendable {
        package var vsync: Int
        package var showsThrough: Int
        /// The update left the layer without contents.
        package var blank: Bool
        package init(vsync: Int, showsThrough: Int, blank: Bool) {
            self.vsync = vsync
            self.showsThrough = showsThrough
            self.blank = blank
        }
    }

    /// Vsyncs at which the screen was blank after having shown a picture.
    package var blankFrames: Int
    /// Vsyncs at which the screen showed a picture older than a render that had finished by the
    /// previous vsync (and so could have been shown).
    package var staleFrames: Int

    /// - Parameters:
    ///   - presentations: in commit order.
    ///   - finishedRenders: background renders that produced a picture: when, and what it showed.
    package init(
        presentations: [Presentation], finishedRenders: [(time: Double, showsThrough: Int)],
        hz: Double, vsyncCount: Int
    ) {
        let byVsync = presentations.sorted { $0.vsync < $1.vsync }
        let finished = finishedRenders.sorted { $0.time < $1.time }
        var next = 0
        var nextFinished = 0
        var blank = false
        var everShown = false
        var shown = -1
        var newestFinished = -1
        var blankCount = 0
        var staleCount = 0
        for v in 1...max(1, vsyncCount) where v <= vsyncCount {
            while next < byVsync.count, byVsync[next].vsync <= v {
                let p = byVsync[next]
                blank = p.blank
                if !p.blank {
                    everShown = true
                    shown = max(shown, p.showsThrough)
                }
                next += 1
            }
            let previousVsync = Double(v - 1) / hz
            while nextFinished < finished.count, finished[nextFinished].time <= previousVsync + 1e-9 {
                newestFinished = max(newestFinished, finished[nextFinished].showsThrough)
                nextFinished += 1
            }
            if blank && everShown { blankCount += 1 }
            if newestFinished > shown { staleCount += 1 }
        }
        blankFrames = blankCount
        staleFrames = staleCount
    }
}

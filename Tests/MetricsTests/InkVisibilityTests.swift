import StrokeBenchMetrics
import Testing

/// What a person sees of their ink: a screen shows one picture a vsync.
@Suite struct InkVisibilityTests {
    /// The max-speed drive commits many times a frame; the pictures presented at one vsync are one
    /// update, the last of them, however many commits made them.
    @Test func commitsPresentedAtOneVsyncAreOneUpdate() {
        let presentations = (0..<10).map { i in ScreenTimeline.Presentation(vsync: 1 + i / 5, showsThrough: i, blank: false) }
        let ink = InkVisibility(presentations: presentations, pending: [], hz: 100, vsyncCount: 3, penSpanMs: (start: 0, end: 1000))
        // Two vsyncs with new ink over one second of pen, not ten.
        #expect(ink.inkUpdatesPerS == 2)
    }
}

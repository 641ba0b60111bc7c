import StrokeBenchMetrics
import Testing

/// What a person sees of their ink: a screen shows one picture a vsync.
@Suite struct InkVisibilityTests {
    /// The max-speed drive commits many times a frame; the pictures presented at one vsync are one
    /// update, the last of them, however many commits made them.
    @Test func commitsPresentedAtOneVsyncAreOneUpdate() {
        let presentations = (0..<10).map { i in
            ScreenTimeline.Presentation(vsync: 1 + i / 5, showsThrough: i, blank: false)
        }
        let ink = InkVisibility(
            presentations: presentations, pending: [], hz: 100, vsyncCount: 100, penVsyncs: Array(1...100))
        // Two vsyncs with new ink over one second of pen, not ten.
        #expect(ink.inkUpdatesPerS == 2)
    }

    /// Only vsyncs at which the pen moved count, so a picture with new ink for each of them, a frame
    /// later, is the refresh rate, whatever pauses lie between the strokes.
    @Test func theCeilingIsTheRefreshRate() {
        let pen = Array(1...30) + Array(200...229)
        let presentations = pen.map { ScreenTimeline.Presentation(vsync: $0 + 1, showsThrough: $0, blank: false) }
        let ink = InkVisibility(presentations: presentations, pending: [], hz: 120, vsyncCount: 300, penVsyncs: pen)
        #expect(ink.inkUpdatesPerS == 120)
        // The same ink shown only at each pen up: two updates over half a second of pen.
        let atPenUp = [30, 229].map { ScreenTimeline.Presentation(vsync: $0 + 1, showsThrough: $0, blank: false) }
        #expect(
            InkVisibility(presentations: atPenUp, pending: [], hz: 120, vsyncCount: 300, penVsyncs: pen).inkUpdatesPerS
                == 4)
    }
}

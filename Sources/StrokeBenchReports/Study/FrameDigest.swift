/// What the report takes from a run's per-frame CSV, read once: the frame cost curve against retained
/// points and the worst frame.
struct FrameDigest: Sendable {
    /// (retained points, median main-thread ms) of the active frames, in equal spans of retained points.
    var curve: [(Double, Double)]
    var worst: WorstFrame?

    /// How many spans of retained points a curve has.
    static let spans = 24

    /// Reads `file`.
    /// - Throws: `SweepFolder.Failure` naming the file and line.
    init(csvAt file: String) throws {
        var active: [(points: Int, ms: Double)] = []
        var worst: WorstFrame?
        try SweepFolder.forEachFrame(csvAt: file, regularOnly: true) { row in
            let main = try row.time("main_ms")
            let hitch = try row.time("hitch_ms")
            let frame = WorstFrame(
                frame: try row.count("frame"), hitchMs: hitch, mainMs: main,
                renderMs: try row.time("render_ms"), compositeMs: try row.time("composite_ms"))
            if worst.map({ (hitch, main) > ($0.hitchMs, $0.mainMs) }) ?? true { worst = frame }
            if try row.count("samples") > 0 { active.append((try row.count("points_retained"), main)) }
        }
        self.worst = worst
        curve = Self.medians(of: active)
    }

    /// The median ms of each span of retained points that holds a frame, at the span's middle.
    static func medians(of frames: [(points: Int, ms: Double)]) -> [(Double, Double)] {
        guard let most = frames.map(\.points).max(), most > 0 else { return [] }
        let width = Double(most) / Double(spans)
        var bySpan = [[Double]](repeating: [], count: spans)
        for frame in frames {
            bySpan[min(spans - 1, Int(Double(frame.points) / width))].append(frame.ms)
        }
        return bySpan.enumerated().compactMap { index, times in
            guard !times.isEmpty else { return nil }
            let sorted = times.sorted()
            return ((Double(index) + 0.5) * width, sorted[(sorted.count - 1) / 2])
        }
    }
}

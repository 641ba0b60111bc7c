/// Which way a figure is better.
public enum Polarity: String, Sendable {
    /// Time, hitches, dropped frames, work: less is better.
    case lowerIsBetter
    /// Frame rate, ink updates: more is better.
    case higherIsBetter
}

/// A figure of a run summary with its name (the column and JSON key), unit and polarity, and how to
/// read it from a `RunSummary`: what comparisons, checks and exports name instead of a string key.
public struct Metric: Hashable, Sendable, CustomStringConvertible {
    /// The column of `summary.csv` and the key of the summary JSON (`main_ms_p99`).
    public let name: String
    public let unit: String
    public let polarity: Polarity
    private let read: @Sendable (RunSummary) -> Double

    public init(_ name: String, unit: String, polarity: Polarity = .lowerIsBetter, read: @escaping @Sendable (RunSummary) -> Double) {
        self.name = name; self.unit = unit; self.polarity = polarity; self.read = read
    }

    /// The figure in `summary`.
    public func value(in summary: RunSummary) -> Double { read(summary) }

    /// True when `candidate` is worse than `baseline` by this metric's polarity.
    public func isWorse(_ candidate: Double, than baseline: Double) -> Bool {
        polarity == .lowerIsBetter ? candidate > baseline : candidate < baseline
    }

    public var description: String { name }
    public static func == (a: Metric, b: Metric) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public static let mainMsP50 = Metric("main_ms_p50", unit: "ms") { $0.mainMs.p50 }
    public static let mainMsP99 = Metric("main_ms_p99", unit: "ms") { $0.mainMs.p99 }
    public static let latencyMsP95 = Metric("latency_ms_p95", unit: "ms") { $0.latencyMs.p95 }
    public static let overrunMsP99 = Metric("overrun_ms_p99", unit: "ms") { $0.overrunMs.p99 }
    public static let hitchRatio = Metric("hitch_ratio_ms_per_s", unit: "ms/s") { $0.hitchRatioMsPerS }
    public static let droppedPct = Metric("dropped_pct", unit: "%") { $0.droppedPct }
    public static let displayLinkFps = Metric("display_link_fps", unit: "fps", polarity: .higherIsBetter) { $0.displayLinkFps }
    public static let mainThreadBusyPct = Metric("main_thread_busy_pct", unit: "%") { $0.mainThreadBusyPct }
    public static let inkUpdatesPerS = Metric("ink_updates_per_s", unit: "/s", polarity: .higherIsBetter) { $0.inkUpdatesPerS }
    public static let pixelsRasterized = Metric("pixels_rasterized", unit: "px") { Double($0.counters.pixelsRasterized) }
    public static let bytesCopied = Metric("bytes_copied", unit: "B") { Double($0.counters.bytesCopied) }

    /// The figures a comparison reports beside the per-frame test.
    public static let compared: [Metric] = [mainMsP99, hitchRatio, droppedPct, pixelsRasterized, bytesCopied]
}

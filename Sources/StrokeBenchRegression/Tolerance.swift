import StrokeBenchMetrics

/// How far a candidate may move from its baseline before `bench check` calls it a change.
///
/// Counters are deterministic, so their tolerance defaults to zero. Timings are compared with a
/// relative tolerance *and* an absolute noise floor *and* a significance test: a timing regression needs
/// all three, so that neither the drift of a shared machine nor a sub-millisecond wobble of a
/// sub-millisecond figure fails a build.
package struct Tolerance: Hashable, Sendable, Codable {
    /// Relative change of a timing figure, beyond the baseline's recorded range, that counts as a change
    /// (0.25: the candidate's median is more than 25% above the baseline's slowest run, or the baseline's
    /// fastest run is more than 25% above it).
    package var relative: Double
    /// Differences of ms figures at or under this many ms are noise, whatever their relative size.
    package var noiseFloorMs: Double
    /// The same floor for the hitch-time ratio, in ms of hitch per second of replay: a single 8 ms hitch
    /// in a 24 s replay moves it by 0.35.
    package var noiseFloorHitchRatio: Double
    /// Largest one-sided Mann-Whitney p-value that counts as significant.
    package var alpha: Double
    /// Relative change of a work counter that still passes (0: compared exactly).
    package var counterRelative: Double

    enum CodingKeys: String, CodingKey {
        case relative
        case noiseFloorMs = "noise_floor_ms"
        case noiseFloorHitchRatio = "noise_floor_hitch_ratio_ms_per_s"
        case alpha
        case counterRelative = "counter_relative"
    }

    /// The defaults: 25% beyond the recorded range, 0.5 ms, 1 ms/s, p <= 0.05, counters exact.
    ///
    /// 25% sits above the run-to-run drift of one replay on an idle two-core machine and far below the
    /// factors a strategy change makes; 0.5 ms is a sixteenth of a 120 Hz frame; 0.05 is what three
    /// repeats on each side can reach when every candidate run is beyond every baseline run.
    package static let `default` = Tolerance(
        relative: 0.25, noiseFloorMs: 0.5, noiseFloorHitchRatio: 1,
        alpha: 0.05, counterRelative: 0)

    /// Creates a tolerance; see the properties for the meaning of each figure.
    package init(
        relative: Double, noiseFloorMs: Double, noiseFloorHitchRatio: Double, alpha: Double, counterRelative: Double
    ) {
        self.relative = relative
        self.noiseFloorMs = noiseFloorMs
        self.noiseFloorHitchRatio = noiseFloorHitchRatio
        self.alpha = alpha
        self.counterRelative = counterRelative
    }

    /// The noise floor for timing figures in `unit` (a `Metric`'s): the hitch ratio's for ms of hitch
    /// per second, the ms floor for times.
    package func noiseFloor(unit: String) -> Double {
        unit == Metric.hitchRatio.unit ? noiseFloorHitchRatio : noiseFloorMs
    }
}

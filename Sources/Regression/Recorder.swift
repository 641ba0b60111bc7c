import Canvas
import Display
import Foundation
import Metrics

/// Replays a configuration the ways a baseline needs: once to count, then repeatedly to time.
public enum Recorder {
    /// The counting replay of `configuration`: the virtual clock with `ZeroCostMeter`, whatever clock the
    /// timing runs use, and no comparison with the reference picture (only its checksum is kept).
    public static func countingConfiguration(_ configuration: ReplayConfiguration) -> ReplayConfiguration {
        var counting = configuration
        counting.keepsFrames = false
        counting.clock = .virtual
        counting.meter = ZeroCostMeter()
        counting.comparePicture = false
        return counting
    }

    /// Counters and final-picture checksum of the counting replay.
    public static func count(_ configuration: ReplayConfiguration) throws -> (counters: CounterSummary, pictureChecksum: String) {
        let result = try Replay.run(countingConfiguration(configuration))
        return (result.summary.counters, PictureChecksum.hex(of: result.screen))
    }

    /// One timing run: the configuration as given (its clock, the wall-clock meter), without the
    /// reference comparison, which is not timing and costs a full extra rasterization.
    public static func time(_ configuration: ReplayConfiguration) throws -> TimingRun {
        var timed = configuration
        timed.comparePicture = false
        timed.keepsFrames = false // the tally holds what a timing run needs
        return TimingRun(try Replay.run(timed))
    }

    /// Everything a baseline keeps of a configuration: one counting replay, then `repeats` timing runs.
    ///
    /// - Parameters:
    ///   - described: how the configuration is written in the baseline (its trace as the user named it).
    ///   - progress: told before each replay, for a line on stderr.
    public static func measure(_ configuration: ReplayConfiguration, described: RecordedConfiguration, repeats: Int,
                               progress: (String) -> Void = { _ in }) throws -> BaselineEntry {
        precondition(repeats >= 1, "at least one timing run")
        progress("\(described.id): counting replay")
        let (counters, checksum) = try count(configuration)
        var runs: [TimingRun] = []
        for i in 1...repeats {
            progress("\(described.id): timing run \(i) of \(repeats)")
            runs.append(try time(configuration))
        }
        return BaselineEntry(configuration: described, counters: counters, pictureChecksum: checksum, runs: runs)
    }

    /// Describes `configuration` for a baseline; `trace` is the trace as the user named it (`default`
    /// for the built-in one), and `workers` the `--workers` given, if any.
    public static func describe(_ configuration: ReplayConfiguration, trace: String, workers: Int?) -> RecordedConfiguration {
        RecordedConfiguration(
            strategy: configuration.strategy.name, device: configuration.device.name, hz: configuration.hz,
            clock: configuration.clock.rawValue, delivery: configuration.delivery.rawValue, trace: trace,
            workers: workers, inputChecksum: inputChecksum(configuration.input), samples: configuration.input.count)
    }

    /// FNV-1a 64 over the sample times, device positions and stroke boundaries, as hex.
    public static func inputChecksum(_ input: ReplayInput) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3 }
        }
        for i in 0..<input.count {
            mix(input.times[i].bitPattern)
            mix(input.points[i].x.bitPattern)
            mix(input.points[i].y.bitPattern)
            mix((input.isStrokeStart[i] ? 1 : 0) | (input.isStrokeEnd[i] ? 2 : 0))
        }
        return String(hash, radix: 16)
    }
}

import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay

/// Replays a configuration the ways a baseline needs: once to count, then repeatedly to time.
package enum Recorder {
    /// The counting replay of `configuration`: the virtual clock with `ZeroCostMeter`, whatever clock the
    /// timing runs use, and no comparison with the reference picture (only its checksum is kept).
    package static func countingConfiguration(_ configuration: ReplayConfiguration) -> ReplayConfiguration {
        var counting = configuration
        counting.keepsFrames = false
        counting.clock = .virtual
        counting.meter = ZeroCostMeter()
        counting.comparePicture = false
        counting.forcesRaster = true  // the picture's checksum is kept
        return counting
    }

    /// Counters and final-picture checksum of the counting replay.
    package static func count(_ configuration: ReplayConfiguration) throws -> (
        counters: CounterSummary, pictureChecksum: String
    ) {
        let result = try Replay.run(countingConfiguration(configuration))
        return (result.summary.counters, PictureChecksum.hex(of: result.screen!))
    }

    /// One timing run: the configuration as given (its clock, the wall-clock meter), without the
    /// reference comparison, which is not timing and costs a full extra rasterization.
    package static func time(_ configuration: ReplayConfiguration) throws -> TimingRun {
        var timed = configuration
        timed.comparePicture = false
        timed.keepsFrames = false  // the tally holds what a timing run needs
        return TimingRun(try Replay.run(timed))
    }

    /// Everything a baseline keeps of a configuration: its spec, one counting replay, then `repeats`
    /// timing runs.
    ///
    /// - Parameter progress: told before each replay, for a line on stderr.
    package static func measure(
        _ configuration: ReplayConfiguration, repeats: Int,
        progress: (String) -> Void = { _ in }
    ) throws -> BaselineEntry {
        let described = configuration.spec
        precondition(repeats >= 1, "at least one timing run")
        progress("\(configuration.id): counting replay")
        let (counters, checksum) = try count(configuration)
        var runs: [TimingRun] = []
        for i in 1...repeats {
            progress("\(configuration.id): timing run \(i) of \(repeats)")
            runs.append(try time(configuration))
        }
        return BaselineEntry(configuration: described, counters: counters, pictureChecksum: checksum, runs: runs)
    }
}

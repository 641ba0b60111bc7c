import Foundation
import StrokeBenchSpec

/// The distributions that describe how a trace was drawn, for `bench trace info` and for checking
/// the generator against recorded people (`docs/generator-vs-humans.md`).
///
/// Lengths are in the trace's canvas units (points for generated traces, the recorded pixels for
/// imported ones), times in seconds.
package struct TraceStatistics: Sendable {
    /// Number of strokes.
    package var strokes: Int
    /// Number of samples.
    package var samples: Int
    /// Time of the last sample (traces start at 0), in seconds.
    package var duration: Double
    /// The smallest rectangle holding every sample, or nil for an empty trace.
    package var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    /// Time between consecutive samples of one stroke, in seconds (zeros included: repeated timestamps).
    package var intervals: [Double]
    /// Time from first to last sample of each stroke, in seconds.
    package var strokeDurations: [Double]
    /// Pen speed between consecutive samples of one stroke, in units per second; pairs with the same
    /// time are left out, since their speed is undefined.
    package var speeds: [Double]
    /// Unsigned curvature at each interior sample: the turning angle between the segments before and
    /// after it divided by their mean length, in radians per unit. Zero-length segments are skipped,
    /// so a pen resting in place does not count as a sharp turn.
    package var curvatures: [Double]
    /// Pen-up time between the end of one stroke and the start of the next, in seconds. In an
    /// imported trace, the gaps the import put between files (`import-pause-between-files-s` in the
    /// metadata) are not recorded pauses and are counted in `filePauses` instead.
    package var pauses: [Double]
    /// Gaps between imported files that were left out of `pauses`.
    package var filePauses: Int

    /// Measures `trace`.
    /// - Complexity: O(samples).
    package init(_ trace: Trace) {
        strokes = trace.strokes.count
        samples = trace.sampleCount
        duration = trace.duration
        intervals = []
        strokeDurations = []
        speeds = []
        curvatures = []
        pauses = []
        filePauses = 0
        // Times are stored to the microsecond, so a gap the import made can differ from it by a rounding step.
        let filePause = trace.metadata("import-pause-between-files-s").flatMap(Double.init)
        intervals.reserveCapacity(samples)
        speeds.reserveCapacity(samples)
        curvatures.reserveCapacity(samples)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var previousEnd: Double? = nil
        for stroke in trace.strokes {
            let s = stroke.samples
            guard let first = s.first else { continue }
            if let previousEnd {
                let pause = first.time - previousEnd
                if let filePause, abs(pause - filePause) < 1.5e-6 { filePauses += 1 } else { pauses.append(pause) }
            }
            previousEnd = stroke.endTime
            strokeDurations.append(stroke.endTime - stroke.startTime)
            // The last non-degenerate segment, for the turning angle at the next one.
            var lastSegment: (dx: Double, dy: Double, length: Double)? = nil
            for i in s.indices {
                minX = min(minX, s[i].x)
                maxX = max(maxX, s[i].x)
                minY = min(minY, s[i].y)
                maxY = max(maxY, s[i].y)
                guard i > 0 else { continue }
                let dt = s[i].time - s[i - 1].time
                let dx = s[i].x - s[i - 1].x
                let dy = s[i].y - s[i - 1].y
                let length = (dx * dx + dy * dy).squareRoot()
                intervals.append(dt)
                if dt > 0 { speeds.append(length / dt) }
                guard length > 0 else { continue }
                if let last = lastSegment {
                    let cross = last.dx * dy - last.dy * dx
                    let dot = last.dx * dx + last.dy * dy
                    curvatures.append(abs(atan2(cross, dot)) / ((last.length + length) / 2))
                }
                lastSegment = (dx, dy, length)
            }
        }
        boundingBox = samples > 0 ? (minX, minY, maxX, maxY) : nil
    }

    /// The value below which `fraction` of `values` lie, by linear interpolation between the closest
    /// ranks (the same definition as NumPy's default), or nil when `values` is empty.
    package static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        percentiles(values, [fraction])?[0]
    }

    /// Several percentiles at once, sorting `values` only once.
    package static func percentiles(_ values: [Double], _ fractions: [Double]) -> [Double]? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return fractions.map { f in
            let rank = min(1, max(0, f)) * Double(sorted.count - 1)
            let lo = Int(rank.rounded(.down))
            let hi = min(lo + 1, sorted.count - 1)
            return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
        }
    }
}

extension TraceStatistics {
    /// Five points of a distribution, for tables and JSON: enough to compare shapes by eye.
    package struct Distribution: Codable, Hashable, Sendable {
        /// How many values the percentiles were taken over.
        package var count: Int
        /// The 5th, 25th, 50th, 75th and 95th percentiles.
        package var p5: Double, p25: Double, p50: Double, p75: Double, p95: Double
        /// Arithmetic mean.
        package var mean: Double

        /// Summarizes `values` scaled by `unit` (1000 turns seconds into milliseconds); all zero when empty.
        package init(_ values: [Double], unit: Double = 1) {
            count = values.count
            let p = TraceStatistics.percentiles(values, [0.05, 0.25, 0.5, 0.75, 0.95]) ?? [0, 0, 0, 0, 0]
            p5 = p[0] * unit
            p25 = p[1] * unit
            p50 = p[2] * unit
            p75 = p[3] * unit
            p95 = p[4] * unit
            mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) * unit
        }
    }

    /// The statistics as `bench trace info --format json` prints them. Key names are part of the
    /// command-line contract: `strokes`, `samples`, `duration_s` are always present.
    package struct Summary: Codable, Hashable, Sendable {
        /// The version of `bench trace info --format json`'s object (its `format_version` key).
        package static let format = FormatVersion(name: "trace info", current: 1)

        /// Number of strokes.
        package var strokes: Int
        /// Number of samples.
        package var samples: Int
        /// Time of the last sample, in seconds.
        package var durationS: Double
        /// Canvas width and height.
        package var canvas: [Double]
        /// `[minX, minY, maxX, maxY]`, empty for an empty trace.
        package var boundingBox: [Double]
        /// Sampling intervals within strokes, in milliseconds.
        package var intervalMs: Distribution
        /// Stroke durations, in seconds.
        package var strokeDurationS: Distribution
        /// Pen speeds, in canvas units per second.
        package var speedPerS: Distribution
        /// Unsigned curvature, in radians per canvas unit.
        package var curvaturePerUnit: Distribution
        /// Recorded pen-up pauses (gaps between imported files left out), in seconds.
        package var pauseS: Distribution
        /// Samples per second of stroke time (samples minus strokes over total stroke duration): the
        /// effective digitizer rate.
        package var sampleRateHz: Double

        enum CodingKeys: String, CodingKey {
            case strokes, samples, canvas
            case durationS = "duration_s"
            case boundingBox = "bounding_box"
            case intervalMs = "interval_ms"
            case strokeDurationS = "stroke_duration_s"
            case speedPerS = "speed_per_s"
            case curvaturePerUnit = "curvature_rad_per_unit"
            case pauseS = "pause_s"
            case sampleRateHz = "sample_rate_hz"
        }
    }

    /// The summary of these statistics for a trace on `canvas`.
    package func summary(canvas: CanvasSize) -> Summary {
        let strokeTime = strokeDurations.reduce(0, +)
        return Summary(
            strokes: strokes, samples: samples, durationS: duration,
            canvas: [canvas.width, canvas.height],
            boundingBox: boundingBox.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } ?? [],
            intervalMs: Distribution(intervals, unit: 1000),
            strokeDurationS: Distribution(strokeDurations),
            speedPerS: Distribution(speeds),
            curvaturePerUnit: Distribution(curvatures),
            pauseS: Distribution(pauses),
            sampleRateHz: strokeTime > 0 ? Double(samples - strokes) / strokeTime : 0)
    }
}

import Foundation

/// Resamples a trace to a steady digitizer rate, for example 240 Hz pencil input from ~70 Hz
/// recordings, so strategies can be measured against the input rate of the device being modelled.
///
/// Each stroke keeps its first and last sample (time and place), and gets samples every `1 / rate`
/// seconds from its first in between, placed by linear interpolation between the recorded samples
/// around that time (force too, when both have it). Linear interpolation invents no shape the
/// recording does not have: a 70 Hz polygon stays that polygon, only sampled more often. Pen-up
/// pauses and stroke timing are unchanged. The result is marked `derived` in its metadata.
package struct TraceResampler: Sendable {
    /// Target rate in samples per second.
    package var rate: Double

    /// - Precondition: `rate` is finite and positive.
    package init(rate: Double) {
        precondition(rate.isFinite && rate > 0, "resampling rate must be positive")
        self.rate = rate
    }

    /// How many samples `resample(trace)` would make, counted without making them (as a `Double`, so
    /// a week at 1000 Hz counts rather than overflows): what a command checks against
    /// `TraceFormat.maxSamples` before it starts.
    package func sampleCount(of trace: Trace) -> Double {
        trace.strokes.reduce(0) { total, stroke in
            let s = stroke.samples
            guard s.count > 1, stroke.endTime > stroke.startTime else { return total + Double(s.count) }
            // The first and last samples, and one each step strictly inside (`resample`'s loop).
            let inside = max(0, ((stroke.endTime - stroke.startTime) * rate - 0.1).rounded(.up) - 1)
            return total + 2 + inside
        }
    }

    /// The resampled trace, with `derived` and `sample-rate-hz` recorded in its metadata (an
    /// earlier `sample-rate-hz` is replaced; every other entry, licence included, is kept).
    package func resample(_ trace: Trace) -> Trace {
        var result = trace
        result.strokes = trace.strokes.map(resample)
        let original = TraceStatistics(trace).summary(canvas: trace.canvas).sampleRateHz
        result.metadata.removeAll { $0.key == "sample-rate-hz" }
        result.metadata.append(("sample-rate-hz", String(format: "%g", rate)))
        result.metadata.append(
            ("derived", String(format: "resampled from about %.0f Hz to %g Hz by linear interpolation", original, rate))
        )
        return result
    }

    /// One stroke at the target rate.
    package func resample(_ stroke: Stroke) -> Stroke {
        let s = stroke.samples
        guard s.count > 1, stroke.endTime > stroke.startTime else { return stroke }
        let step = 1 / rate
        var out: [Sample] = [s[0]]
        var k = 0  // s[k].time <= t < s[k + 1].time, moving forward only
        var n = 1
        while true {
            let t = stroke.startTime + Double(n) * step
            // Closer than a tenth of a step to the end: the end sample stands for it.
            guard t < stroke.endTime - step * 0.1 else { break }
            while k + 1 < s.count - 1 && s[k + 1].time <= t { k += 1 }
            let a = s[k]
            let b = s[k + 1]
            let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
            let force: Double? = if let fa = a.force, let fb = b.force { fa + (fb - fa) * f } else { nil }
            out.append(Sample(time: t, x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, force: force))
            n += 1
        }
        out.append(s[s.count - 1])
        return Stroke(samples: out)
    }
}

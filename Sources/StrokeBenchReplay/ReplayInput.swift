import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

/// A trace prepared for one device: scaled to fit its canvas, limited to its digitizer rate, and
/// flattened into arrays the replay loop walks without allocating.
public struct ReplayInput: Sendable {
    /// Sample times in seconds, in trace order.
    package let times: [Double]
    /// Positions in device pixels.
    package let points: [Point]
    /// True for the first and for the last sample of each stroke.
    package let isStrokeStart: [Bool]
    package let isStrokeEnd: [Bool]

    /// Prepares `trace` for `device`.
    ///
    /// The trace canvas is scaled uniformly to fit the device's canvas in points and centred. When the
    /// device's digitizer is slower than the trace's sampling, samples closer than one digitizer
    /// interval to the previous kept one are dropped (a stroke's first and last samples are always kept),
    /// as a 60 Hz screen would never have reported them.
    public init(trace: Trace, device: DeviceProfile) {
        let place = Self.placement(of: trace, on: device)
        let minimumInterval = 1 / device.touchRate - 0.0005  // half a millisecond of digitizer jitter
        var times: [Double] = []
        var points: [Point] = []
        var starts: [Bool] = []
        var ends: [Bool] = []
        for stroke in trace.strokes {
            var lastKept = -Double.infinity
            for (i, s) in stroke.samples.enumerated() {
                let isLast = i == stroke.samples.count - 1
                guard i == 0 || isLast || s.time - lastKept >= minimumInterval else { continue }
                lastKept = s.time
                times.append(s.time)
                points.append(place(s))
                starts.append(i == 0)
                ends.append(isLast)
            }
        }
        self.times = times
        self.points = points
        isStrokeStart = starts
        isStrokeEnd = ends
    }

    /// Where a sample of `trace` lands on `device`, in device pixels: the trace canvas scaled uniformly
    /// to fit the device's canvas in points, centred.
    private static func placement(of trace: Trace, on device: DeviceProfile) -> (Sample) -> Point {
        let fit = min(device.widthPoints / trace.canvas.width, device.heightPoints / trace.canvas.height)
        let offsetX = (device.widthPoints - trace.canvas.width * fit) / 2
        let offsetY = (device.heightPoints - trace.canvas.height * fit) / 2
        return { s in Point(x: (s.x * fit + offsetX) * device.scale, y: (s.y * fit + offsetY) * device.scale) }
    }

    /// The farthest from the canvas's origin a scaled sample may land, in device pixels: half the
    /// drawing API's limit (`Point.maxMagnitude`), so that a stroke's ink around it, and any margin a
    /// strategy adds to its bounds, stays within the limit. The trace reader bounds coordinates in the
    /// trace's own canvas; scaling to a device multiplies them (7.5 times for a 100x80 canvas on an
    /// iPhone 6s), so this is checked after scaling, by the harness, before a strategy sees a point.
    package static let maxPlacedMagnitude = Point.maxMagnitude / 2

    /// The first sample of `trace` that lands beyond `maxPlacedMagnitude` on `device`: its stroke and
    /// its index in that stroke (both from 0), and where it lands; nil when every sample lands within.
    package static func firstBeyondReach(of trace: Trace, on device: DeviceProfile) -> (
        stroke: Int, sample: Int, at: Point
    )? {
        let place = placement(of: trace, on: device)
        for (k, stroke) in trace.strokes.enumerated() {
            for (i, sample) in stroke.samples.enumerated() {
                let p = place(sample)
                if !(abs(p.x) <= maxPlacedMagnitude && abs(p.y) <= maxPlacedMagnitude) { return (k, i, p) }
            }
        }
        return nil
    }

    /// Input given sample by sample, already in device pixels and in time order: what a capacity ramp
    /// builds, whose history arrives in one burst that no digitizer could report (so it is not
    /// limited to the digitizer's rate as a trace is).
    package init(times: [Double], points: [Point], isStrokeStart: [Bool], isStrokeEnd: [Bool]) {
        self.times = times
        self.points = points
        self.isStrokeStart = isStrokeStart
        self.isStrokeEnd = isStrokeEnd
    }

    package var count: Int { times.count }

    /// When sample `i` was recorded, as a replay instant.
    package func instant(of i: Int) -> ReplayInstant { ReplayInstant(seconds: times[i]) }

    /// FNV-1a 64 over the sample times, device positions and stroke boundaries, as hex: the input's
    /// identity in a `ReplaySpec`, so a baseline notices a trace that changed since it was recorded.
    package var checksum: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
            }
        }
        for i in 0..<count {
            mix(times[i].bitPattern)
            mix(points[i].x.bitPattern)
            mix(points[i].y.bitPattern)
            mix((isStrokeStart[i] ? 1 : 0) | (isStrokeEnd[i] ? 2 : 0))
        }
        return String(hash, radix: 16)
    }

    /// The strokes as polylines in device pixels: what the reference picture strokes.
    package var polylines: [[Point]] {
        var lines: [[Point]] = []
        for i in 0..<count {
            if isStrokeStart[i] { lines.append([]) }
            lines[lines.count - 1].append(points[i])
        }
        return lines
    }
}

import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec

/// Predicted touches as provisional ink (`--predict`), the way an app uses `predictedTouches(for:)`:
/// after each turn that delivered samples, a segment from the latest real sample to the predicted point
/// is put on a shape layer of its own, above the strategy's, which the render server strokes. The next
/// turn with samples replaces it, and the pen lifting removes it. Any strategy has it; the strategy
/// itself draws only real samples, so predicted ink can never stay in its picture.
///
/// Each change of the layer is presented like a commit of its turn. Its render-server work, the
/// segment's swept pixels and one stroked segment, is charged on its own (`extraCompositeNs`), apart
/// from the strategy's composite.
struct PredictedInk {
    /// One picture of the layer: from `time` on, a segment from sample `base`'s point to `tip`, or
    /// nothing (`tip` nil).
    struct Shown {
        var time: Int64
        var base: Int
        var tip: Point?
    }

    private let kind: Prediction
    private let horizon: Double
    private let input: ReplayInput
    private let lineWidth: Double
    private var predictor: (any TouchPredictor)?
    private(set) var shown: [Shown] = []
    private(set) var extraPixels = 0
    private(set) var extraCompositeNs: Int64 = 0

    /// - Parameters:
    ///   - horizon: seconds ahead of the latest sample.
    ///   - lineWidth: the ink's width in device pixels.
    init(_ kind: Prediction, horizon: Double, input: ReplayInput, lineWidth: Double) {
        self.kind = kind
        self.horizon = horizon
        self.input = input
        self.lineWidth = lineWidth
    }

    /// The segment on screen at the end, if any: none once the last stroke has ended.
    var finalTip: (base: Point, tip: Point)? {
        guard let last = shown.last, let tip = last.tip else { return nil }
        return (input.points[last.base], tip)
    }

    /// Takes the samples `delivered` in a turn whose layer changes are presented at `present`, charging
    /// the render server's stroke of a new segment through `meter`.
    mutating func turn(delivered: Range<Int>, presentedAt present: ReplayInstant, meter: any CostMeter) {
        guard kind != .none, let last = delivered.last else { return }
        var predictor = self.predictor
        for i in delivered {
            if input.isStrokeStart[i] { predictor = kind.makePredictor() }
            predictor?.add(input.points[i], at: input.times[i])
        }
        self.predictor = predictor
        guard !input.isStrokeEnd[last], let tip = predictor?.predict(ahead: horizon) else {
            if shown.last?.tip != nil { shown.append(Shown(time: present.nanoseconds, base: last, tip: nil)) }
            return
        }
        shown.append(Shown(time: present.nanoseconds, base: last, tip: tip))
        let base = input.points[last]
        let pixels = Distance.sweptPixels(base, tip, lineWidth: lineWidth)
        let ledger = WorkLedger()
        let (_, cost) = meter.measure(.composite, counting: ledger) {
            ledger.counters.pixelsComposited += pixels
            ledger.counters.segmentsStroked += 1
        }
        extraPixels += pixels
        extraCompositeNs += cost.nanoseconds
    }

    /// The run's prediction figures: each segment's ghost (its tip's distance from the path the pen
    /// then took, over three horizons), how long a ghost over the threshold stayed, how many were taken
    /// back a second of drawing, and the extra work; nil without prediction.
    func figures(endingAt end: Int64, mmPerPixel: Double) -> PredictionFigures? {
        guard kind != .none else { return nil }
        var ghosts: [Double] = []
        var lifetimes: [Double] = []
        var retractions = 0
        for (k, segment) in shown.enumerated() {
            guard let tip = segment.tip else { continue }
            let ghost = distance(from: tip, toPathAfter: segment.base) * mmPerPixel
            ghosts.append(ghost)
            if ghost > PredictionFigures.ghostThresholdMm {
                let until = k + 1 < shown.count ? shown[k + 1].time : end
                lifetimes.append(Double(until - segment.time) / 1e6)
                retractions += 1
            }
        }
        return PredictionFigures(
            predictor: kind.rawValue, horizonMs: horizon * 1000, ghostInkMm: Percentiles(ghosts),
            ghostLifetimeMs: Percentiles(lifetimes),
            retractionsPerS: Double(retractions) / max(penDownSeconds, 1e-9), segments: ghosts.count,
            extraPixels: extraPixels, extraCompositeMs: Double(extraCompositeNs) / 1e6)
    }

    /// The nearest the pen's real path came to `point` from sample `base` to three horizons on, within
    /// its stroke.
    private func distance(from point: Point, toPathAfter base: Int) -> Double {
        var nearest = Distance.between(point, input.points[base])
        var i = base
        while i + 1 < input.count, !input.isStrokeEnd[i], input.times[i + 1] <= input.times[base] + 3 * horizon {
            nearest = min(nearest, Distance.between(point, toSegment: input.points[i], input.points[i + 1]))
            i += 1
        }
        return nearest
    }

    /// Seconds the pen was down: each stroke from its first sample to its last.
    private var penDownSeconds: Double {
        var total = 0.0
        var start = 0.0
        for i in 0..<input.count {
            if input.isStrokeStart[i] { start = input.times[i] }
            if input.isStrokeEnd[i] { total += input.times[i] - start }
        }
        return total
    }
}

/// Distances in the plane, in the points' units.
enum Distance {
    static func between(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The pixels of the box a segment from `a` to `b` of width `lineWidth` sweeps: what the render
    /// server counts for stroking it alone (the provisional ink's segment, a wet-ink write's).
    static func sweptPixels(_ a: Point, _ b: Point, lineWidth: Double) -> Int {
        Int(((abs(b.x - a.x) + lineWidth) * (abs(b.y - a.y) + lineWidth)).rounded(.up))
    }

    /// From `p` to the segment `a`-`b`.
    static func between(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = dx * dx + dy * dy
        guard length > 0 else { return between(p, a) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
        return between(p, Point(x: a.x + t * dx, y: a.y + t * dy))
    }
}

/// Perceived latency (docs/latency.md): for each sample the screen showed, the time from the sample to
/// the first picture whose ink reaches within `within` pixels of where the pen was: the real ink
/// covering it, the real ink's end near it, or a provisional segment passing near it, all within its
/// stroke. A picture already on screen when the pen gets there counts from that moment.
enum PerceivedLatency {
    /// A change of what the screen shows: the newest real sample drawn, or the provisional segment.
    struct Change {
        var time: Int64
        var realTip: Int?
        var segment: PredictedInk.Shown?
    }

    /// Each shown sample's perceived latency in ns, in sample order (nil for a sample never shown).
    static func compute(
        times: [Int64], points: [Point], stroke: [Int], shown: [Bool], changes: [Change], within: Double
    ) -> [Int64?] {
        // The screen after each change: the newest real sample on it and the segment on it.
        var tips: [Int] = []
        var segments: [PredictedInk.Shown?] = []
        var tip = -1
        var segment: PredictedInk.Shown?
        for change in changes {
            if let t = change.realTip { tip = max(tip, t) }
            if let s = change.segment { segment = s.tip == nil ? nil : s }
            tips.append(tip)
            segments.append(segment)
        }
        var result = [Int64?](repeating: nil, count: times.count)
        var first = 0
        for i in times.indices where shown[i] {
            while first < changes.count, changes[first].time <= times[i] { first += 1 }
            // The screen as the pen reaches the sample, then every change after.
            for k in max(0, first - 1)..<changes.count where changes[k].time <= times[i] || k >= first {
                func reaches() -> Bool {
                    let realTip = tips[k]
                    if realTip >= i { return true }
                    if realTip >= 0, stroke[realTip] == stroke[i],
                        Distance.between(points[realTip], points[i]) <= within
                    {
                        return true
                    }
                    if let s = segments[k], let end = s.tip, stroke[s.base] == stroke[i],
                        Distance.between(points[i], toSegment: points[s.base], end) <= within
                    {
                        return true
                    }
                    return false
                }
                if reaches() {
                    result[i] = max(changes[k].time, times[i]) - times[i]
                    break
                }
            }
        }
        return result
    }
}

/// Spatial lag (docs/latency.md): at every vsync while the pen is down, how far the pen is from the end
/// of its stroke's ink on screen (the provisional segment's tip where one is up, else the newest real
/// sample shown, else the stroke's first point), with the pen's speed and whether its last 25 ms ran
/// straight.
enum SpatialLagMeter {
    /// The most vsyncs a replay measures (2.4 hours at 120 Hz): a longer replay measures every `n`th
    /// vsync, evenly, so what it keeps (24 bytes a vsync) grows with the work, never with the clock;
    /// a week-long trace would otherwise keep 72 million (docs/latency.md).
    static let maxVsyncs = 1 << 20

    /// The vsyncs measured of `count` on `grid`: every one, or every `n`th where there are more than
    /// `maxVsyncs`; streamed, never an array of them all.
    static func vsyncs(count: Int, on grid: VsyncGrid) -> some Sequence<Int64> {
        let step = max(1, (count + maxVsyncs - 1) / maxVsyncs)
        return stride(from: 0, to: count, by: step).lazy.map { grid.time(of: $0).nanoseconds }
    }

    /// - Parameters:
    ///   - vsyncs: the vsync times, ns, in order.
    ///   - times: each sample's instant, ns; `points` its position, px; `stroke` its stroke.
    ///   - changes: what the screen showed when, in time order (`PerceivedLatency.Change`).
    static func measure(
        vsyncs: some Sequence<Int64>, times: [Int64], points: [Point], stroke: [Int],
        changes: [PerceivedLatency.Change],
        mmPerPixel: Double
    ) -> [(lagMm: Double, speedMmPerS: Double, straight: Bool)] {
        var result: [(lagMm: Double, speedMmPerS: Double, straight: Bool)] = []
        var next = 0
        var change = 0
        var tip = -1
        var segment: PredictedInk.Shown?
        for now in vsyncs {
            while change < changes.count, changes[change].time <= now {
                if let t = changes[change].realTip { tip = max(tip, t) }
                if let s = changes[change].segment { segment = s.tip == nil ? nil : s }
                change += 1
            }
            while next < times.count, times[next] <= now { next += 1 }
            // The pen is down between two samples of one stroke.
            guard next > 0, next < times.count, stroke[next - 1] == stroke[next] else { continue }
            let a = next - 1
            let b = next
            let f = Double(now - times[a]) / Double(max(times[b] - times[a], 1))
            let pen = Point(
                x: points[a].x + f * (points[b].x - points[a].x), y: points[a].y + f * (points[b].y - points[a].y))
            let inkEnd: Point
            if let s = segment, let end = s.tip, stroke[s.base] == stroke[a] {
                inkEnd = end
            } else if tip >= 0, stroke[tip] == stroke[a] {
                inkEnd = points[tip]
            } else {
                inkEnd = points[firstOfStroke(a, stroke)]
            }
            let speed =
                Distance.between(points[a], points[b]) * mmPerPixel / (Double(max(times[b] - times[a], 1)) / 1e9)
            result.append(
                (
                    Distance.between(pen, inkEnd) * mmPerPixel, speed,
                    straight(
                        through: a, at: now, times: times, points: points, stroke: stroke, pen: pen,
                        mmPerPixel: mmPerPixel)
                ))
        }
        return result
    }

    private static func firstOfStroke(_ i: Int, _ stroke: [Int]) -> Int {
        var j = i
        while j > 0, stroke[j - 1] == stroke[i] { j -= 1 }
        return j
    }

    /// Whether the pen's path over the 25 ms to `now` stays within `SpatialLag.straightWithinMm` of its chord.
    private static func straight(
        through a: Int, at now: Int64, times: [Int64], points: [Point], stroke: [Int], pen: Point,
        mmPerPixel: Double
    ) -> Bool {
        var start = a
        while start > 0, stroke[start - 1] == stroke[a], times[start - 1] >= now - 25_000_000 { start -= 1 }
        let limit = SpatialLag.straightWithinMm / mmPerPixel
        return (start...a).allSatisfy { Distance.between(points[$0], toSegment: points[start], pen) <= limit }
    }
}

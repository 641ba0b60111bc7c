import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchSpec

/// This host's unit cost of each kind of counted work, measured by a microbenchmark of that kind alone
/// (`bench calibrate`), never by regressing replays' frame times on their counters.
///
/// A regression over replays cannot tell kinds apart that always come together (every full-canvas blend
/// follows a full-canvas clear), so its costs fit the strategies it saw and not one it did not. Here each
/// kind is timed where it is the only work that varies: bitmaps of several sizes for a clear and an
/// allocation, fills and blends of several areas, strokes designed so that segments, ink, swept span and
/// culled segments vary independently, and composites of several areas. Each cost is a least-squares
/// slope over those sizes, with what each case counted read from the same `WorkLedger` a replay uses.
package struct HostCalibration: Codable, Sendable {
    /// The version of `bench calibrate --format json`'s object (its `format_version` key).
    package static let format = FormatVersion(name: "calibration", current: 1)

    /// ns per unit of each kind measured here. `pixel_uploaded` has no host analogue (pixman reads an
    /// image in place), so it is 0.
    package var unitCostsNs: [WorkKind: Double]
    /// How each kind was measured and how well a line through its points fits them.
    package var fits: [Fit]
    /// The host's memory bandwidth, one thread writing and every core writing at once.
    package var bandwidth: Bandwidth

    enum CodingKeys: String, CodingKey {
        case unitCostsNs = "unit_costs_ns"
        case fits, bandwidth
    }

    /// Streaming writes of buffers larger than the last-level cache, GB/s (bytes per ns).
    package struct Bandwidth: Codable, Sendable {
        package var oneThreadGBs: Double
        package var allCoresGBs: Double
        package var cores: Int
        /// The share of the memory system one thread reaches: what the device cost model carries from
        /// this host to a device, whose published figure is its peak.
        package var efficiency: Double { allCoresGBs > 0 ? min(1, oneThreadGBs / allCoresGBs) : 0 }

        enum CodingKeys: String, CodingKey {
            case oneThreadGBs = "one_thread_gbs"
            case allCoresGBs = "all_cores_gbs"
            case cores, efficiency
        }

        init(oneThreadGBs: Double, allCoresGBs: Double, cores: Int) {
            self.oneThreadGBs = oneThreadGBs
            self.allCoresGBs = allCoresGBs
            self.cores = cores
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                oneThreadGBs: try c.decode(Double.self, forKey: .oneThreadGBs),
                allCoresGBs: try c.decode(Double.self, forKey: .allCoresGBs),
                cores: try c.decode(Int.self, forKey: .cores))
        }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(oneThreadGBs, forKey: .oneThreadGBs)
            try c.encode(allCoresGBs, forKey: .allCoresGBs)
            try c.encode(cores, forKey: .cores)
            try c.encode(efficiency, forKey: .efficiency)
        }

        /// Each of `threads` threads writes its own 256 MiB buffer (8 times a 32 MiB last-level cache, so
        /// the writes reach memory) five times; the figure is the best of five rounds' total bytes over time.
        static func measure(threads: Int) -> Double {
            let size = 256 << 20
            // Addresses as integers: each thread writes only its own buffer.
            let buffers = (0..<threads).map { _ -> Int in
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
                memset(buffer, 1, size)  // fault every page in before timing
                return Int(bitPattern: buffer)
            }
            defer { for buffer in buffers { UnsafeMutableRawPointer(bitPattern: buffer)!.deallocate() } }
            var best = 0.0
            for round in 0..<5 {
                let start = Stopwatch.now()
                DispatchQueue.concurrentPerform(iterations: threads) { i in
                    let buffer = UnsafeMutableRawPointer(bitPattern: buffers[i])!
                    for pass in 0..<5 { memset(buffer, Int32(round + pass), size) }
                }
                let seconds = Stopwatch.now() - start
                best = max(best, Double(threads * size * 5) / seconds / 1e9)
            }
            return best
        }
    }

    /// One kind's (or one group's) least-squares fit.
    package struct Fit: Codable, Sendable {
        package var kinds: [WorkKind]
        package var method: String
        /// Cases timed (each the median of its repeats).
        package var cases: Int
        /// R² of the fitted times against the measured ones.
        package var r2: Double
        /// The fit's intercept, ns: the cost of a call beyond its counted work, when the fit has one.
        package var interceptNs: Double? = nil

        enum CodingKeys: String, CodingKey {
            case kinds, method, cases, r2
            case interceptNs = "intercept_ns"
        }
    }

    /// Measures every kind on a canvas of `width` x `height` pixels (a device's screen), each case the
    /// median of `repeats` timings.
    package static func measure(width: Int, height: Int, repeats: Int = 15) throws -> HostCalibration {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var calibration = HostCalibration(
            unitCostsNs: [:], fits: [],
            bandwidth: Bandwidth(
                oneThreadGBs: Bandwidth.measure(threads: 1), allCoresGBs: Bandwidth.measure(threads: cores),
                cores: cores))
        let timer = CaseTimer(repeats: repeats)
        try calibration.add(timer.bitmaps(width: width, height: height))
        try calibration.add(timer.pixelCalls(width: width, height: height))
        try calibration.add(timer.strokes(width: width, height: height))
        try calibration.add(timer.composites(width: width, height: height))
        calibration.unitCostsNs[.pixelUploaded] = 0
        return calibration
    }

    private mutating func add(_ result: (costs: [WorkKind: Double], fit: Fit)) {
        unitCostsNs.merge(result.costs) { _, new in new }
        fits.append(result.fit)
    }
}

/// Times cases of one kind of work and fits their costs.
struct CaseTimer {
    let repeats: Int

    /// One timed case: what it counted, and its median time in ns.
    struct Case {
        var counters: WorkCounters
        var ns: Double
    }

    /// Rounds of `repeats` timings each case is measured in; its time is the least of the rounds' medians.
    static let rounds = 5

    /// One run of a case: its work, counted in the ledger it is handed, and the ns its timed part took.
    typealias Run = (WorkLedger) throws -> Double

    /// A run timed whole.
    static func whole(_ body: @escaping (WorkLedger) throws -> Void) -> Run {
        { ledger in
            let start = Stopwatch.now()
            try body(ledger)
            return (Stopwatch.now() - start) * 1e9
        }
    }

    /// Times every case in `rounds` rounds, each case `repeats` times a round (after one warm-up run) with a
    /// fresh ledger each time. A case's time is the least of its rounds' medians: a median takes out the odd
    /// slow run, the least of several a round during which something else held the machine. Counters are
    /// the last run's.
    ///
    /// The rounds go over every case in turn, not one case's rounds back to back: this VM has slow spells
    /// of seconds (call overheads that double: `draw_call` came out at 0.8-0.9 or 1.3-2.6 us, `path_stroked`
    /// at 3.6 or 7.8 us, across one run's calibrations), and a spell that took every round of some cases
    /// and none of others skewed the fit that splits a stroke between its kinds (`segment_stroked` 0 to
    /// 706 ns on one device). Spread over the calibration, a spell meets one round of every case.
    func time(_ runs: [Run]) throws -> [Case] {
        var medians = [[Double]](repeating: [], count: runs.count)
        var counters = [WorkCounters](repeating: WorkCounters(), count: runs.count)
        for _ in 0..<Self.rounds {
            for (index, run) in runs.enumerated() {
                var times: [Double] = []
                for i in 0...repeats {
                    let ledger = WorkLedger(bitmaps: BitmapAccounting())
                    let elapsed = try run(ledger)
                    if i > 0 { times.append(elapsed) }
                    counters[index] = ledger.counters
                }
                times.sort()
                medians[index].append(times[times.count / 2])
            }
        }
        return zip(counters, medians).map { Case(counters: $0, ns: $1.min()!) }
    }

    /// New bitmaps of several sizes: ns per cleared pixel (slope) and per bitmap (intercept). As in a
    /// replay, each new bitmap is made while the previous one is alive, and is drawn into (untimed) before
    /// it is let go: glibc's `calloc` skips clearing memory no one has written, which a bitmap never is.
    ///
    /// Unlike the other cases, one size's rounds run back to back rather than through `time(_:)`: what a new
    /// bitmap costs depends on the heap the previous ones of its size left, and sizes taken in turn leave
    /// another (the measurements are in docs/device-model.md, "The host fit").
    func bitmaps(width: Int, height: Int) throws -> ([WorkKind: Double], HostCalibration.Fit) {
        var cases: [Case] = []
        for share in [0.05, 0.25, 0.5, 0.75, 1.0] {
            let side = share.squareRoot()
            let w = max(1, Int(Double(width) * side))
            let h = max(1, Int(Double(height) * side))
            var previous = try Surface(width: w, height: h)
            var medians: [Double] = []
            var counters = WorkCounters()
            for _ in 0..<Self.rounds {
                var times: [Double] = []
                for i in 0...repeats {
                    let ledger = WorkLedger(bitmaps: BitmapAccounting())
                    let start = Stopwatch.now()
                    let surface = try Surface(width: w, height: h, counting: ledger)
                    let elapsed = Stopwatch.now() - start
                    try Context(surface: surface).fill(surface.bounds, with: .white)
                    previous = surface
                    if i > 0 { times.append(elapsed * 1e9) }
                    counters = ledger.counters
                }
                times.sort()
                medians.append(times[times.count / 2])
            }
            _ = previous
            cases.append(Case(counters: counters, ns: medians.min()!))
        }
        let (coef, r2) = Regression.fit(cases, kinds: [.pixelCleared, .bitmapAllocated], relative: false)
        return (
            [.pixelCleared: coef[0], .bitmapAllocated: coef[1]],
            .init(
                kinds: [.pixelCleared, .bitmapAllocated],
                method:
                    "Surface(width:height:) made while the previous one lives, each drawn into before it is freed, 5 sizes up to the canvas; slope and intercept",
                cases: cases.count, r2: r2)
        )
    }

    /// Opaque fills of several areas of a layer's backing store, and a canvas-sized image drawn (blended
    /// source-over, and an opaque one copied) into another clipped to several areas, from 16 x 16 pixels to the
    /// whole canvas, each on a context made for the call as a layer's display makes one: ns per filled and per
    /// blended pixel, and per call (`draw_call`), in one least-squares fit. The small areas are what tell a
    /// call's own cost from its pixels'; a partial redraw of a few hundred pixels pays mostly that.
    ///
    /// Between two runs the render server composites what was drawn into its framebuffer (`shown`), untimed,
    /// as it does between two of a replay's turns: a bitmap is met in whatever state of the cache that
    /// traffic leaves it, on this machine, rather than in a state chosen for it (always cold, or always warm).
    func pixelCalls(width: Int, height: Int) throws -> ([WorkKind: Double], HostCalibration.Fit) {
        let compositor = try Compositor(width: width, height: height)
        let layer = try Surface(width: width, height: height)
        let areas: [PixelRect] =
            [PixelRect(x: 8, y: 8, width: 16, height: 16), PixelRect(x: 8, y: 8, width: 64, height: 64)]
            + [0.05, 0.25, 0.5, 1.0].map {
                PixelRect(x: 0, y: 0, width: width, height: max(1, Int(Double(height) * $0)))
            }
        var runs: [Run] = []
        for area in areas {
            runs.append(
                Self.shown(on: compositor, damage: area) { ledger in
                    let context = try Context(surface: layer, counting: ledger)
                    context.fill(area, with: .white)
                    return layer
                })
            runs.append(try redraws(width: width, height: height, clip: area, opaque: false, shownOn: compositor))
            runs.append(try redraws(width: width, height: height, clip: area, opaque: true, shownOn: compositor))
        }
        let cases = try time(runs)
        let kinds: [WorkKind] = [.pixelFilled, .pixelBlended, .pixelCopied, .drawCall]
        let (coef, r2) = Regression.fit(cases, kinds: kinds)
        return (
            Dictionary(uniqueKeysWithValues: zip(kinds, coef)),
            .init(
                kinds: kinds,
                method:
                    "Context.fill of a layer's backing store, and Context.draw of the last picture (with alpha, and opaque) into a bitmap just made, each over 6 areas from 16 x 16 to the canvas, on a context made per call, each drawing then composited into a framebuffer (untimed) as the render server does between turns; one least-squares fit",
                cases: cases.count, r2: r2)
        )
    }

    /// A run whose drawing (`body`, timed, returning the bitmap it drew into) the render server then
    /// composites into its framebuffer limited to `damage`, untimed: what happens to a layer's pixels between
    /// two of a replay's turns, and so the state of the cache the next drawing meets.
    static func shown(on compositor: Compositor, damage: PixelRect, _ body: @escaping (WorkLedger) throws -> Surface)
        -> Run
    {
        { ledger in
            let start = Stopwatch.now()
            let drawn = try body(ledger)
            let elapsed = Stopwatch.now() - start
            try compositor.composite(drawn, damage: [damage])
            return elapsed * 1e9
        }
    }

    /// The last picture drawn (blended source-over, or copied when `opaque`) into a bitmap just made,
    /// clipped to `clip`, on a context made for the call: what a renderer does each time it starts a new
    /// image from the previous one. The new bitmap is made before the clock starts, so only the draw is
    /// timed; the render server then composites it (`shown`).
    func redraws(width: Int, height: Int, clip: PixelRect, opaque: Bool, shownOn compositor: Compositor) throws -> Run {
        var previous = try Surface(width: width, height: height, opaque: opaque)
        try Context(surface: previous).fill(previous.bounds, with: .white)
        var target = previous
        let draw = Self.shown(on: compositor, damage: clip) { ledger in
            let context = try Context(surface: target, counting: ledger)
            context.clip(to: clip)
            context.draw(previous, in: previous.bounds)
            previous = target
            return target
        }
        return { ledger in
            target = try Surface(width: width, height: height, opaque: opaque)
            return try draw(ledger)
        }
    }

    /// How many copies of `perCopy` canvas-sized bitmaps a cold case takes in turn: enough to hold twice
    /// the last-level cache (at least 64 MiB), so that each run meets its bitmaps in memory, not in the
    /// cache, as a replay does, whose backing stores, images and framebuffer together outgrow it. A
    /// microbenchmark of one bitmap filled again and again measures the cache instead
    /// (docs/device-model.md, "The host fit").
    static func coldCopies(width: Int, height: Int, perCopy: Int) -> Int {
        let cache = max(32 << 20, sysconf(Int32(_SC_LEVEL3_CACHE_SIZE)))
        let bytes = width * height * 4 * perCopy
        return max(2, (2 * cache + bytes - 1) / bytes)
    }

    /// Strokes designed so that drawn segments, ink, swept span, culled segments, edge rows and paths vary
    /// independently: spirals of several segment lengths and widths, dots far apart, many one-segment
    /// paths, and spirals drawn into a small clip they miss, lie on or lie beside. One least-squares fit of
    /// the seven kinds over every case.
    func strokes(width: Int, height: Int) throws -> ([WorkKind: Double], HostCalibration.Fit) {
        let surface = try Surface(width: width, height: height)
        var runs: [Run] = []
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        func stroke(_ lines: [[Point]], lineWidth: Double, clip: PixelRect? = nil) -> Run {
            let polylines = lines.map { Polyline($0, style: StrokeStyle(lineWidth: lineWidth)) }
            return Self.whole { ledger in
                let context = try Context(surface: surface, counting: ledger)
                if let clip { context.clip(to: clip) }
                context.stroke(polylines, style: StrokeStyle(lineWidth: lineWidth))
            }
        }
        // Strokes as people draw them: spirals that never cross themselves (each turn clear of the last by
        // more than the line width), with n segments of length l at width w. Varying l and w moves ink
        // independently of the segment count.
        func spiral(segments n: Int, length l: Double, lineWidth w: Double, around centre: Point) -> [Point] {
            var points = [centre]
            var angle = 0.0
            var radius = w * 2
            for _ in 0..<n {
                let step = l / radius
                angle += step
                radius += (w + 4) * step / (2 * .pi)
                points.append(Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle)))
            }
            return points
        }
        for (n, l, w) in [
            (200, 2.0, 10.0), (1000, 2.0, 10.0), (200, 6.0, 10.0), (1000, 6.0, 10.0), (400, 12.0, 10.0),
            (400, 3.0, 4.0), (400, 3.0, 24.0), (200, 20.0, 24.0), (1500, 4.0, 6.0),
        ] {
            runs.append(
                stroke([spiral(segments: n, length: l, lineWidth: w, around: Point(x: cx, y: cy))], lineWidth: w))
        }
        // Dots far apart: little ink and few segments over a large swept span.
        for spread in [0.1, 0.45, 0.9] {
            let dx = Double(width) * spread / 2
            let dy = Double(height) * spread / 2
            runs.append(stroke([[Point(x: cx - dx, y: cy - dy)], [Point(x: cx + dx, y: cy + dy)]], lineWidth: 10))
        }
        // Paths: k separate strokes of one short segment each, as a layer-per-event strategy strokes them.
        for k in [50, 200, 800] {
            let lines = (0..<k).map { i -> Polyline in
                let at = Point(x: cx + Double(i % 40) * 12, y: cy + Double(i / 40) * 12)
                return Polyline([at, Point(x: at.x + 4, y: at.y + 3)], style: StrokeStyle(lineWidth: 10))
            }
            runs.append(
                Self.whole { ledger in
                    let context = try Context(surface: surface, counting: ledger)
                    for line in lines { context.stroke([line], style: StrokeStyle(lineWidth: 10)) }
                })
        }
        // Culled: a spiral of n segments drawn into a small clip it misses, beside one short line drawn in it.
        let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
        for n in [500, 2000, 6000] {
            let outside = spiral(segments: n, length: 4, lineWidth: 10, around: Point(x: cx, y: cy))
            runs.append(stroke([[Point(x: 10, y: 10), Point(x: 40, y: 40)], outside], lineWidth: 10, clip: clip))
        }
        // Culled near the clip: a small clip lying on the spiral, as a partial redraw's clip lies on the drawing
        // it redraws. Each turn passes by it, so the segments beside the clip are tested one by one rather
        // than passed over with the part of the path far from it, which costs more a culled segment.
        for (n, side) in [(500, 32), (2000, 48), (6000, 64), (3000, 24)] {
            let points = spiral(segments: n, length: 4, lineWidth: 10, around: Point(x: cx, y: cy))
            let on = points[n / 2]
            let near = PixelRect(x: Int(on.x) - side / 2, y: Int(on.y) - side / 2, width: side, height: side)
            runs.append(stroke([points], lineWidth: 10, clip: near))
        }
        // Beside the clip: a spiral to the left of a clip in its rows, which it misses. Its segments in those
        // rows lay no ink and are not culled (cairo keeps their edges); the rest are; so segments stroked
        // vary without ink.
        for (n, side) in [(1000, 24), (3000, 64), (6000, 40)] {
            let points = spiral(segments: n, length: 4, lineWidth: 10, around: Point(x: cx / 2, y: cy))
            let right = Int(points.map(\.x).max()!) + 16
            runs.append(
                stroke(
                    [[Point(x: Double(right + 4), y: cy), Point(x: Double(right + 8), y: cy + 4)], points],
                    lineWidth: 10, clip: PixelRect(x: right, y: Int(cy) - side / 2, width: side, height: side)))
        }
        let kinds: [WorkKind] = [
            .segmentStroked, .pixelStroked, .pixelSwept, .segmentCulled, .edgeRow, .joinRadius, .pathStroked,
        ]
        let cases = try time(runs)
        let (coef, r2) = Regression.fit(cases, kinds: kinds, intercept: true)
        return (
            Dictionary(uniqueKeysWithValues: zip(kinds, coef.prefix(kinds.count))),
            .init(
                kinds: kinds,
                method:
                    "Context.stroke of designed paths: spirals that never cross themselves (segment length 2 to 20 px, width 4 to 24), far-apart dots, many one-segment paths, spirals drawn into a small clip they miss, into one lying on them and into one beside them in its rows; one least-squares fit",
                cases: cases.count, r2: r2, interceptNs: coef[kinds.count])
        )
    }

    /// A canvas-sized image composited into the framebuffer, limited to several areas of damage: ns per composited pixel.
    func composites(width: Int, height: Int) throws -> ([WorkKind: Double], HostCalibration.Fit) {
        let compositor = try Compositor(width: width, height: height)
        let images = try (0..<Self.coldCopies(width: width, height: height, perCopy: 1)).map { _ in
            try Surface(width: width, height: height)
        }
        var next = 0
        var runs: [Run] = []
        for share in [0.05, 0.25, 0.5, 0.75, 1.0] {
            let damage = PixelRect(x: 0, y: 0, width: width, height: max(1, Int(Double(height) * share)))
            runs.append(
                Self.whole { ledger in
                    let image = images[next % images.count]
                    next += 1
                    ledger.counters.pixelsComposited += try compositor.composite(image, damage: [damage])
                })
        }
        let cases = try time(runs)
        let (coef, r2) = Regression.fit(cases, kinds: [.pixelComposited], intercept: true, relative: false)
        return (
            [.pixelComposited: coef[0]],
            .init(
                kinds: [.pixelComposited],
                method:
                    "Compositor.composite of canvas-sized images taken in turn from more than the last-level cache holds, 5 areas of damage; slope",
                cases: cases.count, r2: r2, interceptNs: coef[1])
        )
    }
}

/// Least squares of case times on their counts, relative, by the normal equations (a handful of unknowns).
private enum Regression {
    /// Coefficients in `kinds` order (then the intercept, when asked for or when it is the last kind's
    /// role), and R² of the fit. No coefficient is negative: a kind cannot cost less than nothing.
    /// - Parameter relative: weigh each case by 1/time², minimising relative rather than absolute error, so a
    ///   case of a few microseconds (a call's own cost) counts as much as one of milliseconds (its pixels').
    ///   Off for kinds measured only at the scale a replay meets them (new bitmaps of a fifth of the canvas
    ///   and more, composites), where the largest cases, out of the cache, are the ones to fit.
    static func fit(_ cases: [CaseTimer.Case], kinds: [WorkKind], intercept: Bool = false, relative: Bool = true) -> (
        coefficients: [Double], r2: Double
    ) {
        // `.bitmapAllocated` in a bitmap case is one per case: it is the intercept.
        let rows = cases.map { c in kinds.map { Double($0.count(in: c.counters)) } + (intercept ? [1] : []) }
        let y = cases.map(\.ns)
        let solution = nonNegative(rows, y, weights: y.map { relative ? 1 / max($0 * $0, 1) : 1 })
        let predicted = rows.map { zip($0, solution).reduce(0) { $0 + $1.0 * $1.1 } }
        let mean = y.reduce(0, +) / Double(y.count)
        let residual = zip(y, predicted).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        let total = y.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (solution, total > 0 ? 1 - residual / total : 1)
    }

    /// Weighted least squares with every coefficient at least 0: the most negative column is dropped and the
    /// rest refitted until none is negative (clamping it instead would leave the others fitted to its
    /// negative share).
    static func nonNegative(_ rows: [[Double]], _ y: [Double], weights: [Double]) -> [Double] {
        let n = rows[0].count
        var active = Array(0..<n)
        while true {
            var a = [[Double]](repeating: [Double](repeating: 0, count: active.count), count: active.count)
            var b = [Double](repeating: 0, count: active.count)
            for (row, (t, w)) in zip(rows, zip(y, weights)) {
                for (i, ci) in active.enumerated() {
                    b[i] += w * row[ci] * t
                    for (j, cj) in active.enumerated() { a[i][j] += w * row[ci] * row[cj] }
                }
            }
            var solution = [Double](repeating: 0, count: n)
            for (i, value) in zip(active, solve(a, b)) { solution[i] = value }
            guard let worst = active.filter({ solution[$0] < 0 }).min(by: { solution[$0] < solution[$1] }) else {
                return solution
            }
            active.removeAll { $0 == worst }
        }
    }

    /// Gaussian elimination with partial pivoting; a singular column gets 0.
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
        var a = matrix
        var b = vector
        let n = b.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 * max(1, abs(a[col][col])) else { continue }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in 0..<n where row != col {
                let factor = a[row][col] / a[col][col]
                guard factor != 0 else { continue }
                for k in col..<n { a[row][k] -= factor * a[col][k] }
                b[row] -= factor * b[col]
            }
        }
        return (0..<n).map { abs(a[$0][$0]) > 0 ? b[$0] / a[$0][$0] : 0 }
    }
}

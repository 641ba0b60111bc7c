import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchTraces

/// The drawing a capacity ramp grows (docs/capacity.md, "The drawing"): strokes in device pixels, made
/// once for a device and cut at any number of retained points.
///
/// Two seeded models, and any recorded trace:
/// - `handwriting`: words of looped cursive letters written along ruled lines that fill the screen,
///   page after page (each page drawn over the last, a little offset), at the $1 logs' median pen
///   speed;
/// - `scribble`: back-and-forth strokes across the screen at the $1 logs' 95th-percentile speed;
/// - a trace: its strokes, fitted to the screen as a replay fits them, repeated end to end.
///
/// Samples are spaced as the device's digitizer reports a pen moving at the drawing's speed.
package struct RampDrawing: Sendable {
    /// Which drawing.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        case handwriting, scribble
        /// A recorded trace, repeated; `name` is how reports name it.
        case trace(name: String)
        package var description: String {
            switch self {
            case .handwriting: "handwriting"
            case .scribble: "scribble"
            case .trace(let name): name
            }
        }
    }

    /// The median pen speed of the $1 gesture logs (257 canvas units a second, `bench trace info` on
    /// the imported logs), taken as points a second: handwriting's speed.
    package static let handwritingSpeed = 257.0
    /// The 95th-percentile pen speed of the same logs (2,000 units a second): a scribble's.
    package static let scribbleSpeed = 2000.0
    /// The share of writing time the pen is down, from the Omniglot drawings (MIT; `bench trace info`
    /// on the imported folder): 1,692 strokes of 1.534 s on average against 692 pen-up pauses of
    /// 1.656 s on average within drawings, 2,595.5 s of 3,741.5 s. With the digitizer's rate it turns
    /// retained points into minutes of handwriting.
    package static let penDownShare = 0.694

    package let kind: Kind
    private let device: DeviceProfile
    private let seed: UInt64
    private let windowSeconds: Double
    /// Every stroke, in device pixels, in drawing order.
    package let strokes: [[Point]]
    /// The pen's path for the measured second: the drawing's next stroke, long enough to last it.
    package let window: [Point]

    /// The drawing on `device`, with at least `points` points of history and a window `seconds` long.
    package init(_ kind: Kind, device: DeviceProfile, points: Int, windowSeconds seconds: Double, seed: UInt64 = 1) {
        self.kind = kind
        self.device = device
        self.seed = seed
        windowSeconds = seconds
        let spacing = (kind == .scribble ? Self.scribbleSpeed : Self.handwritingSpeed) / device.touchRate * device.scale
        var writer = Writer(device: device, spacing: spacing, scribbles: kind == .scribble, seed: seed)
        var strokes: [[Point]] = []
        var total = 0
        while total < points {
            let stroke = writer.nextStroke()
            strokes.append(stroke)
            total += stroke.count
        }
        self.strokes = strokes
        window = Self.window(&writer, count: Int((seconds * device.touchRate).rounded(.up)) + 1)
    }

    /// The window stroke with the pen moving at `speed` points a second: the drawing's own model (a
    /// recorded trace's path, for a trace), sampled at the digitizer's rate, from a writer of its own.
    package func window(speed: Double) -> [Point] {
        guard kind == .handwriting || kind == .scribble else { return window }
        var writer = Writer(
            device: device, spacing: speed / device.touchRate * device.scale, scribbles: kind == .scribble,
            seed: seed &+ 1)
        return Self.window(&writer, count: Int((windowSeconds * device.touchRate).rounded(.up)) + 1)
    }

    /// The writer's next strokes joined into one of `count` samples.
    private static func window(_ writer: inout Writer, count: Int) -> [Point] {
        var window: [Point] = []
        while window.count < count { window += writer.nextStroke() }
        return Array(window.prefix(count))
    }

    /// `trace`'s strokes on `device`, repeated until there are at least `points` points; the window is
    /// the trace's strokes again, joined into one path.
    package init(trace: Trace, name: String, device: DeviceProfile, points: Int, windowSeconds seconds: Double) {
        kind = .trace(name: name)
        self.device = device
        seed = 0
        windowSeconds = seconds
        let fit = min(device.widthPoints / trace.canvas.width, device.heightPoints / trace.canvas.height)
        let offsetX = (device.widthPoints - trace.canvas.width * fit) / 2
        let offsetY = (device.heightPoints - trace.canvas.height * fit) / 2
        let once = trace.strokes.filter { !$0.samples.isEmpty }.map { stroke in
            stroke.samples.map {
                Point(x: ($0.x * fit + offsetX) * device.scale, y: ($0.y * fit + offsetY) * device.scale)
            }
        }
        var strokes: [[Point]] = []
        var total = 0
        while total < points, !once.isEmpty {
            for stroke in once where total < points {
                strokes.append(stroke)
                total += stroke.count
            }
        }
        let windowCount = Int((seconds * device.touchRate).rounded(.up)) + 1
        var window: [Point] = []
        while window.count < windowCount, !once.isEmpty { window += once.joined() }
        self.strokes = strokes
        self.window = Array(window.prefix(windowCount))
    }

    /// The first `points` points, as strokes (the last one cut short).
    package func history(_ points: Int) -> [[Point]] {
        var left = points
        var cut: [[Point]] = []
        for stroke in strokes where left > 0 {
            cut.append(Array(stroke.prefix(left)))
            left -= min(left, stroke.count)
        }
        return cut
    }

    /// How many strokes the first `points` points begin.
    package func strokeCount(_ points: Int) -> Int {
        var left = points
        var count = 0
        for stroke in strokes where left > 0 {
            count += 1
            left -= min(left, stroke.count)
        }
        return count
    }

    /// Minutes of handwriting `points` retained points are on `device`: its digitizer's samples a
    /// second, while the pen is down `penDownShare` of the time.
    package static func minutes(of points: Int, on device: DeviceProfile) -> Double {
        Double(points) / (device.touchRate * penDownShare * 60)
    }
}

/// Writes the seeded drawings stroke by stroke, in device pixels.
private struct Writer {
    let device: DeviceProfile
    /// Pixels between samples.
    let spacing: Double
    let scribbles: Bool
    var rng: SeededGenerator
    // Where the next word starts, in points.
    var x: Double, line = 0, page = 0

    /// Margins, line pitch and letters in points (a ruled page's 8 mm lines on an iPad are about 23 pt;
    /// a hand on glass writes larger).
    static let margin = 40.0, linePitch = 40.0, gap = 14.0

    init(device: DeviceProfile, spacing: Double, scribbles: Bool, seed: UInt64) {
        self.device = device
        self.spacing = spacing
        self.scribbles = scribbles
        rng = SeededGenerator(seed: seed)
        x = Self.margin
    }

    mutating func nextStroke() -> [Point] { scribbles ? scribble() : word() }

    /// A word of 2 to 8 looped letters (prolate cycloid loops of seeded height), on the current line.
    private mutating func word() -> [Point] {
        let letters = 2 + Int(rng.next() % 7)
        let advance = 12.0
        if x + Double(letters) * advance > device.widthPoints - Self.margin { newLine() }
        let baseline = Self.margin + Double(line + 1) * Self.linePitch + Double(page % 5) * 3
        let left = x + Double(page % 5) * 3
        var path = Path(spacing: spacing)
        for letter in 0..<letters {
            let radius = rng.uniform(4...9)
            let steps = 48
            for step in 0...steps where letter == 0 || step > 0 {
                let theta = Double(step) / Double(steps) * 2 * .pi
                let px = left + Double(letter) * advance + advance / (2 * .pi) * theta - radius * sin(theta)
                let py = baseline - radius * (1 - cos(theta))
                path.add(Point(x: px * device.scale, y: py * device.scale))
            }
        }
        x += Double(letters) * advance + Self.gap
        return path.points
    }

    /// One back-and-forth scribble: six passes across a band of the screen.
    private mutating func scribble() -> [Point] {
        let width = device.widthPoints - 2 * Self.margin
        let top = Self.margin + Double(line) * Self.linePitch
        var path = Path(spacing: spacing)
        for pass in 0...6 {
            let px = Self.margin + (pass % 2 == 0 ? 0 : width)
            path.lineTo(Point(x: px * device.scale, y: (top + Double(pass) * 4 + rng.uniform(0...3)) * device.scale))
        }
        newLine()
        return path.points
    }

    private mutating func newLine() {
        x = Self.margin
        line += 1
        if Self.margin + Double(line + 2) * Self.linePitch > device.heightPoints - Self.margin {
            line = 0
            page += 1
        }
    }
}

/// A path resampled at equal arc length, as a digitizer samples a pen moving at a steady speed.
private struct Path {
    let spacing: Double
    var points: [Point] = []

    init(spacing: Double) { self.spacing = spacing }

    /// Adds a point of a finely stepped curve: kept once the pen has moved `spacing` since the last.
    mutating func add(_ p: Point) {
        guard let last = points.last else {
            points.append(p)
            return
        }
        let d = hypot(p.x - last.x, p.y - last.y)
        if d >= spacing { points.append(p) }
    }

    /// A straight line from the last point, sampled every `spacing`.
    mutating func lineTo(_ p: Point) {
        guard let last = points.last else {
            points.append(p)
            return
        }
        let d = hypot(p.x - last.x, p.y - last.y)
        let n = max(1, Int((d / spacing).rounded(.up)))
        for i in 1...n {
            let t = Double(i) / Double(n)
            points.append(Point(x: last.x + (p.x - last.x) * t, y: last.y + (p.y - last.y) * t))
        }
    }
}

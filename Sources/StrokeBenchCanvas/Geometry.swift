/// A position on a surface, in device pixels (origin top-left, y down).
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in whole device pixels. Empty when either side is zero.
///
/// Dirty regions, damage and clips are integral on purpose: CoreAnimation rounds
/// `setNeedsDisplay(_:)` rects out to whole pixels of the backing store, and an integral
/// cairo clip is exact (no antialiased clip edge), so a clipped redraw matches a full one.
public struct PixelRect: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The smallest integral rect covering the given real-valued bounds.
    /// Bounds beyond ±2^31 (or not finite) are held there: such a rect is refused where it entered
    /// (`Point.isOutOfReach`), and holding it keeps the arithmetic here from trapping first.
    public init(enclosingMinX minX: Double, minY: Double, maxX: Double, maxY: Double) {
        // Each rounded with its rule spelled out: a rule passed as a value is rounded through a switch
        // and a call, and every stroke and segment counted makes one of these.
        func whole(_ rounded: Double) -> Int {
            let limit = 2_147_483_648.0
            return rounded.isNaN ? 0 : Int(Swift.min(limit, Swift.max(-limit, rounded)))
        }
        let x0 = whole(minX.rounded(.down))
        let y0 = whole(minY.rounded(.down))
        let x1 = whole(maxX.rounded(.up))
        let y1 = whole(maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Number of pixels covered.
    public var area: Int { isEmpty ? 0 : width * height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The overlap of two rects (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// The smallest rect containing both (an empty rect contributes nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

/// An opaque RGB colour, components in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// The stroke colour of the source article (`UIColor.red`).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// CoreGraphics' default stroke and fill colour.
    public static let black = Color(red: 0, green: 0, blue: 0)
}

/// How a stroke's open ends are drawn: `CGLineCap`.
public enum LineCap: Hashable, Sendable {
    /// Ends square at the end point (CoreGraphics' default); a one-point path draws nothing.
    case butt
    /// A half-disc past the end point (every source article's choice); a one-point path draws a dot.
    case round
    /// A half-square past the end point.
    case square
}

/// How every strategy strokes: the shared style of docs/model.md section 2.
public struct StrokeStyle: Hashable, Sendable {
    /// Line width in device pixels (points times the display scale).
    public var lineWidth: Double
    public var color: Color
    /// How open ends are drawn; joins are always round. Round by default, as every source strokes.
    public var lineCap: LineCap
    public init(lineWidth: Double, color: Color = .red, lineCap: LineCap = .round) {
        self.lineWidth = lineWidth
        self.color = color
        self.lineCap = lineCap
    }

    /// How far a stroke's ink can reach beyond its centre line: half the width plus one pixel of antialiasing.
    public var inkRadius: Double { lineWidth / 2 + 1 }

    /// The widest line drawn, in pixels: wider than any screen modelled.
    public static let maxLineWidth = 10_000.0

    /// True for a style no drawing can have: a width that is negative, not finite, or over `maxLineWidth`.
    public var isOutOfReach: Bool { !(0...Self.maxLineWidth).contains(lineWidth) }
}

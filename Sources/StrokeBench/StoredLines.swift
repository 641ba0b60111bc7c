import StrokeBenchCanvas

/// The touch bookkeeping most strategies share, so an author need not write it again: every point
/// kept as a `Polyline` per stroke (`began` starts one, `moved` extends it, `ended` closes it), the
/// newest sample's index (for `LayerUpdate.showsThrough`) and the points kept (`pointsRetained`).
///
/// A `Polyline` keeps running totals of what stroking it counts, so redrawing the kept lines every
/// frame costs a dry replay a reference per 64 points, not a walk over every point.
public struct StoredLines: Sendable {
    /// The style the lines are stroked in, for their running totals.
    public let style: StrokeStyle
    /// The lines before the newest, apart from it: a render's snapshot shares this array, and a move
    /// extends only the newest line, so the array is copied at most once a stroke, not on every touch.
    private var earlier: [Polyline] = []
    private var newestLine: Polyline?
    /// One polyline per stroke, in order: a new array, a copy of every line; a render takes `snapshot`.
    public var lines: [Polyline] { snapshot.array }
    /// The lines as they are now, in constant time: what a background render draws while touches
    /// go on extending the newest line.
    public var snapshot: Snapshot { Snapshot(earlier: earlier, newest: newestLine) }
    /// The index of the newest sample handled; -1 before the first.
    public private(set) var newest = -1
    /// Points kept, over every stroke.
    public private(set) var pointCount = 0

    public init(style: StrokeStyle) { self.style = style }

    /// Keeps the event's points.
    /// - Returns: true when the event added points (every `began` or `moved` event): the view needs display.
    @discardableResult
    public mutating func handle(_ event: TouchEvent) -> Bool {
        pointCount += event.points.count
        // Point by point into the last line: an array of the locations would be made and freed for every
        // event of every replay, and handed to a generic append that is not specialised across modules.
        switch event.phase {
        case .began, .moved:
            if event.phase == .began || newestLine == nil {
                if let line = newestLine { earlier.append(line) }
                newestLine = Polyline(style: style)
            }
            for point in event.points { newestLine!.append(point.location) }
        case .ended: break
        }
        if let last = event.points.last { newest = last.index }
        return event.phase != .ended
    }
}

extension StoredLines {
    /// The stored lines at one moment, oldest first: the lines before the newest (an array shared with
    /// the store until its next stroke begins) and the newest line, each held by value.
    public struct Snapshot: RandomAccessCollection, Sendable {
        /// The lines before the newest, oldest first.
        public let earlier: [Polyline]
        /// The newest line, which touches may still be extending in the store; nil before the first stroke.
        public let newest: Polyline?

        init(earlier: [Polyline], newest: Polyline?) {
            self.earlier = earlier
            self.newest = newest
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { earlier.count + (newest == nil ? 0 : 1) }
        /// The line at `position`, yielded from where it lies (`_read`) so that a caller that only reads it
        /// may be lent it rather than handed a copy (a retain and release of each of its buffers). The
        /// compiler does not always lend it: a loop over many lines reads them through their buffer
        /// instead (`StrokeSteps.run`).
        @inlinable
        public subscript(position: Int) -> Polyline {
            _read {
                if position < earlier.count { yield earlier[position] } else { yield newest! }
            }
        }

        /// Every line in one array, for a render that strokes them as one path: the earlier lines copied
        /// whole, as an array grows, rather than one by one through the subscript.
        public var array: [Polyline] {
            guard let newest else { return earlier }
            var all = earlier
            all.append(newest)
            return all
        }
    }
}

/// Why a strategy could not be created; a strategy's `init` may throw it.
public enum StrategyError: Error, CustomStringConvertible {
    /// The strategy renders in the background and the replay gave it no render queues
    /// (`StrategyEnvironment.renderQueues` is nil); the associated value names the strategy.
    case needsRenderQueues(String)

    public var description: String {
        switch self {
        case .needsRenderQueues(let name): return "\(name) needs background render queues"
        }
    }
}

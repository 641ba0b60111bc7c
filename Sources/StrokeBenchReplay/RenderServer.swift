import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchStrategies

/// The render server: composites each committed layer update into the screen's framebuffer with
/// pixman, limited to the update's damage, and times it on its own.
///
/// On a device it is a separate process and the GPU. Here, in the realtime clock, it is a serial
/// Dispatch queue running beside the main thread; in the virtual clock its work runs between turns, on
/// a timeline of its own (`freeAt`): a composite starts when its commit has ended and the previous
/// composite is done, and takes what the meter charges for it.
final class RenderServer: @unchecked Sendable {
    // `compositor` and `meter` are used only on `queue` (realtime; the meter is then the stateless
    // wall clock) or only by the replay thread (virtual);
    // `costs` is guarded by `lock`.
    private let compositor: Compositor
    private let queue: DispatchQueue?
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var costs: [Int: (cost: ReplayDuration, pixels: Int)] = [:]
    private var failure: Error?
    /// The ledger of the composites run inline (the virtual clock's).
    private let inlineLedger = WorkLedger()
    /// Virtual clock only: when the server finishes the last composite submitted (`submit`). A turn's
    /// main thread waits for it (`VirtualClock.nextTurn`), as the realtime clock's fence does.
    private(set) var freeAt = ReplayInstant.zero

    /// - Parameter threaded: composite on a background thread (realtime) or inline (virtual).
    private let meter: any CostMeter

    private let background: Color
    private let style: StrokeStyle

    /// - Parameter rasterizes: composite pixels, or only count them (a dry replay, which has no screen).
    init(
        width: Int, height: Int, background: Color, style: StrokeStyle, threaded: Bool, meter: any CostMeter,
        rasterizes: Bool = true
    ) throws {
        self.meter = meter
        self.background = background
        self.style = style
        compositor = try Compositor(width: width, height: height, rasterizes: rasterizes)
        compositor.clear([PixelRect(x: 0, y: 0, width: width, height: height)], to: background)
        queue = threaded ? DispatchQueue(label: "strokebench.render-server", qos: .userInteractive) : nil
    }

    /// Composites `update` for frame `frame`, whose commit ended at `committed`.
    /// - Returns: in the virtual clock, when the composite is done on the server's own timeline (after
    ///   `committed` and after the composite before it); nil in the realtime clock, whose server runs on
    ///   its own thread, or when the update composites nothing.
    @discardableResult
    func submit(_ update: LayerUpdate, frame: Int, committed: ReplayInstant) -> ReplayInstant? {
        guard (update.contents != nil || update.isBlank) && !update.damage.isEmpty || update.overlays != nil else {
            return nil
        }
        if let queue {
            queue.async(group: group) { [self] in composite(update, frame: frame, counting: WorkLedger()) }
            return nil
        }
        // Inline, one composite at a time: one ledger for them all (the meter counts what each adds),
        // not a ledger made, with its record of misuse, for every frame of every replay.
        composite(update, frame: frame, counting: inlineLedger)
        lock.lock()
        let cost = costs[frame]?.cost ?? .zero
        lock.unlock()
        freeAt = max(freeAt, committed) + cost
        return freeAt
    }

    /// Composites `update` for `frame`, counting in `ledger`, and keeps its cost and pixels (or the failure).
    private func composite(_ update: LayerUpdate, frame: Int, counting ledger: WorkLedger) {
        let (contents, damage, overlays) = (update.contents, update.damage, update.overlays)
        do {
            let (pixels, cost) = try meter.measure(.composite, counting: ledger) { () throws(CanvasError) -> Int in
                var pixels = 0
                if let contents {
                    pixels += try compositor.composite(contents, damage: damage)
                } else if !damage.isEmpty {
                    pixels += compositor.clear(damage, to: background)  // layer.contents = nil
                }
                if let overlays, let clip = damage.reduce(nil, { ($0 ?? $1).union($1) }) {
                    pixels += try compositor.drawLayers(overlays, style: style, clip: clip, counting: ledger)
                }
                ledger.counters.pixelsComposited += pixels
                return pixels
            }
            lock.lock()
            costs[frame] = (cost, pixels)
            lock.unlock()
        } catch {
            lock.lock()
            failure = error
            lock.unlock()
        }
    }

    /// Blocks until every submitted composite is done: the fence before the main thread draws into
    /// a backing store the server may still be reading.
    func waitUntilIdle() { if queue != nil { group.wait() } }

    /// Time and pixels spent compositing `frame` (zero if it composited nothing), forgotten once
    /// taken. Ask only after the composite is done (`waitUntilIdle`, or the next turn's fence).
    func takeCost(ofFrame frame: Int) -> (cost: ReplayDuration, pixels: Int) {
        lock.lock()
        defer { lock.unlock() }
        return costs.removeValue(forKey: frame) ?? (.zero, 0)
    }

    /// Whether the screen, after all submitted work, shows ink at `point` (device pixels); nil after a
    /// dry replay, which has no pixels, or off the screen.
    func showsInk(at point: Point) -> Bool? {
        guard !compositor.isDry else { return nil }
        waitUntilIdle()
        return compositor.showsInk(
            x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)), ink: style.color, background: background)
    }

    /// The picture on the screen, after all submitted work; nil after a dry replay, which draws none.
    func screen() throws -> Surface? {
        waitUntilIdle()
        if let failure { throw failure }
        return compositor.isDry ? nil : try compositor.snapshot()
    }
}

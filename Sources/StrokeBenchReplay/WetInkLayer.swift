import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies

/// The live stroke drawn into the front buffer (`--wet-ink on`; docs/latency.md), as Android's
/// low-latency renderer does (androidx.graphics' `CanvasFrontBufferedRenderer`, its GL sibling
/// `GLFrontBufferedRenderer`): each batch of touch samples the app receives is drawn at once, on a
/// thread of its own, into the single buffer the display is scanning out, without waiting for a commit,
/// the render server or a vsync. The strategy still draws and commits every sample as before (the
/// "dry" layer, which replaces the wet ink once presented), so the final picture is the strategy's own.
///
/// Modelled behaviour:
/// - One write per turn that delivered samples (UIKit's coalesced touches; Android's batched motion
///   event): a segment from each sample's predecessor in its stroke, or a dot for a stroke's first. The
///   write starts when the turn's touch handling does (after its main-queue blocks), or when the write
///   before it ends, on no thread the strategy uses.
///   Modelled costs price it as the render server's stroke of those segments (a GPU stroke, as the
///   provisional ink's is); measured costs time cairo stroking them into a buffer of the screen's size.
/// - The display scans its rows from top to bottom over the whole refresh (no blanking interval): a
///   sample's pixels light when the scan next reaches its row after the write has ended.
/// - A write tears when the scan passes through the rows it changes while it is drawing: the panel
///   shows part of its ink in one refresh and the rest in the next. A write that costs nothing never tears.
///
/// iOS offers no public front-buffer API (Apple's 9 ms Pencil path is its own); this is a what-if.
struct WetInkLayer {
    private let enabled: Bool
    private let input: ReplayInput
    private let lineWidth: Double
    private let height: Double
    private let refreshNs: Double
    private var threadFree: Int64 = 0
    /// Per sample: the start of the turn that delivered it, the end of the write that drew it, and when
    /// the scan lit its row (ns); nil until drawn.
    private var turnStartNs: [Int64]
    private var writeEndNs: [Int64]
    private(set) var visibleNs: [Int64?]
    private var writeMs: [Double] = []
    private var tornWrites = 0
    private var pixels = 0
    /// The front buffer, in a replay that draws pixels; nil in a dry one.
    private let buffer: Surface?
    private let style: StrokeStyle

    /// - Parameters:
    ///   - lineWidth: the ink's width in device pixels; `height` the screen's, in device pixels.
    ///   - rasterizes: draw the writes into a buffer (a replay that draws pixels), rather than only count them.
    init(_ wetInk: WetInk, input: ReplayInput, canvas: CanvasConfiguration, hz: Double, rasterizes: Bool) throws {
        enabled = wetInk == .on
        self.input = input
        lineWidth = canvas.style.lineWidth
        height = Double(max(canvas.height, 1))
        refreshNs = 1e9 / hz
        style = canvas.style
        buffer = enabled && rasterizes ? try Surface(width: canvas.width, height: canvas.height) : nil
        turnStartNs = [Int64](repeating: 0, count: enabled ? input.count : 0)
        writeEndNs = turnStartNs
        visibleNs = [Int64?](repeating: nil, count: enabled ? input.count : 0)
    }

    /// Draws the samples `delivered` by the turn that started at `start` into the front buffer, priced by
    /// `meter`: the write is handed to the wet-ink thread when the turn's touch handling begins, at
    /// `handled` (after the main-queue blocks that run first in a turn).
    mutating func turn(delivered: Range<Int>, start: ReplayInstant, handled: ReplayInstant, meter: any CostMeter) {
        guard enabled, !delivered.isEmpty else { return }
        var swept = 0
        var top = Double.infinity
        var bottom = -Double.infinity
        var segments: [[Point]] = []
        for i in delivered {
            let a = input.isStrokeStart[i] || i == 0 ? input.points[i] : input.points[i - 1]
            let b = input.points[i]
            swept += Distance.sweptPixels(a, b, lineWidth: lineWidth)
            top = min(top, min(a.y, b.y) - lineWidth / 2)
            bottom = max(bottom, max(a.y, b.y) + lineWidth / 2)
            segments.append(a == b ? [a] : [a, b])
        }
        let ledger = WorkLedger()
        let buffer = buffer
        let style = style
        let (_, cost) = meter.measure(.composite, counting: ledger) {
            if let buffer { try? Context(surface: buffer).stroke(segments, style: style) }
            ledger.counters.pixelsComposited += swept
            ledger.counters.segmentsStroked += delivered.count
        }
        let writeStart = max(handled.nanoseconds, threadFree)
        let writeEnd = writeStart + cost.nanoseconds
        threadFree = writeEnd
        pixels += swept
        writeMs.append(Double(writeEnd - start.nanoseconds) / 1e6)
        if tears(from: writeStart, to: writeEnd, rows: top...bottom) { tornWrites += 1 }
        for i in delivered {
            turnStartNs[i] = start.nanoseconds
            writeEndNs[i] = writeEnd
            visibleNs[i] = scanReaches(row: input.points[i].y, after: writeEnd)
        }
    }

    /// Where the scan is at `time`, as a fraction of the screen from the top.
    private func scanPosition(at time: Int64) -> Double {
        let phase = Double(time).truncatingRemainder(dividingBy: refreshNs)
        return phase / refreshNs
    }

    /// The first moment at or after `time` that the scan reaches row `y` (device pixels from the top).
    private func scanReaches(row y: Double, after time: Int64) -> Int64 {
        let row = min(max(y / height, 0), 1)
        var wait = (row - scanPosition(at: time)) * refreshNs
        if wait < 0 { wait += refreshNs }
        return time + Int64(wait.rounded())
    }

    /// Whether the scan passes through `rows` (device pixels) between `start` and `end`.
    private func tears(from start: Int64, to end: Int64, rows: ClosedRange<Double>) -> Bool {
        guard end > start else { return false }
        let span = Double(end - start) / refreshNs
        if span >= 1 { return true }
        let top = rows.lowerBound / height
        let bottom = rows.upperBound / height
        let from = scanPosition(at: start)
        let to = from + span
        func overlaps(_ a: Double, _ b: Double) -> Bool { a <= bottom && top <= b }
        return to <= 1 ? overlaps(from, to) : overlaps(from, 1) || overlaps(0, to - 1)
    }

    /// Sample `i`'s stages through the wet layer, or nil where the layer never drew it: the device's
    /// digitizer, the wait for the turn, the write (queueing included), and the scan to its row plus
    /// the panel's response. The render server and the vsync play no part.
    func stages(of i: Int, sampled: Int64, device: DeviceLatency) -> SampleStages? {
        guard enabled, let visible = visibleNs[i] else { return nil }
        let panelNs = Int64((device.panelResponse.value * 1e6).rounded())
        return SampleStages(ns: [
            device.digitizerNs, turnStartNs[i] - sampled, writeEndNs[i] - turnStartNs[i], 0, 0,
            visible - writeEndNs[i] + panelNs,
        ])
    }

    /// The layer's figures; `firstShown` counts the samples whose first pixels were its own. Nil when off.
    func figures(firstShown: Int) -> WetInkFigures? {
        guard enabled else { return nil }
        return WetInkFigures(
            writes: writeMs.count, tornWrites: tornWrites, writeMs: Percentiles(writeMs), pixels: pixels,
            samplesFirstShown: firstShown)
    }
}

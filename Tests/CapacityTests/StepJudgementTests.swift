import StrokeBenchCanvas
import StrokeBenchCapacity
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// A ramp step is judged by the one judgement of a run (`RunJudgement`), on its window: not by a rule
/// of its own that reads the hitch ratio and the ink share alone.
@Suite struct StepJudgementTests {
    /// Shows every sample `lagTurns` turns after it arrived, at every vsync from then on: no hitch, no
    /// dropped frame (a sample is pending only once drawn), new ink on all but the window's first 12
    /// pen vsyncs (a turn's commit shows at the next vsync): 108 of 120, exactly the 90% a step asks
    /// for; and ink 100 to 108 ms behind the pen at 120 Hz, past the run judgement's 100 ms. A test double, not a
    /// strategy from a source.
    final class LaggingInk: DrawingStrategy {
        static let name = "lagging-ink"
        static let summary = "test double: shows each sample 11 turns after it arrives"
        static let lagTurns = 11

        private let canvas: CanvasConfiguration
        private let surface: Surface
        private let context: Context
        private var waiting: [(turn: Int, point: TouchPoint, startsStroke: Bool)] = []
        private var turn = 0
        private var lastDrawn: Point?
        private var drawnThrough = -1

        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
            self.canvas = canvas
            surface = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
            context = try Context(surface: surface, counting: environment.ledger)
            context.fill(canvas.bounds, with: canvas.background)
        }

        /// Pending once drawn: a sample waiting its turns is latency, not a dropped frame.
        var acceptedThrough: Int { drawnThrough }
        var hasPendingWork: Bool { !waiting.isEmpty }

        func handle(_ event: TouchEvent) {
            for (k, point) in event.points.enumerated() {
                waiting.append((turn, point, event.phase == .began && k == 0))
            }
        }

        func commit() throws -> LayerUpdate? {
            defer { turn += 1 }
            let due = waiting.prefix { $0.turn <= turn - Self.lagTurns }
            guard let last = due.last else { return nil }
            waiting.removeFirst(due.count)
            var lines: [[Point]] = []
            var current = lastDrawn.map { [$0] } ?? []
            for sample in due {
                if sample.startsStroke, !current.isEmpty {
                    lines.append(current)
                    current = []
                }
                current.append(sample.point.location)
            }
            lines.append(current)
            context.stroke(lines.map { Polyline($0, style: canvas.style) }, style: canvas.style)
            lastDrawn = last.point.location
            drawnThrough = last.point.index
            return LayerUpdate(contents: surface, damage: [canvas.bounds], showsThrough: last.point.index)
        }

        func finalPicture() -> Surface? { surface }
    }

    /// The old rule (hitch ratio under 5 ms/s, ink on 90% of the pen's vsyncs) kept this step up; the
    /// run judgement says its ink lags, as `bench run` says of a drawing that lags so.
    @Test func aStepWhoseInkLagsDoesNotKeepUpThoughItNeitherHitchesNorSkipsAVsync() throws {
        let catalog = try StrategyCatalog.builtIn.adding([LaggingInk.self], reservedOptions: [])
        let spec = ReplaySpec(
            strategy: LaggingInk.name, device: "ipad-pro-11", hz: 120, clock: .virtual, costs: .zero,
            trace: TraceIdentity(path: "ramp"))
        var template = try ReplayConfiguration(
            spec, trace: Trace(canvas: CanvasSize(width: 1, height: 1), strokes: []), strategies: catalog,
            deviceModel: .shipped)
        template.comparePicture = false
        let result = try Ramp(
            template: template,
            drawing: RampDrawing(.handwriting, device: template.device, points: 1000, windowSeconds: 1),
            grid: RampGrid(limit: 1000)
        ).run()
        #expect(result.capacity == .failsAtFirstStroke)
        let step = try #require(result.firstFailure)
        #expect(step.hitchRatioMsPerS == 0)
        #expect(step.inkUpdatesPct >= RampStep.inkShare * 100)
        #expect(step.verdict == .inkLags)
        #expect(step.failure?.hasPrefix("ink lags: ink latency p95 ") == true)
    }
}

import Foundation
import StrokeBenchCanvas
import StrokeBenchReplay
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// A user's strategy that throws, or hands StrokeBench a value no drawing can have, ends its replay with
/// a `StrategyFailure` naming the strategy, the phase and the value: never a trap inside StrokeBench.
@Suite struct MisbehavingStrategyTests {
    /// One mistake each; the strategy makes the one `Misbehaving.mistake` names.
    enum Mistake: CaseIterable {
        case throwsInInit, throwsCocoaError, strokesInfinity, strokesFarAway, strokesNaNWidth, fillsHugeRect
        case drawsDryImage, damageNearIntMax, showsThroughBeyond, fadeInNaN, renderSecondsInfinite, overlayAtInfinity
    }

    final class Misbehaving: DrawingStrategy {
        static let name = "misbehaving"
        static let summary = "makes one mistake, on purpose"
        /// The test case's own, so the cases run side by side.
        @TaskLocal static var mistake = Mistake.throwsInInit
        let canvas: CanvasConfiguration, environment: StrategyEnvironment, surface: Surface
        var accepted = -1

        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
            if Self.mistake == .throwsInInit { throw CanvasError.invalidSize(width: 0, height: 0) }
            self.canvas = canvas
            self.environment = environment
            surface = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        }

        func handle(_ event: TouchEvent) throws {
            accepted = event.points.last?.index ?? accepted
            let context = try Context(surface: surface, counting: environment.ledger)
            let start = Point(x: 10, y: 10)
            switch Self.mistake {
            case .throwsCocoaError: throw CocoaError(.fileWriteUnknown)
            case .strokesInfinity: context.stroke([[start, Point(x: .infinity, y: 0)]], style: canvas.style)
            case .strokesFarAway: context.stroke([[start, Point(x: 1e300, y: 5)]], style: canvas.style)
            case .strokesNaNWidth:
                context.setLineWidth(.nan)
                context.move(to: start)
                context.addLine(to: Point(x: 20, y: 20))
                context.strokePath()
            case .fillsHugeRect: context.fill(PixelRect(x: Int.max - 10, y: 0, width: 10, height: 10), with: .white)
            case .drawsDryImage:
                let dry = try Surface(width: 10, height: 10, counting: WorkLedger(rasterizes: false))
                context.draw(dry, in: PixelRect(x: 0, y: 0, width: 10, height: 10))
            default: break
            }
        }

        func commit() -> LayerUpdate? {
            var update = LayerUpdate(contents: surface, damage: [canvas.bounds], showsThrough: accepted)
            switch Self.mistake {
            case .damageNearIntMax: update.damage = [PixelRect(x: Int.max - 5, y: Int.max - 5, width: 100, height: 100)]
            case .showsThroughBeyond: update.showsThrough = 1_000_000
            case .fadeInNaN: update.fadeIn = .nan
            case .renderSecondsInfinite: update.backgroundRenderSeconds = .infinity
            case .overlayAtInfinity:
                update.overlays = [Polyline([Point(x: 1, y: 1), Point(x: -.infinity, y: 2)], style: canvas.style)]
            default: break
            }
            return update
        }

        func finalPicture() -> Surface? { surface }
        var acceptedThrough: Int { accepted }
    }

    /// What each mistake is reported as: the phase, and words of the reason that name the value.
    static let expected: [Mistake: (StrategyFailure.Phase, String)] = [
        .throwsInInit: (.initialization, "it threw CanvasError"),
        .throwsCocoaError: (.handle, "NSCocoaErrorDomain code 512"),
        .strokesInfinity: (.handle, "stroked a point at (inf, 0.0)"),
        .strokesFarAway: (.handle, "stroked a point at (1e+300, 5.0)"),
        .strokesNaNWidth: (.handle, "line width of nan"),
        .fillsHugeRect: (.handle, "gave a fill of 10x10 at (\(Int.max - 10), 0)"),
        .drawsDryImage: (.handle, "drew a dry image"),
        .damageNearIntMax: (.commit, "returned damage of 100x100"),
        .showsThroughBeyond: (.commit, "showsThrough 1000000"),
        .fadeInNaN: (.commit, "fadeIn nan"),
        .renderSecondsInfinite: (.commit, "backgroundRenderSeconds inf"),
        .overlayAtInfinity: (.commit, "an overlay through (-inf, 2.0)"),
    ]

    @Test(arguments: Mistake.allCases) func aMistakeIsNamedNotTrapped(_ mistake: Mistake) throws {
        try Misbehaving.$mistake.withValue(mistake) { try replayFails(with: mistake) }
    }

    private func replayFails(with mistake: Mistake) throws {
        let input = trace([[(0, 20, 20), (0.01, 40, 30), (0.02, 60, 40)]])
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: input, device: smallDevice), traceName: "t",
            device: smallDevice, strategy: Misbehaving.self, costs: .zero)
        configuration.forcesRaster = true  // the dry-image mistake needs a surface with pixels
        let (phase, words) = try #require(Self.expected[mistake])
        do {
            _ = try Replay.run(configuration)
            Issue.record("\(mistake): the replay finished")
        } catch let failure as StrategyFailure {
            #expect(failure.strategy == "misbehaving")
            #expect(failure.phase == phase, "\(mistake): \(failure)")
            #expect(failure.reason.contains(words), "\(mistake): \(failure.reason)")
            #expect(!failure.description.contains("\n"))
        }
    }
}

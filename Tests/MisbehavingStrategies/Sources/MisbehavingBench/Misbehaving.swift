import Foundation
import StrokeBench

/// Strategies that each make one mistake a user's strategy could make, in the phase its name says.
/// They share one class body: `Misbehaving.Mistake` picks the mistake, and each subclass only names it.
class Misbehaving: DrawingStrategy {
    enum Mistake {
        case throwsInHandle, hugeSurface, pointAtInfinity, farPoint, nanWidth, hugeFill, ownPixelsDryImage
        case damageNearIntMax, showsThroughBeyond, fadeInNaN, renderSecondsInfinite, overlayAtInfinity
    }
    class var mistake: Mistake { .throwsInHandle }
    class var name: String { "misbehaving" }
    class var summary: String { "makes one mistake on purpose" }

    static var all: [any DrawingStrategy.Type] {
        [
            ThrowsInHandle.self, HugeSurface.self, PointAtInfinity.self, FarPoint.self, NaNWidth.self, HugeFill.self,
            OwnPixelsDryImage.self, DamageNearIntMax.self, ShowsThroughBeyond.self, FadeInNaN.self,
            RenderSecondsInfinite.self, OverlayAtInfinity.self,
        ]
    }

    let canvas: CanvasConfiguration
    let environment: StrategyEnvironment
    let surface: Surface
    var accepted = -1

    required init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        self.environment = environment
        let side = Self.mistake == .hugeSurface ? 32767 : 1
        surface = try Surface(width: canvas.width * side, height: canvas.height * side, counting: environment.ledger)
    }

    func handle(_ event: TouchEvent) throws {
        accepted = event.points.last?.index ?? accepted
        let context = try Context(surface: surface, counting: environment.ledger)
        let start = Point(x: 10, y: 10)
        switch Self.mistake {
        case .throwsInHandle: throw CocoaError(.fileWriteUnknown)
        case .pointAtInfinity: context.stroke([[start, Point(x: .infinity, y: 0)]], style: canvas.style)
        case .farPoint: context.stroke([[start, Point(x: 1e300, y: 5)]], style: canvas.style)
        case .nanWidth:
            context.setLineWidth(.nan)
            context.move(to: start)
            context.addLine(to: Point(x: 20, y: 20))
            context.strokePath()
        case .hugeFill: context.fill(PixelRect(x: Int.max - 10, y: 0, width: 10, height: 10), with: .white)
        case .ownPixelsDryImage:
            // A bitmap of its own (no ledger: pixels always), with the layer's image drawn into it,
            // which a dry replay (a sweep's default) makes without pixels.
            let own = try Surface(width: 16, height: 16)
            try Context(surface: own).draw(surface, in: PixelRect(x: 0, y: 0, width: 16, height: 16))
        default: break
        }
    }

    func commit() -> LayerUpdate? {
        var update = LayerUpdate(contents: surface, damage: [canvas.bounds], showsThrough: accepted)
        switch Self.mistake {
        case .damageNearIntMax: update.damage = [PixelRect(x: Int.max - 5, y: Int.max - 5, width: 100, height: 100)]
        case .showsThroughBeyond: update.showsThrough = 100_000_000
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

final class ThrowsInHandle: Misbehaving {
    override class var name: String { "throws-in-handle" }
}
final class HugeSurface: Misbehaving {
    override class var mistake: Mistake { .hugeSurface }
    override class var name: String { "huge-surface" }
}
final class PointAtInfinity: Misbehaving {
    override class var mistake: Mistake { .pointAtInfinity }
    override class var name: String { "point-at-infinity" }
}
final class FarPoint: Misbehaving {
    override class var mistake: Mistake { .farPoint }
    override class var name: String { "far-point" }
}
final class NaNWidth: Misbehaving {
    override class var mistake: Mistake { .nanWidth }
    override class var name: String { "nan-width" }
}
final class HugeFill: Misbehaving {
    override class var mistake: Mistake { .hugeFill }
    override class var name: String { "huge-fill" }
}
final class OwnPixelsDryImage: Misbehaving {
    override class var mistake: Mistake { .ownPixelsDryImage }
    override class var name: String { "own-pixels-dry-image" }
}
final class DamageNearIntMax: Misbehaving {
    override class var mistake: Mistake { .damageNearIntMax }
    override class var name: String { "damage-near-int-max" }
}
final class ShowsThroughBeyond: Misbehaving {
    override class var mistake: Mistake { .showsThroughBeyond }
    override class var name: String { "shows-through-beyond" }
}
final class FadeInNaN: Misbehaving {
    override class var mistake: Mistake { .fadeInNaN }
    override class var name: String { "fade-in-nan" }
}
final class RenderSecondsInfinite: Misbehaving {
    override class var mistake: Mistake { .renderSecondsInfinite }
    override class var name: String { "render-seconds-infinite" }
}
final class OverlayAtInfinity: Misbehaving {
    override class var mistake: Mistake { .overlayAtInfinity }
    override class var name: String { "overlay-at-infinity" }
}

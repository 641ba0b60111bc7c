import StrokeBenchCanvas

/// The canvas a strategy draws: the device's screen in pixels and the shared stroke style.
public struct CanvasConfiguration: Hashable, Sendable {
    /// Size in device pixels.
    public var width: Int
    public var height: Int
    /// Points to pixels (2 or 3 on the devices modelled).
    public var scale: Double
    /// Width, colour, round caps and joins, shared by every strategy.
    public var style: StrokeStyle
    /// The opaque background every picture starts from.
    public var background: Color

    public init(width: Int, height: Int, scale: Double, style: StrokeStyle, background: Color = .white) {
        self.width = width
        self.height = height
        self.scale = scale
        self.style = style
        self.background = background
    }

    /// The whole canvas as a rect.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

/// A sample as a strategy sees it: a position in device pixels and the sample's ordinal in the trace.
public struct TouchPoint: Hashable, Sendable {
    public var location: Point
    /// Position of the sample in the whole trace, from 0; what the picture "shows through" is told with it.
    public var index: Int
    public init(location: Point, index: Int) {
        self.location = location
        self.index = index
    }
}

/// One delivered touch event, as UIKit's `touchesBegan/Moved/Ended` hand it to a view.
public struct TouchEvent: Hashable, Sendable {
    public enum Phase: String, Sendable { case began, moved, ended }
    public var phase: Phase
    /// The samples of this event: one for `began`, one or more for `moved` (the coalesced touches),
    /// none for `ended` (the stroke's last sample was in the preceding `moved`).
    public var points: [TouchPoint]
    public init(phase: Phase, points: [TouchPoint]) {
        self.phase = phase
        self.points = points
    }
}

/// What a commit hands to the render server.
public struct LayerUpdate: @unchecked Sendable {
    /// The layer's new contents. Nil with no damage keeps the current contents; nil with damage sets
    /// the contents to nil (`layer.contents = nil`), and the damaged area shows blank background.
    public var contents: Surface?
    /// The part of the contents that changed, in pixels; the render server composites only this.
    public var damage: [PixelRect]
    /// Sublayers drawn by the render server above the contents, each one polyline stroked as its own
    /// layer (`CAShapeLayer`), all of them re-composited with every update; nil when there are none.
    public var overlays: [Polyline]?
    /// Seconds the new contents take to fade in (a `CATransition`); the picture is fully shown then.
    public var fadeIn: Double = 0
    /// The newest trace sample the picture reflects (`TouchPoint.index`), or -1 for none.
    public var showsThrough: Int
    /// Seconds spent rasterizing this picture off the main thread, for strategies that render in the
    /// background; nil when the picture was drawn during the turn (then the turn's time is its render time).
    public var backgroundRenderSeconds: Double?

    public init(
        contents: Surface?, damage: [PixelRect], showsThrough: Int, backgroundRenderSeconds: Double? = nil,
        overlays: [Polyline]? = nil, fadeIn: Double = 0
    ) {
        self.contents = contents
        self.damage = damage
        self.showsThrough = showsThrough
        self.backgroundRenderSeconds = backgroundRenderSeconds
        self.overlays = overlays
        self.fadeIn = fadeIn
    }

    /// True when the update leaves the damaged area blank.
    public var isBlank: Bool { contents == nil && !damage.isEmpty }
}

/// A way of drawing touch strokes on a canvas, driven by the simulated run loop.
///
/// Each turn of the main run loop calls, in order: `handle(_:)` for every delivered touch event,
/// `beforeWaiting()` (the run-loop observers, where YYTransaction-style coalescing happens), and
/// `commit()` (CoreAnimation's commit, where layers that need display are drawn). All three run on
/// the main thread and are timed as main-thread work. Background work goes through `environment`.
///
/// A strategy of your own is one file with a type conforming to this protocol, handed to
/// `StrokeBenchCLI.main(strategies:)` from your package's executable (<doc:WritingAStrategy>); a
/// built-in one is the same file plus one line in `StrategyCatalog.builtIn`.
public protocol DrawingStrategy: AnyObject {
    /// The command-line name (`dirty-rect`), kebab-case.
    static var name: String { get }
    /// One line: what the strategy does and which source it follows.
    static var summary: String { get }
    /// The options the strategy reads from `StrategyEnvironment.settings` (none by default).
    static var options: [StrategyOption] { get }

    /// Creates the strategy for a canvas; allocate the backing stores the source would allocate up front here.
    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws

    /// Input phase: one touch event. Draw here if the source draws in `touchesMoved`.
    func handle(_ event: TouchEvent) throws

    /// Run-loop observers (`kCFRunLoopBeforeWaiting`), after input and before the commit.
    func beforeWaiting() throws

    /// The CoreAnimation commit: display what needs it and return the layer's update, or nil if
    /// nothing changed.
    func commit() throws -> LayerUpdate?

    /// The picture the strategy would show once all its work is done, for comparison with the reference.
    func finalPicture() throws -> Surface?

    /// True while background work is queued or running; the replay keeps going until it settles.
    var hasPendingWork: Bool { get }

    /// Points stored and still redrawn (for the cost-against-points chart).
    var pointsRetained: Int { get }

    /// The newest trace sample (`TouchPoint.index`) the strategy has turned into *pending content*:
    /// it invalidated, drew, or queued a render for it; -1 for none. Input accepted but not yet acted
    /// on (`naive` draws nothing at pen down) is not pending. A vsync at which content is pending and
    /// no picture is presented is a dropped frame (docs/model.md section 3).
    var acceptedThrough: Int { get }
}

extension DrawingStrategy {
    /// Most strategies take no options.
    public static var options: [StrategyOption] { [] }
    /// Most strategies have no observers.
    public func beforeWaiting() throws {}
    /// Synchronous strategies never have background work.
    public var hasPendingWork: Bool { false }
    public var pointsRetained: Int { 0 }
}

/// What the run loop lends a strategy: where to count work and how to reach background queues.
public final class StrategyEnvironment {
    /// The main thread's work counters for this run. Make every surface and context with it (`counting:`):
    /// besides the work, it records the strokes, and the harness counts a sample as shown only where a
    /// presented picture holds a stroke through it (docs/model.md, "Ink from what the display shows").
    public let ledger: WorkLedger
    /// Background render queues, real or simulated (nil only in tests that need none).
    public let renderQueues: RenderQueues?
    /// The values of the strategy's declared options, validated against `DrawingStrategy.options`.
    public let settings: StrategySettings
    /// The pixel format `UIGraphicsImageRenderer` picks on this device: extended range on a
    /// wide-colour screen, standard sRGB otherwise. A strategy whose source draws with that renderer
    /// allocates its bitmaps in this format; `UIGraphicsBeginImageContextWithOptions` is always standard.
    public let imageRendererFormat: PixelFormat

    public init(
        ledger: WorkLedger, renderQueues: RenderQueues? = nil, settings: StrategySettings = StrategySettings(),
        imageRendererFormat: PixelFormat = .standard
    ) {
        self.ledger = ledger
        self.renderQueues = renderQueues
        self.settings = settings
        self.imageRendererFormat = imageRendererFormat
    }
}

import StrokeBenchCanvas

/// A layer's contents as the async strategies set them on the main thread, and the update the next
/// commit hands to the render server. Old bitmaps go to `RenderQueues.release`, off the main thread.
struct LayerContents {
    private(set) var current: Surface?
    private var pending: LayerUpdate?

    /// `layer.contents = image`: the whole layer changes.
    mutating func set(
        _ rendered: RenderedImage, bounds: PixelRect, renderSeconds: Double, fadeIn: Double = 0,
        releasingOn queues: RenderQueues
    ) {
        if let old = current { queues.release(old) }
        current = rendered.image
        pending = LayerUpdate(
            contents: rendered.image, damage: [bounds], showsThrough: rendered.showsThrough,
            backgroundRenderSeconds: renderSeconds, fadeIn: fadeIn)
    }

    /// `layer.contents = nil`. With `bounds` the screen shows blank background there; without, the
    /// layer simply has nothing to show (an empty layer).
    mutating func clear(bounds: PixelRect?, showsThrough: Int, releasingOn queues: RenderQueues) {
        if let old = current { queues.release(old) }
        current = nil
        pending = LayerUpdate(contents: nil, damage: bounds.map { [$0] } ?? [], showsThrough: showsThrough)
    }

    /// True when the layer shows, or is about to show, a picture.
    var hasPicture: Bool { current != nil || pending?.contents != nil }

    /// The update for this commit, if the contents changed since the last one.
    mutating func takeUpdate() -> LayerUpdate? {
        defer { pending = nil }
        return pending
    }
}

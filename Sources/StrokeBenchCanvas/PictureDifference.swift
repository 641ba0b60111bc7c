/// How far a picture is from the reference picture, over the RGB channels.
///
/// Strategies that stroke a line piece by piece (one `stroke` call per touch event, or a live stroke
/// over a flattened bitmap) blend an antialiased edge pixel once per overlapping piece, while the
/// reference strokes each line as one path and blends it once with the union's coverage. Slow pen
/// movement puts many short overlapping segments on one edge pixel, so such a pixel can legitimately
/// come out much darker: the difference in partially covered pixels is not bounded by a few levels.
///
/// What is bounded is geometry: a piecewise stroke covers exactly the union of its pieces. A pixel
/// that is pure paper in the reference receives no ink from any piece. A pixel that is pure ink in
/// the reference is covered by the pieces together, and blending n pieces that each cover 1/n of it
/// leaves at least 1 - (1 - 1/n)^n > 1 - 1/e of full ink: within 94 levels. A pixel is therefore
/// *strongly different* when the reference shows pure paper there and the picture is off by more
/// than `paperThreshold`, or pure ink and off by more than `inkThreshold`: a dropped, misplaced or
/// extra segment makes hundreds of those (off by 255); antialiasing disagreements make none.
package struct PictureDifference: Hashable, Sendable, Codable {
    /// Share of pixels whose largest channel difference is non-zero, in percent.
    package var differingPercent: Double
    /// Largest channel difference found (0...255).
    package var maxChannelDifference: Int
    /// Pixels that are pure paper or pure ink in the reference and differ by more than that allows.
    package var stronglyDifferingPixels: Int

    /// Slack on pure-paper pixels: cairo approximates round caps and joins by polygons within 0.1 px,
    /// so a pixel just outside the ink can pick up a few levels from one path and not another.
    package static let paperThreshold = 32
    /// Slack on pure-ink pixels: 255 / e = 94 levels (see above), plus rounding.
    package static let inkThreshold = 96

    /// True when the pictures are the same up to antialiasing disagreements in edge pixels.
    package var matches: Bool { stronglyDifferingPixels == 0 }

    /// Compares `picture` with `reference` (equally sized), whose pure colours are `background` and `ink`.
    package init(_ picture: Surface, reference: Surface, background: Color, ink: Color) {
        precondition(
            picture.width == reference.width && picture.height == reference.height, "pictures of different sizes")
        let paper = Self.pixelValue(background)
        let stroke = Self.pixelValue(ink)
        var differing = 0
        var strong = 0
        var maxDiff = 0
        picture.withUnsafePixels { pa, sa in
            reference.withUnsafePixels { pb, sb in
                for y in 0..<picture.height {
                    let ra = (pa + y * sa).assumingMemoryBound(to: UInt32.self)
                    let rb = (pb + y * sb).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<picture.width where ra[x] & 0x00FF_FFFF != rb[x] & 0x00FF_FFFF {
                        let d = Self.channelDifference(ra[x], rb[x])
                        differing += 1
                        maxDiff = max(maxDiff, d)
                        let expected = rb[x] & 0x00FF_FFFF
                        if (expected == paper && d > Self.paperThreshold)
                            || (expected == stroke && d > Self.inkThreshold)
                        {
                            strong += 1
                        }
                    }
                }
            }
        }
        differingPercent = 100 * Double(differing) / Double(picture.width * picture.height)
        maxChannelDifference = maxDiff
        stronglyDifferingPixels = strong
    }

    /// An opaque colour as cairo stores it in ARGB32 (RGB bits only).
    static func pixelValue(_ c: Color) -> UInt32 {
        func level(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        return level(c.red) << 16 | level(c.green) << 8 | level(c.blue)
    }

    static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        var d = 0
        for shift in [16, 8, 0] as [UInt32] {
            d = max(d, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
        }
        return d
    }
}

import StrokeBenchCanvas
import Testing

@Suite struct CanvasTests {
    @Test func aTapDrawsARoundDot() throws {
        let s = try Surface(width: 40, height: 40)
        let c = try Context(surface: s)
        c.fill(s.bounds, with: .white)
        c.stroke([[Point(x: 20, y: 20)]], style: StrokeStyle(lineWidth: 10))
        #expect(s.pixel(x: 20, y: 20) == 0xFFFF_0000)
        #expect(s.pixel(x: 23, y: 20) == 0xFFFF_0000)
        #expect(s.pixel(x: 30, y: 20) == 0xFFFF_FFFF)
    }

    /// An opaque image (`UIGraphicsBeginImageContextWithOptions(size, true, scale)`) drawn with the normal
    /// blend mode is a copy: counted as copied, not blended, and the picture is the one its blend draws.
    @Test func anOpaqueImageIsCopiedAndDrawsTheSamePicture() throws {
        var pictures: [Surface] = []
        for opaque in [false, true] {
            let image = try Surface(width: 30, height: 20, opaque: opaque)
            let imageContext = try Context(surface: image)
            imageContext.fill(image.bounds, with: .white)
            imageContext.stroke([[Point(x: 2, y: 2), Point(x: 27, y: 17)]], style: StrokeStyle(lineWidth: 4))
            let ledger = WorkLedger()
            let target = try Surface(width: 30, height: 20)
            let context = try Context(surface: target, counting: ledger)
            context.clip(to: PixelRect(x: 0, y: 0, width: 10, height: 20))
            context.draw(image, in: image.bounds)
            #expect(ledger.counters.pixelsCopied == (opaque ? 200 : 0))
            #expect(ledger.counters.pixelsBlended == (opaque ? 0 : 200))
            #expect(ledger.counters.bytesCopied == 800)
            #expect(image.pixel(x: 15, y: 10) >> 24 == 0xFF)
            pictures.append(target)
        }
        #expect(PictureChecksum.hex(of: pictures[0]) == PictureChecksum.hex(of: pictures[1]))
        #expect(pictures[1].pixel(x: 5, y: 5) == pictures[0].pixel(x: 5, y: 5))
    }

    @Test func countersCountWhatWasDrawn() throws {
        let ledger = WorkLedger()
        let s = try Surface(width: 100, height: 50, counting: ledger)
        let c = try Context(surface: s, counting: ledger)
        c.fill(s.bounds, with: .white)
        c.clip(to: PixelRect(x: 0, y: 0, width: 10, height: 10))
        c.fill(s.bounds, with: .white)
        let copy = try s.copy(counting: ledger)
        #expect(copy.width == 100)
        #expect(ledger.counters.bitmapsAllocated == 2)
        #expect(ledger.counters.pixelsRasterized == 5000 + 100 + 5000)
        #expect(ledger.counters.bytesCopied == 5000 * 4)
    }

    @Test func strokeCountsSegmentsAndClippedExtents() throws {
        let ledger = WorkLedger()
        let s = try Surface(width: 100, height: 100)
        let c = try Context(surface: s, counting: ledger)
        // A horizontal line from x 10 to 50 at y 20, width 4: the path's box grown by 2 + 1 px of
        // antialiasing is 7...53 x 17...23 = 46 x 6 px.
        c.stroke([[Point(x: 10, y: 20), Point(x: 30, y: 20), Point(x: 50, y: 20)]], style: StrokeStyle(lineWidth: 4))
        #expect(ledger.counters.segmentsStroked == 2)
        #expect(ledger.counters.pixelsRasterized == 46 * 6)
        // Clipped to the left 20 px: 7...20 = 13 x 6.
        c.clip(to: PixelRect(x: 0, y: 0, width: 20, height: 100))
        c.stroke([[Point(x: 10, y: 20), Point(x: 50, y: 20)]], style: StrokeStyle(lineWidth: 4))
        #expect(ledger.counters.pixelsRasterized == 46 * 6 + 13 * 6)
    }

    @Test func rejectsImpossibleSizes() {
        #expect(throws: CanvasError.invalidSize(width: 0, height: 10)) { try Surface(width: 0, height: 10) }
    }

    @Test func compositorCopiesOnlyTheDamage() throws {
        let contents = try Surface(width: 20, height: 20)
        try Context(surface: contents).fill(contents.bounds, with: .red)
        let compositor = try Compositor(width: 20, height: 20)
        let pixels = try compositor.composite(contents, damage: [PixelRect(x: 0, y: 0, width: 5, height: 20)])
        #expect(pixels == 100)
        let screen = try compositor.snapshot()
        #expect(screen.pixel(x: 2, y: 10) == 0xFFFF_0000)
        #expect(screen.pixel(x: 10, y: 10) == 0xFF00_0000)
    }
}

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

import StrokeBenchCanvas
import Testing

/// The CoreGraphics-shaped calls draw and count exactly what the calls beneath them do.
@Suite struct CoreGraphicsShapeTests {
    private let style = StrokeStyle(lineWidth: 6, color: .red, lineCap: .round)
    private let lines = [[Point(x: 10, y: 10), Point(x: 60, y: 40), Point(x: 90, y: 15)], [Point(x: 20, y: 80)]]

    private func drawn(_ body: (Context) -> Void) throws -> (Surface, WorkCounters) {
        let ledger = WorkLedger()
        let surface = try Surface(width: 100, height: 100, counting: ledger)
        let context = try Context(surface: surface, counting: ledger)
        context.fill(surface.bounds, with: .white)
        body(context)
        return (surface, ledger.counters)
    }

    @Test func aPathBuiltPointByPointIsTheStrokeOfItsLines() throws {
        let (expected, expectedCounts) = try drawn { $0.stroke(lines, style: style) }
        let (built, builtCounts) = try drawn { context in
            context.setLineWidth(6)
            context.setLineCap(.round)
            context.setStrokeColor(.red)
            for line in lines {
                context.move(to: line[0])
                for point in line.dropFirst() { context.addLine(to: point) }
                if line.count == 1 { context.addLine(to: line[0]) }
            }
            context.strokePath()
            #expect(context.isPathEmpty)
        }
        #expect(PictureChecksum.hex(of: built) == PictureChecksum.hex(of: expected))
        // the dot, written as a zero-length line, is one segment either way
        #expect(builtCounts.segmentsStroked == expectedCounts.segmentsStroked)
        #expect(builtCounts.pathsStroked == expectedCounts.pathsStroked)
    }

    @Test func addLinesBetweenIsOneSubpath() throws {
        let (expected, expectedCounts) = try drawn { $0.stroke(lines, style: style) }
        let (built, builtCounts) = try drawn { context in
            context.setStrokeStyle(style)
            for line in lines { context.addLines(between: line) }
            context.strokePath()
        }
        #expect(PictureChecksum.hex(of: built) == PictureChecksum.hex(of: expected))
        #expect(builtCounts == expectedCounts)
    }

    @Test func saveAndRestoreBringBackTheClipAndTheStyle() throws {
        let (surface, counts) = try drawn { context in
            context.setFillColor(.red)
            context.saveGState()
            context.clip(to: PixelRect(x: 0, y: 0, width: 10, height: 10))
            context.setFillColor(.white)
            context.restoreGState()
            context.fill(PixelRect(x: 0, y: 0, width: 50, height: 50))
        }
        #expect(surface.pixel(x: 40, y: 40) == 0xFFFF_0000)
        #expect(counts.pixelsRasterized == 100 * 100 + 50 * 50)
    }

    @Test func buttCapsDrawNoDotAndCoreGraphicsDefaultsAreBlackOnePixelButt() throws {
        let (surface, _) = try drawn { context in
            context.move(to: Point(x: 50, y: 50))
            context.addLine(to: Point(x: 50, y: 50))
            context.strokePath()
            context.move(to: Point(x: 10, y: 20.5))
            context.addLine(to: Point(x: 40, y: 20.5))
            context.strokePath()
        }
        #expect(surface.pixel(x: 50, y: 50) == 0xFFFF_FFFF)
        #expect(surface.pixel(x: 20, y: 20) == 0xFF00_0000)
    }

    @Test func makeImageAndImageRendererCountTheirBitmaps() throws {
        let ledger = WorkLedger()
        let renderer = ImageRenderer(width: 20, height: 10, format: .extendedRange, counting: ledger)
        let image = try renderer.image { $0.fill(PixelRect(x: 0, y: 0, width: 20, height: 10), with: .red) }
        #expect(image.format == .extendedRange)

        let context = try Context(surface: image, counting: ledger)
        let copy = try context.makeImage()
        #expect(PictureChecksum.hex(of: copy) == PictureChecksum.hex(of: image))
        #expect(ledger.counters.bitmapsAllocated == 2)
        #expect(ledger.counters.bytesCopied == 200 * 4)
    }
}

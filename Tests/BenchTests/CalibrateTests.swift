import BenchTestSupport
import Foundation
import Testing

/// `bench calibrate`: one microbenchmark per kind of counted work, printed as JSON a script reads.
@Suite struct CalibrateTests {
    @Test func itMeasuresEveryKindAndSaysHow() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(
            ["calibrate", "--device", "iphone-6s", "--repeat", "3", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let costs = try #require(json["unit_costs_ns"] as? [String: Double])
        for kind in [
            "pixel_cleared", "pixel_filled", "pixel_blended", "pixel_stroked", "pixel_swept", "segment_stroked",
            "segment_culled", "edge_row", "join_radius", "pixel_uploaded", "bitmap_allocated", "pixel_composited",
            "path_stroked", "draw_call",
        ] {
            let cost = try #require(costs[kind], "\(kind) missing")
            #expect(cost >= 0 && cost.isFinite, "\(kind): \(cost)")
        }
        // Work that moves pixels costs something; an upload has no host analogue and costs nothing.
        #expect(costs["pixel_filled"]! > 0 && costs["pixel_blended"]! > 0 && costs["pixel_uploaded"] == 0)
        // Every kind is measured by exactly one fit: bitmaps, fills and blends with calls, strokes, composites.
        let fits = try #require(json["fits"] as? [[String: Any]])
        let fitted = fits.flatMap { $0["kinds"] as? [String] ?? [] }
        #expect(fits.count == 4 && Set(fitted).count == fitted.count)
        #expect(Set(fitted).union(["pixel_uploaded"]) == Set(costs.keys), "\(fitted)")
        // The host's memory bandwidth, one thread and every core, and the share one thread reaches.
        let bandwidth = try #require(json["bandwidth"] as? [String: Double])
        let efficiency = try #require(bandwidth["efficiency"])
        #expect(try #require(bandwidth["one_thread_gbs"]) > 0 && efficiency > 0 && efficiency <= 1)
    }

    @Test func anUnknownDeviceIsBadUsage() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(["calibrate", "--device", "iphone-3g"], in: folder)
        #expect(outcome.status == 64)
        #expect(
            outcome.stderrLines.count == 1 && outcome.stderr.contains("unknown device 'iphone-3g'"), "\(outcome.stderr)"
        )
    }
}

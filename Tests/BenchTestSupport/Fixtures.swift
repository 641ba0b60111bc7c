import Foundation
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

/// A small screen, so that replays in tests stay fast: 200 x 150 px at 1x, 100 Hz (vsyncs every 10 ms).
package let smallDevice = DeviceProfile(
    name: "test-small", width: 200, height: 150, scale: 1, refreshRate: 100, touchRate: 1000, cores: 2)

/// A trace on a canvas the size of `smallDevice`, one array of (time, x, y) per stroke.
package func trace(_ strokes: [[(Double, Double, Double)]]) -> Trace {
    Trace(
        canvas: CanvasSize(width: 200, height: 150),
        strokes: strokes.map { Stroke(samples: $0.map { Sample(time: $0.0, x: $0.1, y: $0.2) }) })
}

/// The fixed traces the counters are pinned on. Changing one changes every pinned figure.
package enum Fixtures {
    /// Two crossing strokes sampled at 240 Hz (about 2.4 samples per 100 Hz vsync) and a tap:
    /// 60 + 50 + 1 samples over about 1 s.
    package static let crossing: Trace = trace([
        (0..<60).map { (i: Int) -> (Double, Double, Double) in
            let d = Double(i)
            return (0.05 + d / 240, 20 + 2.5 * d, 30 + 80 * sin(d / 12))
        },
        (0..<50).map { (i: Int) -> (Double, Double, Double) in
            let d = Double(i)
            return (0.6 + d / 240, 170 - 2.8 * d, 20 + 2.2 * d)
        },
        [(1.0, 100, 75)],
    ])

    /// A long session on the small screen: 16 strokes of 120 samples at 240 Hz, a 0.1 s pause between
    /// strokes, so that point-array's stored points grow to about 1900.
    package static let long: Trace = trace(
        (0..<16).map { (s: Int) -> [(Double, Double, Double)] in
            let start = Double(s) * 0.6
            return (0..<120).map { (i: Int) -> (Double, Double, Double) in
                let d = Double(i)
                return (start + d / 240, 10 + 1.5 * d, 10 + Double(s) * 8 + 6 * sin(d / 7))
            }
        })

    /// A replay of `trace` with `strategy` on `smallDevice`, in the virtual clock.
    package static func configuration(
        _ strategy: any DrawingStrategy.Type, _ trace: Trace = crossing,
        delivery: Delivery = .coalesced
    ) -> ReplayConfiguration {
        ReplayConfiguration(
            input: ReplayInput(trace: trace, device: smallDevice), traceName: "fixture",
            device: smallDevice, clock: .virtual, delivery: delivery, strategy: strategy,
            comparePicture: false)
    }
}

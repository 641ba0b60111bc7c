import Foundation
import Testing

@testable import StrokeBenchTraces

@Suite struct GeneratorTests {
    @Test func theDefaultTraceIsALongSessionAt240Hz() {
        let t = TraceGenerator.default
        #expect(t.duration >= 20)
        #expect(t.strokes.count >= 24)
        #expect(t.metadata("sample-rate-hz") == "240")
        let rate = TraceStatistics(t).summary(canvas: t.canvas).sampleRateHz
        #expect(abs(rate - 240) < 2)
    }

    @Test(arguments: TraceGenerator.Kind.allCases)
    func everyKindIsDeterministicPerSeedAndDiffersAcrossSeeds(_ kind: TraceGenerator.Kind) {
        let p = TraceGenerator.Parameters(kind: kind, duration: 20)
        let a = TraceGenerator(seed: 7, parameters: p).generate()
        let b = TraceGenerator(seed: 7, parameters: p).generate()
        let c = TraceGenerator(seed: 8, parameters: p).generate()
        #expect(TraceFormat.serialize(a) == TraceFormat.serialize(b))
        #expect(TraceFormat.serialize(a) != TraceFormat.serialize(c))
        #expect(!a.strokes.isEmpty && a.duration <= 20)
        // Readable back: times in order, samples on the canvas.
        let back = try? TraceFormat.parse(Data(TraceFormat.serialize(a).utf8), file: kind.rawValue)
        #expect(back != nil)
        let all = a.strokes.flatMap(\.samples)
        #expect(all.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= p.canvas.width && $0.y <= p.canvas.height })
    }

    @Test func kindsDifferWhereDrawingPerformanceCares() {
        func stats(_ kind: TraceGenerator.Kind) -> TraceStatistics {
            TraceStatistics(TraceGenerator(seed: 1, parameters: .init(kind: kind, duration: 60)).generate())
        }
        let scribble = stats(.scribble)
        let taps = stats(.taps)
        let shapes = stats(.shapes)
        #expect(TraceStatistics.percentile(scribble.strokeDurations, 0.5)! >= 4)
        #expect(TraceStatistics.percentile(taps.strokeDurations, 0.5)! <= 0.2)
        #expect(taps.strokes > 100)
        // Shapes span most of the canvas: their bounding box nearly fills it.
        let box = shapes.boundingBox!
        #expect(box.maxX - box.minX > 834 * 0.7)
    }

    @Test func digitizerModels() {
        let browser = TraceGenerator(seed: 2, parameters: .init(kind: .handwriting, duration: 60, digitizer: .browser))
            .generate()
        let samples = browser.strokes.flatMap(\.samples)
        #expect(samples.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() && $0.force == nil })
        let pencil = TraceGenerator(seed: 2, parameters: .init(kind: .handwriting, duration: 60)).generate()
        #expect(pencil.strokes.flatMap(\.samples).allSatisfy { $0.force != nil })
    }
}

@Suite struct ResamplerTests {
    @Test func resamplesToTheTargetRateKeepingEnds() {
        // A straight 70 Hz stroke, 1 s long, moving 100 points a second.
        let samples = (0...70).map { i in Sample(time: 2 + Double(i) / 70, x: Double(i) * 100 / 70, y: 5) }
        let trace = Trace(
            canvas: CanvasSize(width: 200, height: 50), metadata: [("license", "test")],
            strokes: [Stroke(samples: samples)])
        let out = TraceResampler(rate: 240).resample(trace)
        let s = out.strokes[0].samples
        #expect(s.first == samples.first && s.last == samples.last)
        #expect(s.count == 241)
        #expect(abs(s[120].time - 2.5) < 1e-9 && abs(s[120].x - 50) < 1e-9)
        #expect(out.metadata("derived")?.contains("240 Hz") == true)
        #expect(out.metadata("license") == "test")
        #expect(out.metadata("sample-rate-hz") == "240")
    }

    @Test func repeatedTimestampsAndSingleSamplesAreSafe() {
        let stroke = Stroke(samples: [
            Sample(time: 0, x: 0, y: 0), Sample(time: 0, x: 1, y: 0), Sample(time: 0.1, x: 2, y: 0),
        ])
        let out = TraceResampler(rate: 100).resample(stroke)
        #expect(zip(out.samples, out.samples.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(out.samples.count == 11)
        let tap = Stroke(samples: [Sample(time: 1, x: 1, y: 1)])
        #expect(TraceResampler(rate: 240).resample(tap) == tap)
    }
}

@Suite struct StatisticsTests {
    @Test func measuresIntervalsSpeedsCurvatureAndPauses() {
        let a = Stroke(samples: [
            Sample(time: 0, x: 0, y: 0), Sample(time: 0.01, x: 1, y: 0), Sample(time: 0.02, x: 1, y: 1),
        ])
        let b = Stroke(samples: [Sample(time: 0.52, x: 5, y: 5), Sample(time: 0.52, x: 5, y: 5)])
        let s = TraceStatistics(Trace(canvas: CanvasSize(width: 10, height: 10), strokes: [a, b]))
        #expect(s.strokes == 2 && s.samples == 5 && s.duration == 0.52)
        #expect(s.intervals.map { ($0 * 1000).rounded() } == [10, 10, 0])
        #expect(s.speeds.map { $0.rounded() } == [100, 100])  // the zero-time pair is left out
        #expect(s.curvatures.count == 1 && abs(s.curvatures[0] - Double.pi / 2) < 1e-12)
        #expect(s.pauses.count == 1 && abs(s.pauses[0] - 0.5) < 1e-12)
        #expect(TraceStatistics.percentile([1, 2, 3, 4], 0.5) == 2.5)
        #expect(TraceStatistics.percentile([], 0.5) == nil)
    }
}

/// Issue 38: a resample's sample count is known before any sample is made.
@Suite struct ResampleCountTests {
    @Test(arguments: [60.0, 240, 1000, 333.3]) func theCountIsWhatResamplingMakes(_ rate: Double) {
        var parameters = TraceGenerator.Parameters()
        parameters.duration = 3
        let trace = TraceGenerator(seed: 5, parameters: parameters).generate()
        let resampler = TraceResampler(rate: rate)
        #expect(resampler.sampleCount(of: trace) == Double(resampler.resample(trace).sampleCount))
    }

    @Test func aWeekAtAThousandHertzIsCountedNotMade() {
        let week = Trace(
            canvas: CanvasSize(width: 100, height: 80),
            strokes: [
                Stroke(samples: [Sample(time: 0, x: 10, y: 10), Sample(time: 604_800, x: 20, y: 20)])
            ])
        #expect(TraceResampler(rate: 1000).sampleCount(of: week) > Double(TraceFormat.maxSamples))
    }
}

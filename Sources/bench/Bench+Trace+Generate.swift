import ArgumentParser
import Foundation
import Traces

extension TraceGenerator.Kind: ExpressibleByArgument {}

/// The digitizer models `bench trace generate` offers.
enum DigitizerChoice: String, CaseIterable, ExpressibleByArgument {
    /// Apple Pencil, steady 240 Hz with pressure.
    case pencil
    /// The $1 logs' Tablet PC stylus: irregular ~70 Hz, integer pixels.
    case tabletPC = "tablet-pc"
    /// Omniglot's browser pointer events: irregular ~70 Hz with a long tail, integer pixels.
    case browser

    var digitizer: TraceGenerator.Digitizer {
        switch self {
        case .pencil: .pencil
        case .tabletPC: .tabletPC
        case .browser: .browser
        }
    }
}

extension Bench.Trace {
    /// `bench trace generate`: a synthetic drawing session, the same for the same seed.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate a drawing session, deterministically for a seed.",
            discussion: """
                Kinds: session (the built-in default's mix), handwriting, scribble (long continuous strokes), \
                taps (taps and flicks), shapes (figures across the canvas). docs/generator-vs-humans.md compares \
                them with recorded people.
                """)

        @Option(help: "What to draw: \(TraceGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
        var kind: TraceGenerator.Kind = .session

        @Option(help: "Random seed; the same seed always gives the same trace.")
        var seed: UInt64

        // `.unconditional` here and below: a negative number is a value to reject by range, not an option name.
        @Option(parsing: .unconditional, help: "Session length in seconds.")
        var duration: Double = 25

        @Option(help: "Digitizer model: pencil (240 Hz), tablet-pc (like the $1 logs), browser (like Omniglot).")
        var digitizer: DigitizerChoice = .pencil

        @Option(parsing: .unconditional, help: "Digitizer rate in Hz (default: the digitizer's).")
        var rate: Double?

        @Option(parsing: .unconditional, help: "Canvas size in points, WIDTHxHEIGHT.")
        var canvas: String = "834x1194"

        @Option(help: "The trace file to write.")
        var output: String

        func validate() throws {
            guard duration.isFinite, duration > 0, duration <= 24 * 3600 else { throw ValidationError("--duration must be in (0, 86400] s, not \(duration)") }
            if let rate { try checkDigitizerRate(rate, option: "--rate") }
            _ = try canvasSize()
            if kind == .session && digitizer != .pencil {
                throw ValidationError("--kind session always samples like a pencil; use --rate to change its rate")
            }
        }

        func canvasSize() throws -> CanvasSize {
            let sides = canvas.lowercased().split(separator: "x").compactMap { Double($0) }
            guard sides.count == 2, sides.allSatisfy({ $0.isFinite && $0 >= 16 && $0 <= 100_000 }) else {
                throw ValidationError("--canvas must be WIDTHxHEIGHT in points (16...100000), not '\(canvas)'")
            }
            return CanvasSize(width: sides[0], height: sides[1])
        }

        func run() throws {
            try checkWritable(output, option: "--output")
            var d = digitizer.digitizer
            if let rate { d.rate = rate }
            let parameters = TraceGenerator.Parameters(kind: kind, duration: duration, canvas: try canvasSize(), digitizer: d)
            let trace = TraceGenerator(seed: seed, parameters: parameters).generate()
            try writeTrace(trace, to: output)
            print("generated \(kind.rawValue) seed \(seed): \(trace.strokes.count) strokes, \(trace.sampleCount) samples, "
                + "\(String(format: "%.2f", trace.duration)) s -> \(output)")
        }
    }
}

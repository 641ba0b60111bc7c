import ArgumentParser
import Foundation
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchTraces

extension TraceGenerator.Kind: ExpressibleByArgument {}

/// What `bench trace generate --kind` draws: a kind of the seeded generator, or the source article's
/// spiral (`SpiralTrace`), whose geometry comes from a device rather than a seed.
enum GenerateKind: Equatable, ExpressibleByArgument {
    case generator(TraceGenerator.Kind)
    case spiral

    init?(argument: String) {
        if argument == "spiral" {
            self = .spiral
            return
        }
        guard let kind = TraceGenerator.Kind(rawValue: argument) else { return nil }
        self = .generator(kind)
    }

    static var allValueStrings: [String] { TraceGenerator.Kind.allCases.map(\.rawValue) + ["spiral"] }
    var name: String { if case .generator(let kind) = self { kind.rawValue } else { "spiral" } }
    var defaultValueDescription: String { name }
}

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

        @Option(help: "What to draw: a kind of drawing session from the seed, or the article's spiral for --device.")
        var kind: GenerateKind = .generator(.session)

        @Option(help: "With --kind spiral: the device whose canvas (and iPad or iPhone size) the spiral is made for.")
        var device: String?

        @Option(
            parsing: .unconditional,
            help:
                "Random seed; the same seed always gives the same trace (every kind but spiral, which has no randomness)."
        )
        var seed: UInt64?

        // `.unconditional` here and below: a negative number is a value to reject by range, not an option name.
        // Optional, with the defaults below, so that --kind spiral can refuse them rather than ignore them.
        @Option(parsing: .unconditional, help: "Session length in seconds (default 25).")
        var duration: Double?

        @Option(
            help:
                "Digitizer model: pencil (240 Hz, the default), tablet-pc (like the $1 logs), browser (like Omniglot).")
        var digitizer: DigitizerChoice?

        @Option(parsing: .unconditional, help: "Digitizer rate in Hz (default: the digitizer's).")
        var rate: Double?

        @Option(parsing: .unconditional, help: "Canvas size in points, WIDTHxHEIGHT (default 834x1194).")
        var canvas: String?

        @Option(help: "The trace file to write.")
        var output: String

        /// The seeded generator's options that were given: the spiral has no use for any of them.
        private var generatorOptions: [String] {
            [
                ("--seed", seed != nil), ("--duration", duration != nil), ("--digitizer", digitizer != nil),
                ("--rate", rate != nil), ("--canvas", canvas != nil),
            ].filter(\.1).map(\.0)
        }

        func validate() throws {
            let duration = sessionDuration
            guard duration.isFinite, duration > 0, duration <= 24 * 3600 else {
                throw ValidationError("--duration must be in (0, 86400] s, not \(duration)")
            }
            if let rate { try checkDigitizerRate(rate, option: "--rate") }
            _ = try canvasSize()
            if kind == .spiral {
                guard let device else {
                    throw ValidationError(
                        "--kind spiral needs --device NAME: the spiral's size and canvas come from the device")
                }
                guard DeviceProfile.named(device) != nil else {
                    throw ValidationError(
                        "unknown device '\(device)' (known: \(DeviceProfile.all.map(\.name).joined(separator: ", ")))")
                }
                if let given = generatorOptions.first {
                    throw ValidationError(
                        "\(given) does not apply to --kind spiral: its points, pace and canvas are the article's app's on --device"
                    )
                }
            } else if device != nil {
                throw ValidationError("--device applies to --kind spiral only")
            } else if seed == nil {
                throw ValidationError("Missing expected argument '--seed <seed>'")
            }
            if kind == .generator(.session) && (digitizer ?? .pencil) != .pencil {
                throw ValidationError("--kind session always samples like a pencil; use --rate to change its rate")
            }
            if kind != .spiral { try refuseMoreSamplesThanATraceHolds(duration: duration) }
        }

        /// The pen is down at most the whole session, so `duration x rate` bounds the samples: a
        /// session that could pass the reader's limit is refused before it is made (one of 86,400 s
        /// at 1000 Hz grew past 4 GB, to write a file `bench` would refuse to read).
        private func refuseMoreSamplesThanATraceHolds(duration: Double) throws {
            let rate = self.rate ?? (digitizer ?? .pencil).digitizer.rate
            let bound = duration * rate
            guard bound <= Double(TraceFormat.maxSamples) else {
                let longest = Int((Double(TraceFormat.maxSamples) / rate).rounded(.down))
                throw ValidationError(
                    "--duration \(Self.number(duration)) s at \(Self.number(rate)) Hz could make up to \(Int(bound)) samples, "
                        + "more than the \(TraceFormat.maxSamples) a trace may hold; at this rate --duration may be at most \(longest) s"
                )
            }
        }

        private static func number(_ value: Double) -> String { value.plainText }

        private var sessionDuration: Double { duration ?? 25 }

        func canvasSize() throws -> CanvasSize {
            let canvas = self.canvas ?? "834x1194"
            let sides = canvas.lowercased().split(separator: "x").compactMap { Double($0) }
            guard sides.count == 2, sides.allSatisfy({ $0.isFinite && $0 >= 16 && $0 <= 100_000 }) else {
                throw ValidationError("--canvas must be WIDTHxHEIGHT in points (16...100000), not '\(canvas)'")
            }
            return CanvasSize(width: sides[0], height: sides[1])
        }

        func run() throws {
            try checkWritable(output, option: "--output")
            let trace: StrokeBenchTraces.Trace
            switch kind {
            case .spiral:
                let profile = DeviceProfile.named(device!)!  // checked in validate()
                trace = SpiralTrace.companionApp(on: profile)
            case .generator(let generatorKind):
                var d = (digitizer ?? .pencil).digitizer
                if let rate { d.rate = rate }
                let parameters = TraceGenerator.Parameters(
                    kind: generatorKind, duration: sessionDuration, canvas: try canvasSize(), digitizer: d)
                trace = TraceGenerator(seed: seed!, parameters: parameters).generate()  // checked in validate()
            }
            try writeTrace(trace, to: output)
            print(
                "generated \(kind.name)\(kind == .spiral ? " for \(device!)" : " seed \(seed!)"): \(trace.strokes.count) stroke\(trace.strokes.count == 1 ? "" : "s"), \(trace.sampleCount) samples, "
                    + "\(String(format: "%.2f", trace.duration)) s -> \(output)")
        }
    }
}

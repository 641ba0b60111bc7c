import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits

/// The device cost model held against every published on-device figure it can be compared with, as
/// Lighthouse publishes Lantern's accuracy: each figure with its source, its role (the one `fitted`
/// figure, `predicted` ones, and `input`s the model takes as given) and the model's 5-95% range; and,
/// over the predicted rows, Spearman's rank correlation, the median absolute percentage error and the
/// coverage of the stated ranges (docs/device-model.md, "Validation").
public enum ModelValidation {
    /// What a row is to the model.
    public enum Role: String, Sendable, Codable { case fitted, predicted, input }

    /// What the model replays or prices for a row.
    public enum Workload: Sendable {
        /// A strategy on the companion app's spiral, read from the run's summary.
        case spiral(strategy: String, wholeLayer: Bool, drive: Drive, device: String, metric: SpiralMetric)
        /// A full-screen view hierarchy drawn into a new bitmap: one clear and one source-over blend of
        /// every pixel of the screen (an assumption: the apps' hierarchies are not published). In a
        /// plain bitmap context both are standard; in `UIGraphicsImageRenderer`'s default format on a
        /// wide-colour screen the bitmap is extended range, so the 8-bit layer tree is drawn across
        /// formats: each pixel converted (`pixel_converted`) rather than blended. Not a drawing strategy.
        case snapshot(device: String, imageRenderer: Bool)
        /// A figure the model takes as an input (its value is compared with the input's range).
        case input(UncertainInput)
    }

    /// How the spiral is drawn.
    public enum Drive: String, Sendable {
        /// One point per display-link callback (`--input display-link`).
        case displayLink = "display-link"
        /// The app's Spiral (Max Speed) timer (`--input max-speed`).
        case maxSpeed = "max-speed"
        /// A person tracing the spiral with an Apple Pencil: the same points at the pencil's 240 Hz,
        /// delivered as UIKit delivers them, one touch event a frame with the samples since the last as
        /// its coalesced touches (`--delivery coalesced`).
        case pencil = "pencil at 240 Hz, coalesced"
    }

    /// A figure of a spiral run.
    public enum SpiralMetric: String, Sendable {
        case displayLinkFps = "display_link_fps"
        case mainThreadBusyPct = "main_thread_busy_pct"
    }

    /// A published figure.
    public struct Figure: Sendable {
        public var figure: String
        public var source: String
        public var role: Role
        public var workload: Workload
        public var published: Double
        public var unit: String
        /// Half the last digit the figure was published or read to (0.5 for a label that reads whole
        /// fps): the model's range is within the figure when it reaches that far.
        public var resolution: Double = 0.5
    }

    /// One row: a figure and the model's range for it.
    public struct Row: Sendable, Codable {
        public var figure, source, role, device, strategy, metric, unit: String
        public var published: Double
        public var low, central, high: Double
        /// The published figure lies within the model's low-high range.
        public var within: Bool
        /// Central over published, minus one.
        public var error: Double
    }

    /// Accuracy over the predicted rows.
    public struct Summary: Sendable, Codable {
        public var predictedRows: Int
        public var spearman: Double
        public var medianAbsolutePercentageError: Double
        public var coverage: Double
        enum CodingKeys: String, CodingKey {
            case predictedRows = "predicted_rows"
            case spearman = "spearman_rank_correlation"
            case medianAbsolutePercentageError = "median_absolute_percentage_error"
            case coverage
        }
    }

    /// The rows and their summary.
    public struct Report: Sendable, Codable {
        public var formatVersion = 2
        public var rows: [Row]
        public var summary: Summary
        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
            case rows, summary
        }
    }

    /// Prices every figure and summarises the predicted ones.
    public static func run(_ figures: [Figure] = PublishedFigures.all) throws -> Report {
        let rows = try figures.map(row)
        return Report(rows: rows, summary: summarise(rows.filter { $0.role == Role.predicted.rawValue }))
    }

    private static func row(_ figure: Figure) throws -> Row {
        let (device, strategy, metric, low, central, high) = try price(figure.workload)
        return Row(
            figure: figure.figure, source: figure.source, role: figure.role.rawValue, device: device,
            strategy: strategy,
            metric: metric, unit: figure.unit, published: figure.published, low: low, central: central, high: high,
            within: low - figure.resolution <= figure.published && figure.published <= high + figure.resolution,
            error: central / figure.published - 1)
    }

    private static func price(_ workload: Workload) throws -> (String, String, String, Double, Double, Double) {
        switch workload {
        case .spiral(let strategy, let wholeLayer, let drive, let device, let metric):
            // A published figure's strategy is one of the literature's, built in.
            let profile = DeviceProfile.named(device)!
            var settings = StrategySettings()
            if wholeLayer {
                settings = try StrategySettings.given(
                    ["flattened-whole-layer": .flag(true)],
                    declared: StrategyCatalog.builtIn.strategy(named: strategy)?.options ?? [])
            }
            let trace =
                drive == .pencil
                ? SpiralTrace.make(
                    canvas: CanvasSize(width: profile.widthPoints, height: profile.heightPoints),
                    initialLength: profile.idiom.spiralLength, refreshRate: profile.touchRate)
                : SpiralTrace.companionApp(on: profile)
            let input: InputMode =
                switch drive {
                case .displayLink: .displayLink
                case .maxSpeed: .maxSpeed
                case .pencil: .recorded
                }
            var configuration = ReplayConfiguration(
                input: ReplayInput(trace: trace, device: profile), traceName: TraceIdentity.spiral,
                device: profile, clock: .virtual, delivery: .coalesced,
                inputMode: input,
                strategy: StrategyCatalog.builtIn.strategy(named: strategy)!, settings: settings, costs: .model,
                comparePicture: false)
            configuration.keepsFrames = false
            let s = try Replay.run(configuration).summary
            let name = strategy + (wholeLayer ? " --flattened-whole-layer" : "") + " (\(drive.rawValue))"
            switch metric {
            case .displayLinkFps:
                return (
                    device, name, metric.rawValue, s.displayLinkFpsLow ?? s.displayLinkFps, s.displayLinkFps,
                    s.displayLinkFpsHigh ?? s.displayLinkFps
                )
            case .mainThreadBusyPct:
                return (
                    device, name, metric.rawValue, s.mainThreadBusyPctLow ?? s.mainThreadBusyPct, s.mainThreadBusyPct,
                    s.mainThreadBusyPctHigh ?? s.mainThreadBusyPct
                )
            }
        case .snapshot(let device, let imageRenderer):
            let profile = DeviceProfile.named(device)!
            let pixels = profile.width * profile.height
            var work = WorkCounters()
            work.pixelsCleared = pixels
            if imageRenderer && profile.wideColor {
                work.extendedCleared = pixels
                work.pixelsConverted = pixels
            } else {
                work.pixelsBlended = pixels
            }
            var values: [Double] = []
            for (draw, factor) in zip(ModelDraw.standard, try ModelUncertainty.factors.get()) {
                guard let factor else { continue }
                values.append(try cost(of: work, on: device, at: draw, factor: factor))
            }
            values.sort()
            let central = try cost(of: work, on: device, at: .central, factor: nil)
            let name = imageRenderer ? "snapshot (UIGraphicsImageRenderer)" : "snapshot (plain bitmap context)"
            return (device, name, "snapshot_ms", Percentiles.rank(5, values), central, Percentiles.rank(95, values))
        case .input(let input):
            let sourced = ModelDraw.central.value(input, in: DeviceCostData.shipped)
            let low = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 0 }).value(
                input, in: DeviceCostData.shipped)
            let high = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 1 }).value(
                input, in: DeviceCostData.shipped)
            return ("", "", input.rawValue, low, sourced, high)
        }
    }

    private static func cost(of work: WorkCounters, on device: String, at draw: ModelDraw, factor: Double?) throws
        -> Double
    {
        let costs = try DeviceCostData.shipped.unitCosts(of: device, at: draw, factor: factor)
        return Double(costs.cost(of: work).nanoseconds) / 1e6
    }

    /// Spearman's rank correlation of central against published (ranks averaged over ties), the
    /// median of |central / published - 1|, and the share of published figures inside low-high.
    static func summarise(_ rows: [Row]) -> Summary {
        let errors = rows.map { abs($0.error) }
        return Summary(
            predictedRows: rows.count, spearman: spearman(rows.map(\.central), rows.map(\.published)),
            medianAbsolutePercentageError: 100 * median(errors),
            coverage: rows.isEmpty ? 0 : Double(rows.filter(\.within).count) / Double(rows.count))
    }

    /// Pearson's correlation of the ranks.
    static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        let rx = ranks(x)
        let ry = ranks(y)
        let n = Double(x.count)
        guard n > 1 else { return 0 }
        let mx = rx.reduce(0, +) / n
        let my = ry.reduce(0, +) / n
        let sxy = zip(rx, ry).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
        let sxx = rx.map { ($0 - mx) * ($0 - mx) }.reduce(0, +)
        let syy = ry.map { ($0 - my) * ($0 - my) }.reduce(0, +)
        return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
    }

    /// Ranks from 1, ties given the mean of the ranks they span: the Mann-Whitney test's own.
    static func ranks(_ values: [Double]) -> [Double] { MannWhitney.midRanks(values) }
}

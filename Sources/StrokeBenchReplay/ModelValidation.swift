import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits

/// The device cost model held against every published on-device figure it can be compared with, as
/// Lighthouse publishes Lantern's accuracy: each figure with its source, its role (the one `fitted`
/// figure, `predicted` ones, and `input`s the model takes as given) and the model's 5-95% range, widened
/// by the model's own error sized per kind of cost without the row; and, per metric over the predicted
/// rows, Spearman's rank correlation, the error factor and the coverage of the stated ranges
/// (docs/device-model.md, "Validation").
package enum ModelValidation {
    /// What a row is to the model.
    package enum Role: String, Sendable, Codable {
        case fitted, predicted, input
        /// A prediction committed before its published value (docs/device-model.md, "Blind evidence"):
        /// priced and kept, never scored; it becomes `predicted` in the commit that adds the value.
        case pending
    }

    /// What the model replays or prices for a row.
    package enum Workload: Sendable {
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

        /// The kind of cost the row's figure measures, whose structural error term widens it; nil for
        /// an input, which is not a prediction.
        var kind: CostKind? {
            switch self {
            case .spiral: .drawing
            case .snapshot: .snapshot
            case .input: nil
            }
        }
    }

    /// How the spiral is drawn.
    package enum Drive: String, Sendable {
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
    package enum SpiralMetric: String, Sendable {
        case displayLinkFps = "display_link_fps"
        case mainThreadBusyPct = "main_thread_busy_pct"
    }

    /// A published figure.
    package struct Figure: Sendable {
        package var figure: String
        package var source: String
        package var role: Role
        package var workload: Workload
        /// Nil while the row is `pending`: its prediction is committed first.
        package var published: Double?
        package var unit: String
        /// Half the last digit the figure was published or read to (0.5 for a label that reads whole
        /// fps): the model's range is within the figure when it reaches that far.
        package var resolution: Double = 0.5
        /// The published figure this row is one reading of, where a figure is read in more than one
        /// way (the article's "17 fps"): rows that name the same one are one piece of evidence, with
        /// one residual, and none sizes another's structural error. Nil: the row is its own figure.
        package var readingOf: String? = nil

        /// What the row's residual is keyed by: its published figure.
        var evidence: String { readingOf ?? figure }
    }

    /// One row: a figure and the model's range for it.
    package struct Row: Sendable, Codable {
        package var figure, source, role, device, strategy, metric, unit: String
        /// Nil for a `pending` row.
        package var published: Double?
        /// The stated range: for a predicted row, the draws' 5-95% range (`drawsLow`-`drawsHigh`)
        /// widened by the structural error sized without this row; for the fitted and input rows, the
        /// draws' range. Always holds `central`.
        package var low, central, high: Double
        /// The 5th and 95th percentiles over the model's draws alone (nearest rank), with `central`.
        package var drawsLow, drawsHigh: Double
        /// The kind of cost the figure measures, whose structural error term widens a predicted row;
        /// nil for an input.
        package var costKind: CostKind?
        /// The structural error term of this row, as a factor (e^S): sized by the other figures of its
        /// kind only (`Residuals.term`); 1 for rows that are not predictions.
        package var structuralErrorFactor: Double
        /// The published figure lies within the stated low-high range.
        package var within: Bool
        /// Central over published, minus one; nil for a `pending` row.
        package var error: Double?
        /// The reference predictor's figure (`DeviceCostData.referenceUnitCosts`); nil for inputs.
        package var reference: Double?
        enum CodingKeys: String, CodingKey {
            case figure, source, role, device, strategy, metric, unit, published, low, central, high
            case drawsLow = "draws_low"
            case drawsHigh = "draws_high"
            case costKind = "cost_kind"
            case structuralErrorFactor = "structural_error_factor"
            case within, error, reference
        }
    }

    /// Accuracy over the predicted rows of one metric, as Lantern reports it: a rank correlation only
    /// where there are rows enough to rank, and the error as a factor, which treats a figure twice
    /// too high and one half too low alike (a percentage error cannot pass 100% below).
    package struct MetricAccuracy: Sendable, Codable, Equatable {
        /// Predicted rows of the metric.
        package var n: Int
        /// Spearman's rank correlation of figure against published; nil under 3 rows.
        package var spearman: Double?
        /// The mean of |ln(figure / published)|.
        package var meanAbsoluteLogRatio: Double
        /// e to that mean: the typical factor by which a figure is off.
        package var geometricMeanErrorFactor: Double
        /// The median of |figure - published| / published, in percent: the error older reports gave. It
        /// cannot pass 100% for a figure too low, however far (a snapshot 20x under reads 95%), so the
        /// error factor is the one to judge by; this is kept beside it to compare with published models.
        package var medianAbsolutePercentageError: Double
        /// The share of rows whose published figure lies in the stated range; nil for a predictor
        /// that states none (the reference).
        package var coverage: Double?
        enum CodingKeys: String, CodingKey {
            case n, spearman, coverage
            case meanAbsoluteLogRatio = "mean_absolute_log_ratio"
            case geometricMeanErrorFactor = "geometric_mean_error_factor"
            case medianAbsolutePercentageError = "median_ape_pct"
        }
    }

    /// The reference predictor's accuracy, beside the model's.
    package struct Reference: Sendable, Codable, Equatable {
        /// What the reference predicts with.
        package var predictor: String
        /// By metric, over the same predicted rows.
        package var perMetric: [String: MetricAccuracy]
        enum CodingKeys: String, CodingKey {
            case predictor
            case perMetric = "per_metric"
        }
    }

    /// One kind of cost's structural error term.
    package struct StructuralTerm: Sendable, Codable, Equatable {
        /// Published figures of the kind (a figure read in several ways counts once).
        package var figures: Int
        /// Predicted rows of the kind.
        package var rows: Int
        /// S over every figure of the kind, none left out, in log units: what a modelled run draws.
        package var logError: Double
        /// e^S.
        package var factor: Double
        /// The share of the kind's rows within their stated range, each range sized without its figure.
        package var coverageLeaveOneRowOut: Double
        enum CodingKeys: String, CodingKey {
            case figures, rows, factor
            case logError = "log_error"
            case coverageLeaveOneRowOut = "coverage_leave_one_row_out"
        }
    }

    /// Accuracy over the predicted rows.
    package struct Summary: Sendable, Codable, Equatable {
        package var predictedRows: Int
        /// By metric (`display_link_fps`, `main_thread_busy_pct`, `snapshot_ms`): never pooled across
        /// units.
        package var perMetric: [String: MetricAccuracy]
        /// `perMetric`'s rank correlations (metrics of 3 rows or more) and median percentage errors, one
        /// map each: the figures a reader compares with other models' first, still never pooled.
        package var spearmanByMetric: [String: Double]
        package var medianApePctByMetric: [String: Double]
        /// The share of predicted rows within their stated range, each range sized without its row.
        package var coverageLeaveOneRowOut: Double
        /// The same share with the draws' ranges alone: what the structural error terms add.
        package var coverageDrawsOnly: Double
        /// By kind of cost, never pooled across kinds: the drawing kind's is what a modelled run draws.
        package var structuralError: [CostKind: StructuralTerm]
        package var reference: Reference
        enum CodingKeys: String, CodingKey {
            case predictedRows = "predicted_rows"
            case perMetric = "per_metric"
            case spearmanByMetric = "spearman_by_metric"
            case medianApePctByMetric = "median_ape_pct_by_metric"
            case coverageLeaveOneRowOut = "coverage_leave_one_row_out"
            case coverageDrawsOnly = "coverage_draws_only"
            case structuralError = "structural_error"
            case reference
        }
    }

    /// The rows and their summary.
    package struct Report: Sendable, Codable {
        /// 5: each metric's median percentage error (`median_ape_pct`, and `summary`'s maps by metric);
        /// 4: a structural error term per kind of cost (`summary.structural_error`), where 3 pooled one.
        package var formatVersion = 5
        package var rows: [Row]
        package var summary: Summary
        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
            case rows, summary
        }
    }

    /// What the reference predictor is, in the report's words.
    static let referencePredictor =
        "the host's calibrated time for the same counted work (host.unit_costs_ns), scaled by the device's published single-core ratio; no bandwidth model, no extended-range penalty, no fitted factor"

    /// A figure priced: the model's draws range and central, the reference's figure, and the ceiling
    /// the figure cannot pass (the display's rate for fps, 100 for a share).
    struct Priced {
        var device, strategy, metric: String
        var low, central, high: Double
        var reference: Double?
        var ceiling: Double = .infinity
    }

    /// Prices every figure with `model` (fitted: its draws give the ranges) without its structural
    /// error, the spirals' strategies looked up in `strategies`, sizes each predicted row's structural
    /// error from the other figures of its kind, and summarises.
    package static func run(
        _ figures: [Figure] = PublishedFigures.all, model: DeviceModel, strategies: StrategyCatalog
    ) throws -> Report {
        // The inputs' draws alone: the structural error is what this sizes, so pricing with it would be circular.
        var model = model
        model.structuralError = 0
        let priced = try figures.map { try price($0.workload, model: model, strategies: strategies) }
        let residuals = Residuals(figures, priced)
        var rows: [Row] = []
        for (figure, p) in zip(figures, priced) {
            let kind = figure.workload.kind
            var s = 0.0
            if let kind, figure.role == .predicted, figure.published != nil {
                s = residuals.term(kind, leavingOut: figure.evidence)
            }
            let low = min(p.low, p.central) * exp(-s)
            let high = min(p.ceiling, max(p.high, p.central) * exp(s))
            rows.append(
                Row(
                    figure: figure.figure, source: figure.source, role: figure.role.rawValue, device: p.device,
                    strategy: p.strategy, metric: p.metric, unit: figure.unit, published: figure.published,
                    low: low, central: p.central, high: high, drawsLow: min(p.low, p.central),
                    drawsHigh: max(p.high, p.central), costKind: kind, structuralErrorFactor: exp(s),
                    within: figure.published.map { low - figure.resolution <= $0 && $0 <= high + figure.resolution }
                        ?? false,
                    error: figure.published.map { p.central / $0 - 1 }, reference: p.reference))
        }
        let resolutions = Dictionary(uniqueKeysWithValues: figures.map { ($0.figure, $0.resolution) })
        return Report(
            rows: rows,
            summary: summarise(
                rows.filter { $0.role == Role.predicted.rawValue }, resolutions: resolutions, residuals: residuals))
    }

    /// The predicted figures' residuals, |ln(central / published)|, by kind of cost: one per published
    /// figure, the largest of its readings' where it is read in more than one way, so that two readings
    /// of one figure are one piece of evidence (docs/device-model.md, "Validation").
    struct Residuals {
        /// By kind, each figure's (`Figure.evidence`) residual.
        private(set) var byKind: [CostKind: [String: Double]] = [:]

        init(_ figures: [Figure], _ priced: [Priced]) {
            for (figure, p) in zip(figures, priced) {
                guard figure.role == .predicted, let published = figure.published, let kind = figure.workload.kind
                else { continue }
                let residual = logRatio(p.central, published)
                byKind[kind, default: [:]][figure.evidence] = max(byKind[kind]?[figure.evidence] ?? 0, residual)
            }
        }

        /// The structural error term of `kind`, in log units, from its figures other than `left`
        /// (nil: every figure, as a modelled run draws it).
        func term(_ kind: CostKind, leavingOut left: String? = nil) -> Double {
            structuralError((byKind[kind] ?? [:]).filter { $0.key != left }.map(\.value))
        }
    }

    /// |ln(figure / published)|: how many e-folds a figure is off, the same either way.
    static func logRatio(_ figure: Double, _ published: Double) -> Double {
        guard figure > 0, published > 0 else { return .infinity }
        return abs(log(figure / published))
    }

    /// The structural error term, in log units, from the residuals of rows other than the one it
    /// widens: the jackknife rule (Barber, Candes, Ramdas and Tibshirani, "Predictive inference with
    /// the jackknife+", Annals of Statistics 2021) takes the ceil(0.9 (m + 1))-th smallest of m
    /// held-out residuals for a 90% range; where that rank passes m (fewer than 9 other rows), the
    /// largest is taken, and the range is said to cover m / (m + 1) of new rows, not 90%.
    static func structuralError(_ residuals: [Double]) -> Double {
        let sorted = residuals.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((0.9 * Double(sorted.count + 1)).rounded(.up))
        return sorted[min(rank, sorted.count) - 1]
    }

    private static func price(_ workload: Workload, model: DeviceModel, strategies: StrategyCatalog) throws
        -> Priced
    {
        switch workload {
        case .spiral(let strategy, let wholeLayer, let drive, let device, let metric):
            // A published figure's strategy is one of the literature's, built in.
            let profile = DeviceProfile.named(device)!
            var settings = StrategySettings()
            if wholeLayer {
                settings = try StrategySettings.given(
                    ["flattened-whole-layer": .flag(true)],
                    declared: strategies.strategy(named: strategy)?.options ?? [])
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
                strategy: strategies.strategy(named: strategy)!, settings: settings, costs: .model,
                comparePicture: false, deviceModel: model)
            configuration.keepsFrames = false
            let s = try Replay.run(configuration).summary
            // The reference: the same replay, central only (a meter that is not the model's is not
            // drawn), at the host's costs carried by the single-core ratio.
            configuration.meter = TurnWorkMeter(
                inner: ModelCostMeter(unitCosts: try model.data.referenceUnitCosts(of: device)))
            let r = try Replay.run(configuration).summary
            let name = strategy + (wholeLayer ? " --flattened-whole-layer" : "") + " (\(drive.rawValue))"
            switch metric {
            case .displayLinkFps:
                return Priced(
                    device: device, strategy: name, metric: metric.rawValue,
                    low: s.displayLinkFpsLow ?? s.displayLinkFps,
                    central: s.displayLinkFps, high: s.displayLinkFpsHigh ?? s.displayLinkFps,
                    reference: r.displayLinkFps, ceiling: s.hz)
            case .mainThreadBusyPct:
                return Priced(
                    device: device, strategy: name, metric: metric.rawValue,
                    low: s.mainThreadBusyPctLow ?? s.mainThreadBusyPct, central: s.mainThreadBusyPct,
                    high: s.mainThreadBusyPctHigh ?? s.mainThreadBusyPct, reference: r.mainThreadBusyPct, ceiling: 100)
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
            for (draw, factor) in zip(ModelDraw.standard, try model.requireFit().factors) {
                guard let factor else { continue }
                values.append(try cost(of: work, on: device, at: draw, factor: factor, data: model.data))
            }
            values.sort()
            let central = try cost(of: work, on: device, at: .central, factor: nil, data: model.data)
            let reference =
                Double(try model.data.referenceUnitCosts(of: device).cost(of: work).nanoseconds) / 1e6
            let name = imageRenderer ? "snapshot (UIGraphicsImageRenderer)" : "snapshot (plain bitmap context)"
            return Priced(
                device: device, strategy: name, metric: "snapshot_ms", low: Percentiles.rank(5, values),
                central: central, high: Percentiles.rank(95, values), reference: reference)
        case .input(let input):
            let sourced = ModelDraw.central.value(input, in: model.data)
            let low = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 0 }).value(input, in: model.data)
            let high = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 1 }).value(input, in: model.data)
            return Priced(device: "", strategy: "", metric: input.rawValue, low: low, central: sourced, high: high)
        }
    }

    private static func cost(
        of work: WorkCounters, on device: String, at draw: ModelDraw, factor: Double?, data: DeviceCostData
    ) throws -> Double {
        let costs = try data.unitCosts(of: device, at: draw, factor: factor)
        return Double(costs.cost(of: work).nanoseconds) / 1e6
    }

    /// Per metric, the model's accuracy and coverage and the reference's accuracy over `rows` (the
    /// predicted ones); coverage with the draws' ranges alone beside the stated ranges'; and each kind
    /// of cost's structural error term over all its figures, with its rows' coverage.
    static func summarise(_ rows: [Row], resolutions: [String: Double], residuals: Residuals) -> Summary {
        func accuracy(_ rows: [Row], _ figure: (Row) -> Double?, coverage: Double?) -> MetricAccuracy {
            let pairs = rows.compactMap { row in row.published.flatMap { p in figure(row).map { ($0, p) } } }
            let logs = pairs.map { logRatio($0.0, $0.1) }
            let mean = logs.isEmpty ? 0 : logs.reduce(0, +) / Double(logs.count)
            let percentages = pairs.map { abs($0.0 - $0.1) / abs($0.1) * 100 }
            return MetricAccuracy(
                n: pairs.count, spearman: pairs.count >= 3 ? spearman(pairs.map(\.0), pairs.map(\.1)) : nil,
                meanAbsoluteLogRatio: mean, geometricMeanErrorFactor: exp(mean),
                medianAbsolutePercentageError: median(percentages), coverage: coverage)
        }
        func share(_ rows: [Row], _ holds: (Row) -> Bool) -> Double {
            rows.isEmpty ? 0 : Double(rows.filter(holds).count) / Double(rows.count)
        }
        let byMetric = Dictionary(grouping: rows, by: \.metric)
        let perMetric = byMetric.mapValues { accuracy($0, \.central, coverage: share($0, \.within)) }
        return Summary(
            predictedRows: rows.count,
            perMetric: perMetric,
            spearmanByMetric: perMetric.compactMapValues(\.spearman),
            medianApePctByMetric: perMetric.mapValues(\.medianAbsolutePercentageError),
            coverageLeaveOneRowOut: share(rows, \.within),
            coverageDrawsOnly: share(rows) { row in
                let r = resolutions[row.figure] ?? 0
                guard let published = row.published else { return false }
                return row.drawsLow - r <= published && published <= row.drawsHigh + r
            },
            structuralError: Dictionary(
                uniqueKeysWithValues: residuals.byKind.map { kind, figures in
                    let kindRows = rows.filter { $0.costKind == kind }
                    let s = residuals.term(kind)
                    return (
                        kind,
                        StructuralTerm(
                            figures: figures.count, rows: kindRows.count, logError: s, factor: exp(s),
                            coverageLeaveOneRowOut: share(kindRows, \.within))
                    )
                }),
            reference: Reference(
                predictor: referencePredictor,
                perMetric: byMetric.mapValues { accuracy($0, \.reference, coverage: nil) }))
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

/// One field of `ReplaySpec`, declared once: its name, its command-line flag, its JSON key and
/// summary.csv column, its default and whether a record leaves it out there, and how it reads in an
/// id, in a reproduce command and in a comparison. `ReplaySpec.id` and every reproduce command are
/// built by walking `SpecField.all`, and the property test (`SpecFieldPropertyTests`) varies each
/// field in turn, so a field added here is covered by both without touching either.
package struct SpecField: Sendable, CustomStringConvertible {
    /// What the id and the command line need to know besides the spec.
    package struct Context: Sendable {
        /// The options the spec's strategy declares, in declaration order.
        package var declared: [StrategyOption]
        /// The refresh rate of the spec's device, for an id of a spec at the device's own rate.
        package var deviceRate: Double?
        /// The background queues a run resolved (its summary's), shown for a spec that left them to
        /// the device; nil where no run is known.
        package var workers: Int?

        package init(declared: [StrategyOption], deviceRate: Double?, workers: Int? = nil) {
            self.declared = declared
            self.deviceRate = deviceRate
            self.workers = workers
        }
    }

    /// How people name it: `present queue depth`.
    package let name: String
    /// The JSON key of records and baselines, the summary.csv column and the comparison's dimension:
    /// `present_queue_depth`; `options` for the strategy's own options.
    package let key: String
    /// The `bench run` option that sets it: `--present-queue-depth`; nil for the strategy's options,
    /// which are each their own flag.
    package let flag: String?
    /// True when a record leaves the field out at its default, so records written before the field
    /// existed read, and write, as they did.
    package let omittedAtDefault: Bool
    /// Whether `spec` holds the field's default.
    package let isDefault: @Sendable (ReplaySpec) -> Bool
    /// The value as comparisons and reports print it: `kalman 8 ms`, `device`, the trace by its label
    /// (the same file in two folders is the same trace).
    package let text: @Sendable (ReplaySpec, Context) -> String
    /// The words the field adds to `ReplaySpec.id` (none where the id leaves a default out).
    package let idWords: @Sendable (ReplaySpec, Context) -> [String]
    /// The words the field adds to the `bench run` command that replays `spec` (none at a default).
    package let commandWords: @Sendable (ReplaySpec, Context) -> [String]
    /// Two valid specs made from `spec` that differ in this field and in nothing else: what a
    /// property test varies. The first is `spec` itself unless the field needs another to vary in
    /// (options need a strategy that declares some; a horizon, a prediction). `pick(n)` chooses one
    /// of `n` candidates (a seeded generator's draw).
    package let variation: @Sendable (ReplaySpec, _ pick: (Int) -> Int) -> (ReplaySpec, ReplaySpec)
    /// How a run record or a baseline entry stores it, under `key` (`SpecField+Coding.swift`).
    let recordCoding: Coding
    /// How a sweep's run stores it; nil for what the plan holds for all its runs (options, workers).
    let sweepRunCoding: Coding?
    /// Its summary.csv cell (the column is `key`), where that differs from `text`: empty for none.
    private(set) var csvText: (@Sendable (ReplaySpec, Context) -> String)? = nil
    /// Its cell in a report's setting (`predict kalman 8 ms`), where that differs from `text`.
    private(set) var reportText: (@Sendable (ReplaySpec, Context) -> String)? = nil
    /// False for a field shown within another's `text` (the horizon in the prediction's `kalman 8 ms`):
    /// comparisons and reports give it no cell of its own.
    package private(set) var shownApart = true
    /// How a sweep varies it (`SpecField+Axis.swift`); nil for what a sweep's runs all share.
    package private(set) var axis: Axis? = nil
    /// Its words in a sweep's run id (`SweepRun.id`, which names files), where they differ from `idWords`.
    private(set) var runIDText: (@Sendable (ReplaySpec) -> [String])? = nil

    package var description: String { name }
}

extension SpecField {
    /// Every field of the spec, in the order `ReplaySpec.id` names them (the id is what baselines
    /// match entries by, so its order is the one that may never change).
    package static let all: [SpecField] = [
        strategy, options, device, hz, clock, costs, delivery, input, trace, workers, predict, predictHorizon,
        presentQueueDepth, touchRate, wetInk,
    ]

    /// The pipeline's what-ifs (`PipelineWhatIfs`), in `all`'s order.
    package static let whatIfs: [SpecField] = [predict, predictHorizon, presentQueueDepth, touchRate, wetInk]

    /// The field with this key.
    package static func named(_ key: String) -> SpecField? { all.first { $0.key == key } }

    /// The fields as comparisons show them, in their columns' order: first in the order comparisons
    /// always showed them, then any other field shown apart, in `all`'s order.
    package static let shown: [SpecField] = listed(
        first: [
            strategy, device, hz, clock, delivery, trace, options, costs, input, workers, presentQueueDepth, predict,
            touchRate, wetInk,
        ])

    /// The fields that tell a report's settings apart beyond its device, rate and trace (and the
    /// strategy and its options, which name its rows), in the order a setting's label names them.
    package static let settingModes: [SpecField] = listed(
        first: [costs, input, clock, delivery, workers, predict, presentQueueDepth, touchRate, wetInk]
    ).filter { ![strategy.key, options.key, device.key, hz.key, trace.key].contains($0.key) }

    /// `first`, then every other field shown apart, in `all`'s order: a field added later has its place.
    private static func listed(first: [SpecField]) -> [SpecField] {
        first + all.filter { field in field.shownApart && !first.contains { $0.key == field.key } }
    }

    /// Its summary.csv cell.
    package func csvCell(_ spec: ReplaySpec, _ context: Context) -> String {
        (csvText ?? text)(spec, context)
    }

    /// Its cell in a report's setting.
    package func reportCell(_ spec: ReplaySpec, _ context: Context) -> String {
        (reportText ?? text)(spec, context)
    }

    /// The fields in the order a sweep's run id names them: the order of the ids of files sweeps have
    /// already written, which may never change, then every other field in `all`'s order.
    package static let runIDOrder: [SpecField] = {
        let first = [strategy, device, hz, trace, clock, delivery, costs, input]
        return first + all.filter { field in !first.contains { $0.key == field.key } }
    }()

    /// The words it adds to a sweep's run id: none for what the plan holds for all its runs (options,
    /// workers), which a run does not store.
    package func runIDWords(_ spec: ReplaySpec) -> [String] {
        guard sweepRunCoding != nil else { return [] }
        return runIDText?(spec) ?? idWords(spec, Context(declared: [], deviceRate: nil))
    }

    private static let hzCoding = Coding.optional(\.hz, in: ReplaySpec.rates, "a refresh rate in Hz")
    private static let workersCoding = Coding.optional(
        \.workers, in: ReplaySpec.workerCounts, "a count of background queues")
    private static let horizonCoding = Coding.optional(
        \.pipeline.predictHorizonMs, in: PipelineWhatIfs.predictHorizons, "a prediction horizon in ms")
    /// A sweep's run names its trace as the command line gave it; what the trace held is its record's.
    private static let tracePathCoding = Coding(
        encode: { spec, c, key in try c.encode(spec.trace.path, forKey: key) },
        decode: { c, key, spec in spec.trace = TraceIdentity(path: try c.decode(String.self, forKey: key)) })

    package static let strategy = SpecField(
        name: "strategy", key: "strategy", flag: "--strategy", omittedAtDefault: false, isDefault: { _ in false },
        text: { spec, _ in spec.strategy }, idWords: { spec, _ in [spec.strategy] },
        commandWords: { spec, _ in ["--strategy", spec.strategy] },
        variation: { spec, pick in
            // Strategies without options, so both specs are valid with none.
            var before = spec
            before.options = StrategySettings()
            var after = before
            let names = ["null", "naive", "point-array", "dirty-rect"]
            if !names.contains(before.strategy) { before.strategy = names[0] }
            let others = names.filter { $0 != before.strategy }
            after.strategy = others[pick(others.count)]
            return (before, after)
        },
        recordCoding: .required(\.strategy), sweepRunCoding: .required(\.strategy),
        axis: .names(\.strategy, listKey: "strategies", resting: [], written: { $0 }, read: { $0 }))

    package static let options = SpecField(
        name: "strategy options", key: "options", flag: nil, omittedAtDefault: false,
        isDefault: { $0.options.isEmpty },
        text: { spec, context in
            let words = spec.options.arguments(declared: context.declared)
            return words.isEmpty ? "none" : words.joined(separator: " ")
        },
        idWords: { spec, context in spec.options.arguments(declared: context.declared) },
        commandWords: { spec, context in spec.options.arguments(declared: context.declared) },
        variation: { spec, pick in
            // async-graver's options (a flag and a number of seconds): none, then some.
            var before = spec
            before.strategy = "async-graver"
            before.options = StrategySettings()
            var after = before
            let choices: [[String: StrategyOptionValue]] = [
                ["graver-keep-contents": .flag(true)], ["graver-fade-in": .seconds(0.25)],
                ["graver-keep-contents": .flag(true), "graver-fade-in": .seconds(1.5)],
            ]
            after.options = StrategySettings(unvalidated: choices[pick(choices.count)])
            return (before, after)
        },
        recordCoding: .defaulted(\.options, StrategySettings(), omitted: false), sweepRunCoding: nil,
        csvText: { spec, context in spec.options.arguments(declared: context.declared).joined(separator: " ") })

    package static let device = SpecField(
        name: "device", key: "device", flag: "--device", omittedAtDefault: false, isDefault: { _ in false },
        text: { spec, _ in spec.device }, idWords: { spec, _ in [spec.device] },
        commandWords: { spec, _ in ["--device", spec.device] },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others = ["ipad-pro-11", "iphone-6s", "iphone-xr"].filter { $0 != spec.device }
            spec.device = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: .required(\.device), sweepRunCoding: .required(\.device),
        axis: .names(
            \.device, listKey: "devices", resting: [ReplaySpec(strategy: "").device], written: { $0 }, read: { $0 }))

    package static let hz = SpecField(
        name: "refresh rate", key: "hz", flag: "--hz", omittedAtDefault: true, isDefault: { $0.hz == nil },
        text: { spec, context in (spec.hz ?? context.deviceRate).map(\.plainText) ?? "device" },
        idWords: { spec, context in ["\((spec.hz ?? context.deviceRate ?? 0).plainText)Hz"] },
        commandWords: { spec, _ in spec.hz.map { ["--hz", $0.plainText] } ?? [] },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others: [Double] = [30, 48, 90, 144].filter { $0 != spec.hz }
            spec.hz = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: hzCoding, sweepRunCoding: hzCoding,
        axis: .optionals(
            \.hz, needed: true,
            problem: {
                ReplaySpec.rates.contains($0)
                    ? nil : "a refresh rate in Hz (\(ReplaySpec.rates.lowerBound)...\(ReplaySpec.rates.upperBound))"
            }),
        runIDText: { spec in [(spec.hz?.plainText ?? "device") + "hz"] })

    package static let clock = SpecField(
        name: "clock", key: "clock", flag: "--clock", omittedAtDefault: false, isDefault: { _ in false },
        text: { spec, _ in spec.clock.rawValue }, idWords: { spec, _ in [spec.clock.rawValue] },
        commandWords: { spec, _ in ["--clock", spec.clock.rawValue] },
        variation: { spec, _ in
            // Costs other than measured need the virtual clock: both specs measure.
            var before = spec
            before.costs = .measured
            var after = before
            after.clock = before.clock == .virtual ? .realtime : .virtual
            return (before, after)
        },
        recordCoding: .required(\.clock), sweepRunCoding: .required(\.clock),
        axis: .modes(\.clock, resting: .virtual, missingReadsResting: false, omittedAtResting: false),
        runIDText: { spec in spec.clock == .virtual ? [] : [spec.clock.rawValue] })

    package static let costs = SpecField(
        name: "costs", key: "costs", flag: "--costs", omittedAtDefault: false, isDefault: { $0.costs == .measured },
        text: { spec, _ in spec.costs.rawValue },
        idWords: { spec, _ in spec.costs == .measured ? [] : ["\(spec.costs.rawValue)-costs"] },
        commandWords: { spec, _ in ["--costs", spec.costs.rawValue] },
        variation: { spec, pick in
            var before = spec
            before.clock = .virtual
            var spec = before
            let others = CostMode.allCases.filter { $0 != spec.costs }
            spec.costs = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: .required(\.costs), sweepRunCoding: .required(\.costs),
        axis: .modes(\.costs, resting: .measured, missingReadsResting: true, omittedAtResting: false))

    package static let delivery = enumeration(
        name: "delivery", key: "delivery", flag: "--delivery", path: \.delivery, default: .coalesced,
        idAtDefault: true, coding: .required(\.delivery), missingReadsResting: false)
    package static let input = enumeration(
        name: "input", key: "input", flag: "--input", path: \.input, default: .recorded, idAtDefault: false,
        coding: .defaulted(\.input, .recorded, omitted: false), missingReadsResting: true)

    package static let trace = SpecField(
        name: "trace", key: "trace", flag: "--trace", omittedAtDefault: false,
        isDefault: { $0.trace.path == TraceIdentity.builtIn },
        text: { spec, _ in spec.trace.label }, idWords: { spec, _ in [spec.trace.path] },
        commandWords: { spec, _ in spec.trace.path == TraceIdentity.builtIn ? [] : ["--trace", spec.trace.path] },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others = [TraceIdentity.builtIn, TraceIdentity.spiral, "a.trace", "b.trace"].filter {
                $0 != spec.trace.path
            }
            spec.trace = TraceIdentity(path: others[pick(others.count)])
            return (before, spec)
        },
        recordCoding: .required(\.trace), sweepRunCoding: tracePathCoding,
        csvText: { spec, _ in spec.trace.path },
        axis: .names(
            \.trace, listKey: "traces", resting: [TraceIdentity(path: TraceIdentity.builtIn)], written: \.path,
            read: { TraceIdentity(path: $0) }),
        runIDText: { spec in [spec.trace.label] })

    package static let workers = SpecField(
        name: "workers", key: "workers", flag: "--workers", omittedAtDefault: true, isDefault: { $0.workers == nil },
        text: { spec, context in (context.workers ?? spec.workers).map(String.init) ?? "default" },
        idWords: { spec, _ in spec.workers.map { ["\($0) workers"] } ?? [] },
        commandWords: { spec, _ in spec.workers.map { ["--workers", String($0)] } ?? [] },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others = [1, 2, 3, 5, 16].filter { $0 != spec.workers }
            spec.workers = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: workersCoding, sweepRunCoding: nil,
        reportText: { spec, _ in spec.workers.map(String.init) ?? "device's" })

    package static let predict = SpecField(
        name: "predict", key: "predict", flag: "--predict", omittedAtDefault: true,
        isDefault: { $0.pipeline.predict == .none },
        text: { spec, _ in
            spec.pipeline.predict.rawValue + (spec.pipeline.predictHorizonMs.map { " \($0.plainText) ms" } ?? "")
        },
        idWords: { spec, _ in
            let pipeline = spec.pipeline
            guard pipeline.predict != .none else { return [] }
            return [
                "predict-\(pipeline.predict.rawValue)" + (pipeline.predictHorizonMs.map { "-\($0.plainText)ms" } ?? "")
            ]
        },
        commandWords: { spec, _ in
            spec.pipeline.predict == .none ? [] : ["--predict", spec.pipeline.predict.rawValue]
        },
        variation: { spec, pick in
            // A horizon needs a prediction to reach: both specs have none.
            var before = spec
            before.pipeline.predictHorizonMs = nil
            var spec = before
            let others = Prediction.allCases.filter { $0 != spec.pipeline.predict }
            spec.pipeline.predict = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: .defaulted(\.pipeline.predict, .none, omitted: true),
        sweepRunCoding: .defaulted(\.pipeline.predict, .none, omitted: true),
        csvText: { spec, _ in spec.pipeline.predict.rawValue },
        axis: .modes(\.pipeline.predict, resting: .none, missingReadsResting: true, omittedAtResting: true))

    /// Part of the prediction's id word (`predict-kalman-8ms`), so it adds none of its own.
    package static let predictHorizon = SpecField(
        name: "prediction horizon", key: "predict_horizon_ms", flag: "--predict-horizon", omittedAtDefault: true,
        isDefault: { $0.pipeline.predictHorizonMs == nil },
        text: { spec, _ in spec.pipeline.predictHorizonMs.map { "\($0.plainText) ms" } ?? "one frame" },
        idWords: { _, _ in [] },
        commandWords: { spec, _ in spec.pipeline.predictHorizonMs.map { ["--predict-horizon", $0.plainText] } ?? [] },
        variation: { spec, pick in
            var before = spec
            if before.pipeline.predict == .none { before.pipeline.predict = .linear }
            var spec = before
            let others: [Double] = [4, 8, 12.5, 33].filter { $0 != spec.pipeline.predictHorizonMs }
            spec.pipeline.predictHorizonMs = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: horizonCoding, sweepRunCoding: horizonCoding,
        csvText: { spec, _ in spec.pipeline.predictHorizonMs?.plainText ?? "" }, shownApart: false)

    package static let presentQueueDepth = SpecField(
        name: "present queue depth", key: "present_queue_depth", flag: "--present-queue-depth", omittedAtDefault: true,
        isDefault: { $0.pipeline.presentQueueDepth == .one },
        text: { spec, _ in spec.pipeline.presentQueueDepth.rawValue },
        idWords: { spec, _ in
            spec.pipeline.presentQueueDepth == .one ? [] : ["queue-\(spec.pipeline.presentQueueDepth.rawValue)"]
        },
        commandWords: { spec, _ in
            spec.pipeline.presentQueueDepth == .one
                ? [] : ["--present-queue-depth", spec.pipeline.presentQueueDepth.rawValue]
        },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others = PresentQueueDepth.allCases.filter { $0 != spec.pipeline.presentQueueDepth }
            spec.pipeline.presentQueueDepth = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: .defaulted(\.pipeline.presentQueueDepth, .one, omitted: true),
        sweepRunCoding: .defaulted(\.pipeline.presentQueueDepth, .one, omitted: true),
        axis: .modes(\.pipeline.presentQueueDepth, resting: .one, missingReadsResting: true, omittedAtResting: true))

    package static let touchRate = SpecField(
        name: "touch rate", key: "touch_hz", flag: "--touch-hz", omittedAtDefault: true,
        isDefault: { $0.pipeline.touchRate == nil },
        text: { spec, _ in spec.pipeline.touchRate?.rawValue ?? "device" },
        idWords: { spec, _ in spec.pipeline.touchRate.map { ["touch-\($0.rawValue)hz"] } ?? [] },
        commandWords: { spec, _ in spec.pipeline.touchRate.map { ["--touch-hz", $0.rawValue] } ?? [] },
        variation: { spec, pick in
            let before = spec
            var spec = spec
            let others: [TouchRate?] = ([nil] + TouchRate.allCases).filter { $0 != spec.pipeline.touchRate }
            spec.pipeline.touchRate = others[pick(others.count)]
            return (before, spec)
        },
        recordCoding: .optional(\.pipeline.touchRate), sweepRunCoding: .optional(\.pipeline.touchRate),
        csvText: { spec, _ in spec.pipeline.touchRate?.rawValue ?? "" },
        reportText: { spec, _ in spec.pipeline.touchRate.map { "\($0.rawValue) Hz" } ?? "device" },
        axis: .optionals(\.pipeline.touchRate, needed: false))

    package static let wetInk = SpecField(
        name: "wet ink", key: "wet_ink", flag: "--wet-ink", omittedAtDefault: true,
        isDefault: { $0.pipeline.wetInk == .off },
        text: { spec, _ in spec.pipeline.wetInk.rawValue },
        idWords: { spec, _ in spec.pipeline.wetInk == .on ? ["wet-ink"] : [] },
        commandWords: { spec, _ in spec.pipeline.wetInk == .off ? [] : ["--wet-ink", spec.pipeline.wetInk.rawValue] },
        variation: { spec, _ in
            let before = spec
            var spec = spec
            spec.pipeline.wetInk = spec.pipeline.wetInk == .off ? .on : .off
            return (before, spec)
        },
        recordCoding: .defaulted(\.pipeline.wetInk, .off, omitted: true),
        sweepRunCoding: .defaulted(\.pipeline.wetInk, .off, omitted: true),
        axis: .modes(\.pipeline.wetInk, resting: .off, missingReadsResting: true, omittedAtResting: true))

    /// A field whose value is one of a `CaseIterable` enum's, printed by its raw value, and swept over
    /// a list of them (a sweep's run id names it only where it is not `value`); a sweep.json without it
    /// reads `value` if `missingReadsResting`, else is refused.
    private static func enumeration<Value: RawRepresentable & CaseIterable & Codable & Equatable & Sendable>(
        name: String, key: String, flag: String, path: WritableKeyPath<ReplaySpec, Value> & Sendable,
        default value: Value, idAtDefault: Bool, coding: Coding, missingReadsResting: Bool
    ) -> SpecField where Value.RawValue == String {
        SpecField(
            name: name, key: key, flag: flag, omittedAtDefault: false, isDefault: { $0[keyPath: path] == value },
            text: { spec, _ in spec[keyPath: path].rawValue },
            idWords: { spec, _ in
                idAtDefault || spec[keyPath: path] != value ? [spec[keyPath: path].rawValue] : []
            },
            commandWords: { spec, _ in spec[keyPath: path] == value ? [] : [flag, spec[keyPath: path].rawValue] },
            variation: { spec, pick in
                var changed = spec
                let others = Value.allCases.filter { $0 != spec[keyPath: path] }
                changed[keyPath: path] = others[pick(others.count)]
                return (spec, changed)
            }, recordCoding: coding, sweepRunCoding: coding,
            axis: .modes(path, resting: value, missingReadsResting: missingReadsResting, omittedAtResting: false),
            runIDText: { spec in spec[keyPath: path] == value ? [] : [spec[keyPath: path].rawValue] })
    }
}

extension ReplaySpec {
    /// The words of the `bench run` command that replays this spec (after `bench run`), field by
    /// field in `SpecField.all`'s order, each left out at a default the command line assumes.
    package func commandWords(_ context: SpecField.Context) -> [String] {
        SpecField.all.flatMap { $0.commandWords(self, context) }
    }
}

import Foundation
import StrokeBenchSpec
import StrokeBenchUnits

/// A number with where it comes from: every unit cost of the model can be traced to one.
package struct Sourced: Codable, Hashable, Sendable {
    /// The central estimate.
    package var value: Double
    /// The ends of the range the source states ("between 6 and 9"), or that its published figures span;
    /// absent when it gives one value.
    package var low: Double?
    package var high: Double?
    /// `measured` (a fit to this project's own measured runs), `fit` (fitted to a named published
    /// figure: a free factor), `published` (a published measurement or hardware figure), `fact`
    /// (a documented platform fact), or `assumed` (no source: a range that says so).
    package var basis: String
    /// The reference: a URL, a document and its words, or the command that produced the figure.
    package var source: String
}

/// The device cost model's data (`Resources/device-costs.json`, docs/device-model.md). Names no
/// strategy: a strategy costs what its counted work costs.
///
/// A device's unit costs follow from what each kind of work physically is:
/// - a *memory* kind (clear, fill, blend, upload, composite) costs the bytes a pixel of it moves over
///   the device's published memory bandwidth, at the share of that bandwidth one thread's pixel loop
///   achieves: on the fitted chip, the host's measured share (`host.memoryEfficiency`) times the model's
///   one free factor (`memoryEfficiencyFactor`), fitted to one published figure; on every other chip,
///   its own published share (`DeviceDerivation.singleThreadShare`);
/// - a *compute* kind (the stroker's geometry and ink, allocations, paths) costs the host's measured
///   unit cost times the device's single-core ratio, chained from the host;
/// - a pixel of an extended-range bitmap moves `extendedRangeBytesPerPixel` bytes where a standard one
///   moves 4, and a pixel drawn across formats (`pixel_converted`) costs `conversionFactor` times its bytes.
public struct DeviceCostData: Codable, Sendable {
    /// Version of this file's layout; `load` refuses others.
    package var formatVersion: Int
    /// The host's measured unit costs and memory efficiency.
    package var host: HostCosts
    /// Bytes one standard (4-byte) pixel of each memory-bound kind moves through memory.
    package var bytesPerPixel: [WorkKind: Sourced]
    /// Bytes of one pixel of an extended-range bitmap (a standard one has 4): a memory-bound kind's
    /// extended-range pixels move this over 4 times its bytes.
    package var extendedRangeBytesPerPixel: Sourced
    /// How many times its bytes' time a pixel drawn across formats (`pixel_converted`) takes: the
    /// conversion's own cost, charged only where code draws an image of another format or scale.
    package var conversionFactor: Sourced
    /// The model's one free factor: the fitted chip's pixel loops reach this many times the host's
    /// measured share of peak bandwidth. Fitted to one published figure of one device; every draw of
    /// the model's uncertainty refits it.
    package var memoryEfficiencyFactor: Sourced
    /// Each device's derivation, by device profile name.
    public var devices: [String: DeviceDerivation]
    /// The figure `memoryEfficiencyFactor` is fitted to: the one fitted figure, declared before any
    /// prediction (docs/device-model.md). Every draw of the model's uncertainty is refitted to it.
    public var fittedFigure: FittedFigure
    /// How much the host-to-device compute link may be off (a multiplier on every device's compute
    /// ratio): no published benchmark links this host's cores to an Apple one.
    package var computeLink: Sourced
    /// How many times as long an efficiency core takes for the same work as a performance core of its chip
    /// (a multiplier on a background worker's compute and memory time; `CoreSharing`).
    package var efficiencyCoreTime: Sourced
    /// The share of a device's peak memory bandwidth its threads together reach: what the threads
    /// running at once share when each moving memory as fast as one thread can would pass it.
    package var bandwidthCap: Sourced

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case host
        case bytesPerPixel = "bytes_per_pixel"
        case extendedRangeBytesPerPixel = "extended_range_bytes_per_pixel"
        case conversionFactor = "conversion_factor"
        case memoryEfficiencyFactor = "memory_efficiency_factor"
        case devices
        case fittedFigure = "fitted_figure"
        case computeLink = "compute_link"
        case efficiencyCoreTime = "efficiency_core_time"
        case bandwidthCap = "bandwidth_cap"
    }

    /// The published figure the model's free factor is fitted to: a strategy's display-link rate on a
    /// trace, on a device at a rate. Its main-thread turn is `1000 / fps` ms when the main thread is
    /// saturated (one callback per turn).
    public struct FittedFigure: Codable, Sendable {
        package var strategy: String
        package var trace: String
        package var input: String
        public var device: String
        public var hz: Double
        package var fps: Double
        /// The quote and where it is.
        package var source: String
        /// `fps` as it was read, with the spread of the reading (a label that moves while drawing):
        /// the fit's own uncertainty, drawn with the model's other inputs (`UncertainInput.fittedReading`).
        package var reading: Sourced
        /// How many times faster the app would have run unrecorded: a screen recording takes device time
        /// from the app it records. 1 at the centre (the figure as published).
        package var recordingOverhead: Sourced
        /// The main-thread turn the figure implies, in ns.
        public var turnNs: Double { 1e9 / fps }
        enum CodingKeys: String, CodingKey {
            case strategy, trace, input, device, hz, fps, source, reading
            case recordingOverhead = "recording_overhead"
        }
    }

    /// What was measured on the host, by microbenchmark (`bench calibrate`), never by regressing replays.
    package struct HostCosts: Codable, Sendable {
        package var machine: String
        /// The command that measured them, and how.
        package var source: String
        /// ns per unit of each kind on the host. Devices use the compute kinds'.
        package var unitCostsNs: [WorkKind: Double]
        /// The share of the host's memory bandwidth (all cores writing at once) one thread writing reaches.
        package var memoryEfficiency: Sourced
        /// The host's clock, which devices' compute ratios divide by (`DeviceDerivation.compute`);
        /// written by scripts/calibrate_host.py, absent in data made by hand.
        package var clockGHz: Sourced?
        /// How far one calibration's compute unit costs stray from the median of several (a
        /// multiplier, measured): the spread a modelled compute-bound figure inherits.
        package var calibrationSpread: Sourced
        enum CodingKeys: String, CodingKey {
            case machine, source
            case unitCostsNs = "unit_costs_ns"
            case memoryEfficiency = "memory_efficiency"
            case clockGHz = "clock_ghz"
            case calibrationSpread = "calibration_spread"
        }
    }

    /// One device's published resources.
    public struct DeviceDerivation: Codable, Sendable {
        /// The system on a chip (`A12X`): devices with the fitted device's chip share its fitted
        /// single-thread bandwidth share.
        package var chip: String
        /// Peak DRAM bandwidth, GB/s (= bytes per ns).
        package var bandwidthGBs: Sourced
        /// Single-core speed: compute kinds cost `ratio` times those of `relativeTo` (`host` or a device).
        package var compute: ComputeLink
        /// The chip's performance and efficiency cores, which background workers run on.
        package var cores: Cores
        /// The share of `bandwidthGBs` one thread's pixel loop reaches on this chip, from a published
        /// measurement of it or its nearest sibling (or a range that says none was found). Absent for the
        /// fitted chip, whose share is the fit's (`memoryEfficiencyFactor`).
        package var singleThreadShare: Sourced?
        enum CodingKeys: String, CodingKey {
            case chip
            case bandwidthGBs = "bandwidth_gbs"
            case compute, cores
            case singleThreadShare = "single_thread_share"
        }
    }

    /// A chip's CPU cores, as its maker publishes them: together, the device profile's `cores`.
    package struct Cores: Codable, Sendable {
        package var performance: Int
        package var efficiency: Int
        /// Where the counts are published.
        package var source: String
    }

    /// How a device's compute kinds follow from another's.
    package struct ComputeLink: Codable, Sendable {
        package var relativeTo: String
        package var ratio: Sourced
        enum CodingKeys: String, CodingKey {
            case relativeTo = "relative_to"
            case ratio
        }
    }

    /// The version written and read: 5 prices an extended-range pixel by its bytes and a pixel drawn
    /// across formats by a conversion factor (the flat `extended_range_factor` goes), and gives each chip
    /// its own single-thread share (the global `single_thread_share` goes); 4 adds each chip's performance and efficiency cores, an efficiency
    /// core's time and the bandwidth cap, and a copied pixel's bytes; 3 ranges every input and declares the fitted figure; 2 priced
    /// memory-bound kinds by bytes over bandwidth with one range; 1 scaled the host's regressed costs
    /// by a per-device slowdown.
    package static let format = FormatVersion(name: "device-costs.json", current: 5)
    /// `format.current`.
    package static var version: Int { format.current }

    /// Where the shipped data is: `Resources/device-costs.json`, copied into the module's bundle.
    package static var shippedURL: URL {
        guard let url = Bundle.module.url(forResource: "device-costs", withExtension: "json") else {
            fatalError("device-costs.json is missing from the Display module's resources")
        }
        return url
    }

    /// The data shipped with StrokeBench (`shippedURL`), loaded and checked once: a constant of the
    /// build, like the built-in strategies. Reads no environment: the command line loads the data a run
    /// prices with (the shipped file, or the one `STROKEBENCH_DEVICE_COSTS` names) and hands it down in
    /// `DeviceModel`; tests, benchmarks and tools start from this.
    /// - Precondition: the shipped file loads (`DeviceCostTests` loads it).
    public static let shipped: DeviceCostData = {
        do { return try load(path: shippedURL.path) } catch { fatalError("\(error)") }
    }()

    /// The most bytes a device data file may have: the shipped one is a few KB.
    package static let maxFileBytes = 1 << 20

    /// Reads and checks the file at `path` (see `load(_:file:)`).
    package static func load(path: String) throws(DeviceCostError) -> DeviceCostData {
        let data: Data
        do { data = try BoundedFile.read(path, limit: maxFileBytes) } catch {
            switch error {
            case .tooLarge(let limit):
                throw DeviceCostError("\(path): more than \(limit) bytes: too large for device cost data")
            case .unreadable(let reason):
                throw DeviceCostError("\(path): cannot read the device cost data (\(reason))", cannotRead: true)
            }
        }
        return try load(data, file: path)
    }

    /// Reads the data, refusing versions this build does not know, keys it does not read and values no
    /// device has (`checkValues`). Every error is one line naming `file` and the field.
    public static func load(_ data: Data, file: String) throws(DeviceCostError) -> DeviceCostData {
        struct Version: Decodable {
            var formatVersion: Int
            enum CodingKeys: String, CodingKey { case formatVersion = "format_version" }
        }
        let decoded: DeviceCostData
        do {
            let version = try JSONDecoder().decode(Version.self, from: data).formatVersion
            do { _ = try format.check(version) } catch { throw DeviceCostError("\(file): \(error)") }
            decoded = try JSONDecoder().decode(DeviceCostData.self, from: data)
            let canonical = try JSONSerialization.jsonObject(
                with: ResultsJSON.encoder(escapingSlashes: true).encode(decoded))
            if let key = DecodingProblem.unknownKey(
                in: try JSONSerialization.jsonObject(with: data), canonical: canonical)
            {
                throw DeviceCostError(
                    "\(file): \(key): unknown key; device cost data has only the keys of the shipped file")
            }
        } catch let error as DeviceCostError {
            throw error
        } catch {
            throw DeviceCostError("\(file): \(DecodingProblem.describe(error))")
        }
        do { try decoded.checkValues() } catch { throw DeviceCostError("\(file): \(error.description)") }
        return decoded
    }

    /// Every sourced number of the file, named by where it is: what `DeviceModelTests` checks has a source.
    package var sourcedNumbers: [(String, Sourced)] {
        var numbers: [(String, Sourced)] = [("host.memory_efficiency", host.memoryEfficiency)]
        if let clock = host.clockGHz { numbers.append(("host.clock_ghz", clock)) }
        numbers.append(("host.calibration_spread", host.calibrationSpread))
        numbers += [
            ("extended_range_bytes_per_pixel", extendedRangeBytesPerPixel), ("conversion_factor", conversionFactor),
            ("memory_efficiency_factor", memoryEfficiencyFactor), ("compute_link", computeLink),
            ("efficiency_core_time", efficiencyCoreTime), ("bandwidth_cap", bandwidthCap),
            ("fitted_figure.reading", fittedFigure.reading),
            ("fitted_figure.recording_overhead", fittedFigure.recordingOverhead),
        ]
        numbers += bytesPerPixel.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            ("bytes_per_pixel.\($0.key.rawValue)", $0.value)
        }
        for (name, device) in devices.sorted(by: { $0.key < $1.key }) {
            numbers += [
                ("\(name).bandwidth_gbs", device.bandwidthGBs), ("\(name).compute.ratio", device.compute.ratio),
            ]
            if let share = device.singleThreadShare { numbers.append(("\(name).single_thread_share", share)) }
        }
        return numbers
    }

    /// The unit costs of `device`, in ns per unit, with every input at its central value.
    /// - Throws: `DeviceCostError` when the data does not derive the device (or derives it in a loop).
    public func unitCosts(of device: String) throws(DeviceCostError) -> UnitCosts {
        try unitCosts(of: device, at: ModelDraw.central)
    }

    /// The unit costs of `device` with the model's inputs at `draw`, and its free factor refitted to
    /// `factor` (`memoryEfficiencyFactor.value` for the central draw).
    ///
    /// - memory kinds: bytes a pixel of the kind moves over the device's peak bandwidth times one
    ///   thread's share of it: on the fitted chip the host's measured share times the fitted factor, on
    ///   any other its own `singleThreadShare`; a converted pixel takes `conversionFactor` times that; a
    ///   composited pixel (the render server's, on the GPU) moves at `bandwidthCap` times the peak;
    /// - compute kinds: the host's calibrated unit costs (times their spread) times the device's
    ///   compute ratio (times the unsourced `computeLink`);
    /// - off the main thread, or beside busy workers: the chip's cores, `efficiencyCoreTime` and
    ///   `bandwidthCap` (`CoreSharing`).
    /// - Throws: `DeviceCostError` when the data does not derive the device (or derives it in a loop).
    public func unitCosts(of device: String, at draw: ModelDraw, factor: Double? = nil) throws(DeviceCostError)
        -> UnitCosts
    {
        guard let derivation = devices[device] else {
            throw DeviceCostError(
                "the device cost model has no unit costs for '\(device)' (it has: \(devices.keys.sorted().joined(separator: ", ")))"
            )
        }
        let compute =
            try computeRatio(of: device, seen: []) * draw.value(.computeLink, in: self)
            * draw.value(.calibrationSpread, in: self)
        let bytesPerNs = derivation.bandwidthGBs.value * (try singleThreadShare(of: device, at: draw, factor: factor))
        // The render server composites on the GPU, a many-lane agent, not one CPU thread: it moves memory at
        // the share of peak the whole chip reaches (`bandwidthCap`), whatever one thread's share.
        let serverBytesPerNs = derivation.bandwidthGBs.value * draw.value(.bandwidthCap, in: self)
        let sharing = CoreSharing(
            performanceCores: derivation.cores.performance, efficiencyCores: derivation.cores.efficiency,
            efficiencyTime: draw.value(.efficiencyCoreTime, in: self),
            // One thread's fitted rate is itself evidence of what the memory delivers: the
            // cap holds at least one thread, so a thread alone is never slowed by it.
            bandwidthThreads: max(1, derivation.bandwidthGBs.value * draw.value(.bandwidthCap, in: self) / bytesPerNs))
        var costs: [WorkKind: Double] = [:]
        for kind in WorkKind.allCases {
            if kind.isMemoryBound {
                let bytes =
                    UncertainInput.bytes(of: kind).map { draw.value($0, in: self) } ?? bytesPerPixel[kind]?.value ?? 0
                let conversion = kind == .pixelConverted ? draw.value(.conversionFactor, in: self) : 1
                costs[kind] = bytes / (kind == .pixelComposited ? serverBytesPerNs : bytesPerNs) * conversion
            } else {
                costs[kind] = (host.unitCostsNs[kind] ?? 0) * compute
            }
        }
        return UnitCosts(
            nanoseconds: costs, extendedBytesRatio: extendedRangeBytesPerPixel.value / Self.standardBytesPerPixel,
            sharing: sharing)
    }

    /// Bytes of a standard pixel: 8-bit sRGB with alpha, 'ARGB 32-bit integer pixel format'
    /// (`bytes_per_pixel`'s sources); an extended-range one has `extendedRangeBytesPerPixel`.
    static let standardBytesPerPixel = 4.0

    /// The share of its peak bandwidth one thread reaches on `device`'s chip at `draw`: the fit's on the
    /// fitted chip (the host's measured share times the free factor, refitted to `factor`), the chip's
    /// own published share on any other.
    package func singleThreadShare(of device: String, at draw: ModelDraw, factor: Double? = nil) throws(DeviceCostError)
        -> Double
    {
        guard let derivation = devices[device] else {
            throw DeviceCostError("the device cost model has no unit costs for '\(device)'")
        }
        if derivation.chip == devices[fittedFigure.device]?.chip {
            return host.memoryEfficiency.value * (factor ?? memoryEfficiencyFactor.value)
        }
        guard let share = derivation.singleThreadShare else {
            throw DeviceCostError(
                "devices.\(device).single_thread_share: missing; every chip but the fitted one needs its own")
        }
        return draw.value(.singleThreadShare, of: share)
    }

    /// How many times the host's compute kinds cost on `device`: its ratio times that of what it is relative to.
    func computeRatio(of device: String, seen: Set<String>) throws(DeviceCostError) -> Double {
        guard let derivation = devices[device] else {
            throw DeviceCostError("the device cost data derives compute from '\(device)', which it does not have")
        }
        guard !seen.contains(device) else {
            throw DeviceCostError("the device cost data derives '\(device)' from itself")
        }
        let link = derivation.compute
        let base = link.relativeTo == "host" ? 1 : try computeRatio(of: link.relativeTo, seen: seen.union([device]))
        return link.ratio.value * base
    }
}

/// One device's unit costs: what a unit of each kind of counted work takes on it.
public struct UnitCosts: Hashable, Sendable {
    /// ns per unit of each kind.
    package var nanoseconds: [WorkKind: Double] { didSet { table = Self.table(nanoseconds) } }
    /// An extended-range pixel of a memory-bound kind moves this many times a standard one's bytes
    /// (8 over 4); the stroker's compute kinds cost the same in either format.
    package var extendedBytesRatio: Double
    /// How the device's cores and bandwidth are shared between threads: what work off the main thread,
    /// or beside busy workers, costs more.
    package var sharing: CoreSharing
    /// `nanoseconds` in `WorkKind.allCases` order: read several times a frame, so not hashed each time.
    private var table: [Double]

    package init(nanoseconds: [WorkKind: Double], extendedBytesRatio: Double, sharing: CoreSharing = .unshared) {
        self.nanoseconds = nanoseconds
        self.extendedBytesRatio = extendedBytesRatio
        self.sharing = sharing
        table = Self.table(nanoseconds)
    }

    /// Every kind's cost times `factor`: the model's own error, which no kind escapes
    /// (`DeviceModel.unitCosts(of:at:factor:)`).
    package func scaled(by factor: Double) -> UnitCosts {
        guard factor != 1 else { return self }
        var scaled = self
        scaled.nanoseconds = nanoseconds.mapValues { $0 * factor }
        return scaled
    }

    private static func table(_ nanoseconds: [WorkKind: Double]) -> [Double] {
        WorkKind.allCases.map { nanoseconds[$0] ?? 0 }
    }

    /// What `counters` cost at `placement`: every kind's count times its unit cost, an extended-range
    /// pixel of a memory-bound kind costing `extendedBytesRatio` times a standard one, times what sharing
    /// the cores and bandwidth at `placement` adds (`CoreSharing`; nothing for the main thread alone).
    package func cost(
        of counters: WorkCounters, kinds: [WorkKind] = WorkKind.allCases, at placement: Placement = .mainAlone
    ) -> ReplayDuration {
        // Most phases of an idle turn count nothing, and cost nothing at any unit cost (each is finite:
        // `DeviceCostData.checkValues`): no need to price every kind to add zeros.
        guard !counters.isZero else { return .zero }
        let (compute, memory) = sharing.multipliers(at: placement)
        var ns = 0.0
        for kind in kinds {
            // `isMemoryBound` from a table: asked across modules, it was a call per kind per phase.
            let memoryBound = Self.memoryBound[kind.index]
            let extra = memoryBound ? (extendedBytesRatio - 1) * Double(kind.extendedCount(in: counters)) : 0
            let units = Double(kind.count(in: counters)) + extra
            ns += units * table[kind.index] * (memoryBound ? memory : compute)
        }
        return ReplayDuration(nanoseconds: Int64(ns.rounded()))
    }

    /// `WorkKind.isMemoryBound` of each kind, in `allCases` order.
    private static let memoryBound = WorkKind.allCases.map(\.isMemoryBound)
}

extension WorkKind {
    /// Position in `allCases` (`DeviceCostTests` checks the two agree), without hashing.
    var index: Int {
        switch self {
        case .pixelCleared: 0
        case .pixelFilled: 1
        case .pixelBlended: 2
        case .pixelStroked: 3
        case .pixelSwept: 4
        case .segmentStroked: 5
        case .segmentCulled: 6
        case .pixelUploaded: 7
        case .bitmapAllocated: 8
        case .pixelComposited: 9
        case .pathStroked: 10
        case .drawCall: 11
        case .edgeRow: 12
        case .joinRadius: 13
        case .pixelCopied: 14
        case .pixelConverted: 15
        }
    }
}

/// The device cost data cannot give a device's costs: one line saying why.
public struct DeviceCostError: Error, CustomStringConvertible {
    public var description: String
    /// True when the file could not be read at all (exit 74), rather than read and found wrong (65).
    package var cannotRead: Bool
    package init(_ description: String, cannotRead: Bool = false) {
        self.description = description
        self.cannotRead = cannotRead
    }
}

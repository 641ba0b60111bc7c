import StrokeBenchCanvas
import StrokeBenchSpec
import Foundation

/// The kinds of counted work the device cost model charges, each with a unit cost per device.
///
/// *Memory* kinds move whole pixels through memory (a clear, a fill, a blend, an upload, a composite)
/// and scale between devices with memory bandwidth; *compute* kinds are the stroker's geometry and
/// per-object overhead and scale with single-core speed.
public enum WorkKind: String, CaseIterable, Codable, Sendable, CodingKeyRepresentable {
    case pixelCleared = "pixel_cleared"
    case pixelFilled = "pixel_filled"
    case pixelBlended = "pixel_blended"
    case pixelStroked = "pixel_stroked"
    case pixelSwept = "pixel_swept"
    case segmentStroked = "segment_stroked"
    case segmentCulled = "segment_culled"
    case pixelUploaded = "pixel_uploaded"
    case bitmapAllocated = "bitmap_allocated"
    case pixelComposited = "pixel_composited"
    case pathStroked = "path_stroked"

    /// True for the kinds that scale with memory bandwidth.
    public var isMemoryBound: Bool {
        switch self {
        case .pixelCleared, .pixelFilled, .pixelBlended, .pixelUploaded, .pixelComposited: true
        case .pixelStroked, .pixelSwept, .segmentStroked, .segmentCulled, .bitmapAllocated, .pathStroked: false
        }
    }

    /// How many of those units are extended-range pixels (0 for kinds that are not pixels of a
    /// bitmap): the extended share `WorkCounters` keeps beside this kind's counter.
    public func extendedCount(in counters: WorkCounters) -> Int {
        switch self {
        case .pixelCleared: counters.extendedCleared
        case .pixelFilled: counters.extendedFilled
        case .pixelBlended: counters.extendedBlended
        case .pixelStroked: counters.extendedStroked
        case .pixelUploaded: counters.extendedUploaded
        case .pixelSwept, .segmentStroked, .segmentCulled, .bitmapAllocated, .pixelComposited, .pathStroked: 0
        }
    }

    /// How many units of this kind `counters` hold.
    public func count(in counters: WorkCounters) -> Int {
        switch self {
        case .pixelCleared: counters.pixelsCleared
        case .pixelFilled: counters.pixelsFilled
        case .pixelBlended: counters.pixelsBlended
        case .pixelStroked: counters.pixelsStroked
        case .pixelSwept: counters.pixelsSwept
        // The stroker's segments include the culled ones, which are charged as their own kind.
        case .segmentStroked: counters.segmentsStroked - counters.segmentsCulled
        case .segmentCulled: counters.segmentsCulled
        case .pixelUploaded: counters.pixelsUploaded
        case .bitmapAllocated: counters.bitmapsAllocated
        case .pixelComposited: counters.pixelsComposited
        case .pathStroked: counters.pathsStroked
        }
    }
}

/// A number with where it comes from: every unit cost of the model can be traced to one.
public struct Sourced: Codable, Hashable, Sendable {
    /// The central estimate.
    public var value: Double
    /// The ends of the range the source states ("between 6 and 9"), or that its published figures span;
    /// absent when it gives one value.
    public var low: Double?
    public var high: Double?
    /// `measured` (a fit to this project's own measured runs), `fit` (fitted to a named published
    /// figure: a free factor), `published` (a published measurement or hardware figure), or `fact`
    /// (a documented platform fact).
    public var basis: String
    /// The reference: a URL, a document and its words, or the command that produced the figure.
    public var source: String

    /// The value at `estimate`: its central value, or an end of its range.
    public func at(_ estimate: ModelEstimate) -> Double {
        switch estimate {
        case .central: value
        case .low: low ?? value
        case .high: high ?? value
        }
    }
}

/// Where in the model's stated uncertainty a modelled run is priced: every sourced range at its central
/// value, or every one at the end that makes work cheapest (`low`) or dearest (`high`). A fitted factor
/// has no range: it is fitted at the central estimate.
public enum ModelEstimate: String, CaseIterable, Sendable {
    case central, low, high
}

/// The device cost model's data (`Resources/device-costs.json`, docs/device-model.md): unit costs
/// fitted to this project's host, and for each device how its unit costs follow from them. Names no
/// strategy: a strategy costs what its counted work costs.
public struct DeviceCostData: Codable, Sendable {
    /// Version of this file's layout; `load` refuses others.
    public var formatVersion: Int
    /// Unit costs of the host, fitted to measured per-frame main-thread times.
    public var host: HostFit
    /// How much more an extended-range pixel costs than a standard one, on a device whose drawing
    /// API picks that format.
    public var extendedRangeFactor: Sourced
    /// Each device's derivation, by device profile name.
    public var devices: [String: DeviceDerivation]

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version", host, extendedRangeFactor = "extended_range_factor", devices
    }

    /// Unit costs fitted to the host.
    public struct HostFit: Codable, Sendable {
        public var machine: String
        /// The command that fitted them, and the figures of the fit.
        public var source: String
        public var unitCostsNs: [WorkKind: Double]
        enum CodingKeys: String, CodingKey { case machine, source, unitCostsNs = "unit_costs_ns" }
    }

    /// How one device's unit costs follow from another's (or the host's): memory kinds times
    /// `memoryRatio`, compute kinds times `computeRatio`; a device fitted to a published figure has
    /// one free factor, `slowdown`, for both.
    public struct DeviceDerivation: Codable, Sendable {
        /// `host`, or the device profile this one is derived from.
        public var relativeTo: String
        /// The one free factor, fitted to a published figure of this device.
        public var slowdown: Sourced?
        public var memoryRatio: Sourced?
        public var computeRatio: Sourced?
        enum CodingKeys: String, CodingKey {
            case relativeTo = "relative_to", slowdown, memoryRatio = "memory_ratio", computeRatio = "compute_ratio"
        }
    }

    /// The version written and read.
    public static let format = FormatVersion(name: "device-costs.json", current: 1)
    /// `format.current`.
    public static var version: Int { format.current }

    /// Where the shipped data is: `Resources/device-costs.json`, copied into the module's bundle.
    public static var shippedURL: URL {
        guard let url = Bundle.module.url(forResource: "device-costs", withExtension: "json") else {
            fatalError("device-costs.json is missing from the Display module's resources")
        }
        return url
    }

    /// The data shipped with StrokeBench.
    public static let shipped: DeviceCostData = {
        do { return try load(Data(contentsOf: shippedURL), file: shippedURL.path) } catch { fatalError("\(error)") }
    }()

    /// Reads the data, refusing versions this build does not know.
    public static func load(_ data: Data, file: String) throws -> DeviceCostData {
        struct Version: Decodable { var format_version: Int }
        let version = try JSONDecoder().decode(Version.self, from: data).format_version
        do { _ = try format.check(version) } catch { throw DeviceCostError("\(file): \(error)") }
        return try JSONDecoder().decode(DeviceCostData.self, from: data)
    }

    /// The unit costs of `device`, in ns per unit.
    /// - Throws: `DeviceCostError` when the data does not derive the device (or derives it in a loop).
    public func unitCosts(of device: String, at estimate: ModelEstimate = .central, seen: Set<String> = []) throws -> UnitCosts {
        guard let derivation = devices[device] else {
            throw DeviceCostError("the device cost model has no unit costs for '\(device)' (it has: \(devices.keys.sorted().joined(separator: ", ")))")
        }
        guard !seen.contains(device) else { throw DeviceCostError("the device cost data derives '\(device)' from itself") }
        let base: [WorkKind: Double]
        if derivation.relativeTo == "host" {
            base = host.unitCostsNs
        } else {
            base = try unitCosts(of: derivation.relativeTo, at: estimate, seen: seen.union([device])).nanoseconds
        }
        let memory = derivation.slowdown?.value ?? derivation.memoryRatio?.at(estimate) ?? 1
        let compute = derivation.slowdown?.value ?? derivation.computeRatio?.at(estimate) ?? 1
        var costs: [WorkKind: Double] = [:]
        for kind in WorkKind.allCases { costs[kind] = (base[kind] ?? 0) * (kind.isMemoryBound ? memory : compute) }
        return UnitCosts(nanoseconds: costs, extendedRangeFactor: extendedRangeFactor.at(estimate))
    }
}

/// One device's unit costs: what a unit of each kind of counted work takes on it.
public struct UnitCosts: Hashable, Sendable {
    /// ns per unit of each kind.
    public var nanoseconds: [WorkKind: Double] { didSet { table = Self.table(nanoseconds) } }
    /// An extended-range pixel costs this many times a standard one.
    public var extendedRangeFactor: Double
    /// `nanoseconds` in `WorkKind.allCases` order: read several times a frame, so not hashed each time.
    private var table: [Double]

    public init(nanoseconds: [WorkKind: Double], extendedRangeFactor: Double) {
        self.nanoseconds = nanoseconds
        self.extendedRangeFactor = extendedRangeFactor
        table = Self.table(nanoseconds)
    }

    private static func table(_ nanoseconds: [WorkKind: Double]) -> [Double] {
        WorkKind.allCases.map { nanoseconds[$0] ?? 0 }
    }

    /// What `counters` cost: every kind's count times its unit cost, an extended-range pixel costing
    /// `extendedRangeFactor` times a standard one of the same kind.
    public func cost(of counters: WorkCounters, kinds: [WorkKind] = WorkKind.allCases) -> ReplayDuration {
        var ns = 0.0
        for kind in kinds {
            let units = Double(kind.count(in: counters)) + (extendedRangeFactor - 1) * Double(kind.extendedCount(in: counters))
            ns += units * table[kind.index]
        }
        return ReplayDuration(nanoseconds: Int64(ns.rounded()))
    }
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
        }
    }
}

/// The device cost data cannot give a device's costs: one line saying why.
public struct DeviceCostError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

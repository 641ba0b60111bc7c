import StrokeBenchSpec
import StrokeBenchUnits

/// What device cost data must hold for every figure priced from it to be a time: checked where the
/// file is read, so a bandwidth of 0 or a unit cost of 1e300 is refused by name there instead of
/// trapping, or printing a negative time, in the middle of a replay.
extension DeviceCostData {
    /// The bases a sourced number may have (`Sourced.basis`).
    static let bases: Set<String> = ["measured", "fit", "published", "fact", "assumed"]
    /// The dearest unit of work priced: a second. No kind of counted work comes near it on any device,
    /// and below it every replay's modelled time fits the clock's nanoseconds.
    static let maxUnitCostNs = 1e9
    /// The dearest host unit cost accepted: a millisecond, 260 times the dearest the host measures (a
    /// stroked path, 3.8 us). The host's figures are measured, and a unit cost near `maxUnitCostNs`
    /// makes a spiral of modelled work run for hours.
    static let maxHostUnitCostNs = 1e6

    /// Refuses data that does not give every device a finite, non-negative cost for every kind of work
    /// at every estimate: a missing kind or device, a figure out of range, a derivation that names
    /// no device or loops.
    /// - Throws: `DeviceCostError` naming the field (`devices.iphone-6s.bandwidth_gbs: ...`).
    func checkValues() throws(DeviceCostError) {
        for (field, number) in sourcedNumbers {
            // `sourcedNumbers` names a device's figures by the device alone; the file has them under `devices`.
            let device = field.split(separator: ".").first.map(String.init) ?? ""
            try Self.check(number, devices[device] == nil ? field : "devices." + field)
        }
        if let missing = WorkKind.allCases.first(where: { host.unitCostsNs[$0] == nil }) {
            throw DeviceCostError(
                "host.unit_costs_ns.\(missing.rawValue): missing; every kind of work needs a unit cost")
        }
        for (kind, ns) in host.unitCostsNs.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !(0...Self.maxHostUnitCostNs).contains(ns) {
            throw DeviceCostError(
                "host.unit_costs_ns.\(kind.rawValue): \(ns) is not a unit cost this host measures (0...\(Int(Self.maxHostUnitCostNs)) ns)"
            )
        }
        if let missing = WorkKind.allCases.first(where: { $0.isMemoryBound && bytesPerPixel[$0] == nil }) {
            throw DeviceCostError(
                "bytes_per_pixel.\(missing.rawValue): missing; every memory-bound kind moves a number of bytes")
        }
        if let missing = DeviceProfile.known.first(where: { devices[$0.name] == nil }) {
            throw DeviceCostError("devices.\(missing.name): missing; every device profile needs a derivation")
        }
        guard bandwidthCap.value <= 1, (bandwidthCap.high ?? 0) <= 1 else {
            throw DeviceCostError("bandwidth_cap: a share of peak bandwidth is at most 1")
        }
        guard efficiencyCoreTime.value >= 1, (efficiencyCoreTime.low ?? 1) >= 1 else {
            throw DeviceCostError(
                "efficiency_core_time: an efficiency core takes at least as long as a performance core (at least 1)")
        }
        // The fitted figure first: which chip is the fitted one decides which chips need a share of their own.
        try checkFittedFigure()
        for name in devices.keys.sorted() {
            try checkCores(of: name)
            try checkDerivation(of: name)
        }
        // The reading is the figure, with its spread; the recording only ever slowed the app.
        guard fittedFigure.reading.value == fittedFigure.fps, fittedFigure.recordingOverhead.value == 1,
            (fittedFigure.recordingOverhead.low ?? 1) >= 1
        else {
            throw DeviceCostError(
                "fitted_figure.reading and recording_overhead: the reading's value is the figure's fps, and the recording's overhead is 1 at the centre and never below it"
            )
        }
    }

    /// The fitted figure is a display-link rate of a replay this bench runs: the spiral, on a device of
    /// the file, at a rate that device's display shows, at most one callback a vsync. `fps` divides a
    /// second into the fitted turn and `hz` sets the fitted replay's clock, so a 0 there would trap the
    /// fit at the first modelled run (which strategy draws the figure the fit itself checks:
    /// `ModelUncertainty.factors`).
    private func checkFittedFigure() throws(DeviceCostError) {
        let figure = fittedFigure
        guard let profile = DeviceProfile.named(figure.device), devices[figure.device] != nil else {
            throw DeviceCostError(
                "fitted_figure.device: '\(figure.device)' is not a device of the file (it has: \(devices.keys.sorted().joined(separator: ", ")))"
            )
        }
        guard figure.hz.isFinite, ReplaySpec.rates.contains(figure.hz), figure.hz <= profile.refreshRate else {
            throw DeviceCostError(
                "fitted_figure.hz: \(figure.hz) is not a rate the \(figure.device) display shows (1...\(Int(profile.refreshRate)) Hz)"
            )
        }
        guard figure.fps.isFinite, figure.fps >= 1, figure.fps <= figure.hz else {
            throw DeviceCostError(
                "fitted_figure.fps: \(figure.fps) is not a display-link rate at \(figure.hz) Hz (1 to \(figure.hz) callbacks a second)"
            )
        }
        guard InputMode(rawValue: figure.input) != nil else {
            throw DeviceCostError(
                "fitted_figure.input: '\(figure.input)' is not an input mode (\(InputMode.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        guard figure.trace == TraceIdentity.spiral else {
            throw DeviceCostError(
                "fitted_figure.trace: '\(figure.trace)' is not '\(TraceIdentity.spiral)', the one trace the fit replays"
            )
        }
        guard !figure.strategy.isEmpty else {
            throw DeviceCostError("fitted_figure.strategy: empty; the fit needs the strategy that drew the figure")
        }
    }

    /// A chip has a performance core for the main thread, and its cores are the device profile's.
    private func checkCores(of name: String) throws(DeviceCostError) {
        let cores = devices[name]!.cores
        guard (1...64).contains(cores.performance), (0...64).contains(cores.efficiency) else {
            throw DeviceCostError(
                "devices.\(name).cores: \(cores.performance) performance and \(cores.efficiency) efficiency cores "
                    + "are not a chip's (1 to 64 performance cores, 0 to 64 efficiency)")
        }
        if let profile = DeviceProfile.named(name), profile.cores != cores.performance + cores.efficiency {
            throw DeviceCostError(
                "devices.\(name).cores: \(cores.performance) + \(cores.efficiency) is not the device's \(profile.cores) cores"
            )
        }
    }

    /// A device's compute link ends at the host, and its unit costs are times at every estimate.
    private func checkDerivation(of name: String) throws(DeviceCostError) {
        var seen: Set<String> = [name]
        var link = devices[name]!.compute
        while link.relativeTo != "host" {
            guard let next = devices[link.relativeTo] else {
                throw DeviceCostError(
                    "devices.\(name).compute.relative_to: '\(link.relativeTo)' is neither host nor a device of the file"
                )
            }
            guard seen.insert(link.relativeTo).inserted else {
                throw DeviceCostError(
                    "devices.\(name).compute.relative_to: the derivation loops back to '\(link.relativeTo)'")
            }
            link = next.compute
        }
        for (index, draw) in ([ModelDraw.central] + ModelDraw.standard).enumerated() {
            let costs: UnitCosts
            do { costs = try unitCosts(of: name, at: draw) } catch {
                throw DeviceCostError("devices.\(name): \(error)")
            }
            for kind in WorkKind.allCases {
                let ns = costs.nanoseconds[kind] ?? 0
                guard (0...Self.maxUnitCostNs).contains(ns) else {
                    let at = index == 0 ? "the central estimate" : "draw \(index) of the model's uncertainty"
                    throw DeviceCostError(
                        "devices.\(name): \(kind.rawValue) would cost \(ns) ns a unit at \(at), "
                            + "more than the \(Self.maxUnitCostNs) ns any work costs; check its bandwidth_gbs, compute ratio and the factors"
                    )
                }
            }
        }
    }

    /// A sourced number is positive and finite, its range holds its value, and its basis is one of `bases`.
    private static func check(_ number: Sourced, _ field: String) throws(DeviceCostError) {
        for (end, value) in [("value", number.value), ("low", number.low), ("high", number.high)] {
            guard let value else { continue }
            // A pixel may move no bytes at the low end of a range (an upload that converts nothing);
            // every other figure divides or multiplies a time, and must be above 0.
            let canBeZero = end == "low" && field.hasPrefix("bytes_per_pixel.")
            guard value.isFinite, value > 0 || (canBeZero && value == 0), value <= 1e6 else {
                throw DeviceCostError(
                    "\(field).\(end): \(value) is not a possible figure (a finite number above 0, at most 1e6)")
            }
        }
        guard (number.low ?? number.value) <= number.value, number.value <= (number.high ?? number.value) else {
            throw DeviceCostError(
                "\(field): low \(number.low ?? number.value), value \(number.value), high \(number.high ?? number.value) are not in order"
            )
        }
        guard bases.contains(number.basis) else {
            throw DeviceCostError(
                "\(field).basis: '\(number.basis)' is not one of \(bases.sorted().joined(separator: ", "))")
        }
    }
}

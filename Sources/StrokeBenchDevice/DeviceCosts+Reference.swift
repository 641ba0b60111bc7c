import StrokeBenchUnits

extension DeviceCostData {
    /// The unit costs of the validation's reference predictor on `device`: every kind of work at the
    /// host's calibrated cost (`host.unitCostsNs`), scaled by the device's published single-core ratio
    /// chain (`devices.*.compute`), with no bandwidth model, no extended-range penalty, no fitted
    /// factor and no ranged input. It is the simpler predictor Lantern's accuracy report sets beside
    /// its model: what this host's time for the same counted work, carried to the device by the
    /// ratio alone, would say. `bench model validate` reports it so a reader sees what the model adds.
    /// - Throws: `DeviceCostError` when the data does not derive the device.
    package func referenceUnitCosts(of device: String) throws(DeviceCostError) -> UnitCosts {
        let ratio = try computeRatio(of: device, seen: [])
        var costs: [WorkKind: Double] = [:]
        for kind in WorkKind.allCases { costs[kind] = (host.unitCostsNs[kind] ?? 0) * ratio }
        return UnitCosts(nanoseconds: costs, extendedBytesRatio: 1)
    }
}

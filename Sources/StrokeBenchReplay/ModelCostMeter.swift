import StrokeBenchCanvas
import StrokeBenchDevice

/// Charges each phase the work it counted times the device's unit costs (`--costs model`): the
/// device cost model of docs/model.md section 4. The host's clock plays no part, so a modelled run gives
/// the same figures on every machine and under any load.
///
/// The main thread and background workers are charged every kind of work but compositing, at what
/// sharing the device's cores and bandwidth with the workers running costs (`CoreSharing`); the render
/// server is charged the pixels it composited and the shape-layer segments it stroked.
package final class ModelCostMeter: CostMeter {
    /// The device's unit costs.
    package let unitCosts: UnitCosts
    private static let cpuKinds = WorkKind.allCases.filter { $0 != .pixelComposited }
    /// The kinds the render server is charged for: the pixels it composites and the shape-layer
    /// segments it strokes.
    package static let renderServerKinds: [WorkKind] = [.pixelComposited, .segmentStroked]

    package init(unitCosts: UnitCosts) { self.unitCosts = unitCosts }

    /// The meter of `device` at the model's central draw, from `data`. A draw of the model's
    /// uncertainty is priced by `DeviceModel.unitCosts(of:at:factor:)`, which adds the model's own
    /// error, never from the data alone. Every device profile has unit costs in the shipped data
    /// (`DeviceCostTests`), and loading a file refuses one that lacks any (`checkValues`), so a failure
    /// here is a broken build, not bad input.
    package convenience init(device: DeviceProfile, data: DeviceCostData) {
        do {
            self.init(unitCosts: try data.unitCosts(of: device.name, at: .central))
        } catch { fatalError("\(error)") }
    }

    /// Background workers running now, as the replay's queues last said.
    private var workers = 0

    package func workersRunning(_ count: Int) { workers = count }

    package func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        let before = ledger.counters
        let result = try body()
        return (result, cost(of: ledger.counters - before, in: phase))
    }

    package func price(_ work: WorkCounters, of phase: CostPhase) -> ReplayDuration? { cost(of: work, in: phase) }

    /// What `phase` is charged for `work`.
    private func cost(of work: WorkCounters, in phase: CostPhase) -> ReplayDuration {
        switch phase {
        case .composite:
            unitCosts.cost(of: work, kinds: Self.renderServerKinds)
        case .backgroundStep(_, let lane):
            unitCosts.cost(of: work, kinds: Self.cpuKinds, at: Placement(lane: lane, workers: workers))
        case .mainQueueBlocks, .input, .observers, .commit:
            unitCosts.cost(of: work, kinds: Self.cpuKinds, at: Placement(lane: nil, workers: workers))
        }
    }
}

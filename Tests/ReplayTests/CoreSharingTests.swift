import Foundation
import StrokeBenchCanvas
import StrokeBenchReplay
import Testing

@testable import StrokeBenchDevice

/// How the device model prices work off the main thread and beside busy workers (`CoreSharing`,
/// docs/device-model.md "Cores and bandwidth"): the multipliers worked out by hand from the stated rule.
@Suite struct CoreSharingTests {
    /// An A12X-like chip: 4 performance and 4 efficiency cores, an efficiency core 3 times as slow, a
    /// bandwidth cap that holds 2.5 threads.
    let chip = CoreSharing(performanceCores: 4, efficiencyCores: 4, efficiencyTime: 3, bandwidthThreads: 2.5)

    @Test func theMainThreadAloneIsNeverSlowed() {
        #expect(chip.multipliers(at: .mainAlone) == (1, 1))
        // Beside two workers, three threads want 3 of the 2.5 threads' bandwidth the cap holds.
        #expect(chip.multipliers(at: Placement(lane: nil, workers: 2)) == (1, 1.2))
    }

    @Test func workersFillThePerformanceCoresTheMainThreadLeavesThenTheEfficiencyCores() {
        // Lanes 0-2 are on the three performance cores the main thread leaves.
        #expect(chip.multipliers(at: Placement(lane: 2, workers: 1)) == (1, 1))
        // Lane 3 is on an efficiency core; five threads want 2 times what the cap holds, less than its 3.
        #expect(chip.multipliers(at: Placement(lane: 3, workers: 4)) == (3, 3))
        // Eight workers on the seven cores left share them; nine threads want 3.6 times the cap.
        let (compute, memory) = chip.multipliers(at: Placement(lane: 7, workers: 8))
        #expect(abs(compute - 3 * 8 / 7) < 1e-12 && abs(memory - 3.6 * 8 / 7) < 1e-12)
    }

    @Test func aChipWithoutEfficiencyCoresSharesItsOtherCore() {
        let a9 = CoreSharing(performanceCores: 2, efficiencyCores: 0, efficiencyTime: 3, bandwidthThreads: 4)
        #expect(a9.multipliers(at: Placement(lane: 0, workers: 1)) == (1, 1))
        // Two workers on the one core the main thread leaves: each takes twice as long.
        #expect(a9.multipliers(at: Placement(lane: 1, workers: 2)) == (2, 2))
    }

    @Test func theModelMeterChargesAWorkerByItsLaneAndTheWorkersRunning() {
        let costs = UnitCosts(
            nanoseconds: [.pixelFilled: 1, .segmentStroked: 100], extendedBytesRatio: 2, sharing: chip)
        let meter = ModelCostMeter(unitCosts: costs)
        let ledger = WorkLedger()
        func charge(_ phase: CostPhase) -> Int64 {
            meter.measure(phase, counting: ledger) {
                ledger.counters.pixelsFilled += 1000
                ledger.counters.segmentsStroked += 2
            }.1.nanoseconds
        }
        #expect(charge(.commit) == 1000 + 200)
        meter.workersRunning(4)
        #expect(charge(.backgroundStep(index: 0, lane: 0)) == 2000 + 200)  // 5 threads: twice the cap
        #expect(charge(.backgroundStep(index: 1, lane: 3)) == 3000 + 600)  // an efficiency core
        #expect(charge(.commit) == 2000 + 200)
        meter.workersRunning(0)
        #expect(charge(.commit) == 1000 + 200)
    }

    /// The cap holds at least one thread at every draw of the shipped data, so a strategy without
    /// background renders is priced as the main thread alone.
    @Test func theShippedDataNeverSlowsAThreadAlone() throws {
        let data = DeviceCostData.shipped
        for device in DeviceProfile.known {
            for draw in [ModelDraw.central] + ModelDraw.standard {
                let costs = try data.unitCosts(of: device.name, at: draw)
                #expect(costs.sharing.multipliers(at: .mainAlone) == (1, 1), "\(device.name)")
                #expect(
                    costs.sharing.performanceCores + costs.sharing.efficiencyCores == device.cores, "\(device.name)")
            }
        }
    }

    @Test(arguments: [
        ("devices", "ipad-pro-11", "performance", 3, "devices.ipad-pro-11.cores: 3 + 4 is not the device's 8 cores"),
        (
            "devices", "iphone-6s", "performance", 0,
            "devices.iphone-6s.cores: 0 performance and 0 efficiency cores are not a chip's"
        ),
    ])
    func coreCountsThatAreNotTheDevicesAreRefused(
        _ block: String, _ device: String, _ key: String, _ count: Int, _ message: String
    ) throws {
        var json = try shippedJSON()
        var devices = json[block] as! [String: Any]
        var entry = devices[device] as! [String: Any]
        var cores = entry["cores"] as! [String: Any]
        cores[key] = count
        entry["cores"] = cores
        devices[device] = entry
        json[block] = devices
        let data = try JSONSerialization.data(withJSONObject: json)
        do {
            _ = try DeviceCostData.load(data, file: "bad.json")
            Issue.record("\(device)'s cores were accepted")
        } catch {
            #expect(error.description.hasPrefix("bad.json: " + message), "\(error.description)")
        }
    }

    @Test func aBandwidthCapAbovePeakOrAFastEfficiencyCoreIsRefused() throws {
        for (key, value, message) in [
            ("bandwidth_cap", 1.5, "bad.json: bandwidth_cap: a share of peak bandwidth is at most 1"),
            ("efficiency_core_time", 0.5, "bad.json: efficiency_core_time: an efficiency core takes at least as long"),
        ] {
            var json = try shippedJSON()
            var number = json[key] as! [String: Any]
            number["value"] = value
            number["low"] = value
            number["high"] = max(value, number["high"] as! Double)
            json[key] = number
            let data = try JSONSerialization.data(withJSONObject: json)
            do {
                _ = try DeviceCostData.load(data, file: "bad.json")
                Issue.record("\(key) \(value) was accepted")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error.description)")
            }
        }
    }

    private func shippedJSON() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: DeviceCostData.shippedURL)) as! [String: Any]
    }
}

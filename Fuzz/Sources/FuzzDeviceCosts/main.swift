import Foundation
import FuzzDriver
import StrokeBenchReplay
import StrokeBenchDevice
import StrokeBenchUnits

/// libFuzzer's entry point: loads the bytes as device cost data, with every check of its values, and
/// prices each device it derives; of data it accepts, the fitted figure is used as the fit uses it
/// (its rate sets a vsync grid, its fps a turn in whole nanoseconds), so a value the checks let
/// through that would trap the first modelled run is a finding here (issue 48: fps 0, hz 0 or 1e9).
/// A thrown error is the expected answer to bad bytes; a crash, a sanitizer report, a leak or a hang
/// is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let costs = try? DeviceCostData.load(data, file: "fuzz") {
        for device in costs.devices.keys { _ = try? costs.unitCosts(of: device) }
        let figure = costs.fittedFigure
        let grid = VsyncGrid(hz: figure.hz) // traps on a rate that is not positive and finite
        _ = grid.time(of: Int(figure.hz.rounded(.up)))
        _ = ReplayDuration(nanoseconds: Int64(figure.turnNs.rounded())) // traps on an fps of 0 or 1e-300
        _ = try? costs.unitCosts(of: figure.device, at: .central, factor: 1)
    }
    return 0
}

/// The program's entry point: libFuzzer's driver (`FuzzDriver`).
@_cdecl("FuzzDeviceCosts_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzOneInput)
}

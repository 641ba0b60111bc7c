import Foundation
import FuzzDriver
import StrokeBenchReplay
import StrokeBenchDevice

/// libFuzzer's entry point: loads the bytes as device cost data, with every check of its values, and
/// prices each device it derives. A thrown error is the expected answer to bad bytes; a crash, a
/// sanitizer report, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let costs = try? DeviceCostData.load(data, file: "fuzz") {
        for device in costs.devices.keys { _ = try? costs.unitCosts(of: device) }
    }
    return 0
}

/// The program's entry point: libFuzzer's driver (`FuzzDriver`).
@_cdecl("FuzzDeviceCosts_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzOneInput)
}

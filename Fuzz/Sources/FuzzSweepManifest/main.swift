import Foundation
import FuzzDriver
import StrokeBenchReports

/// libFuzzer's entry point: decodes the bytes as a sweep manifest (`sweep.json`) and, for a small plan,
/// builds its runs and their ids. A thrown error is the expected answer to bad bytes; a crash, a
/// sanitizer report, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let manifest = try? JSONDecoder().decode(SweepFolder.Manifest.self, from: data),
       let count = manifest.plan.runCount, count <= 64 {
        _ = manifest.plan.runs(in: .whole).map(\.id)
    }
    return 0
}

/// The program's entry point: libFuzzer's driver (`FuzzDriver`).
@_cdecl("FuzzSweepManifest_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzOneInput)
}

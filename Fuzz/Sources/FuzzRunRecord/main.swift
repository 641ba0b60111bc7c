import Foundation
import FuzzDriver
import StrokeBenchReports

/// libFuzzer's entry point: decodes the bytes as a sweep's run record (`runs/<id>.json`), range checks
/// included, and names its files. A thrown error is the expected answer to bad bytes; a crash, a
/// sanitizer report, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let run = try? JSONDecoder().decode(SweptRun.self, from: data) { _ = run.run.id }
    return 0
}

/// The program's entry point: libFuzzer's driver (`FuzzDriver`).
@_cdecl("FuzzRunRecord_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzOneInput)
}

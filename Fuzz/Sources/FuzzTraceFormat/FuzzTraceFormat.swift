import Foundation
import FuzzDriver
import StrokeBenchTraces

/// libFuzzer's entry point: parses the bytes as the native trace format. A thrown `TraceError` is the
/// expected answer to bad bytes; a crash, a sanitizer report, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? TraceFormat.parse(data, file: "fuzz")
    return 0
}

/// The program's entry point: libFuzzer's driver (`FuzzDriver`).
@_cdecl("FuzzTraceFormat_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzOneInput)
}

import Foundation
import StrokeBenchTraces

/// libFuzzer's entry point: parses the bytes as the native trace format. A thrown `TraceError` is the
/// expected answer to bad bytes; a crash, a sanitizer report, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? TraceFormat.parse(data, file: "fuzz")
    return 0
}

/// The program's entry point. SwiftPM links every executable with `main` defined as
/// `<Target>_main`, which would hide libFuzzer's own `main`, so this one hands over to libFuzzer's
/// driver (`-sanitize=fuzzer` links it) with the command line unchanged.
@_cdecl("FuzzTraceFormat_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
}

/// libFuzzer's documented driver entry (`FuzzerInterface.h`): parses libFuzzer's flags and runs.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

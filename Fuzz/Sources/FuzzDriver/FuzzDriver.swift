/// libFuzzer's driver, shared by every target in Fuzz/.
///
/// SwiftPM links every executable with `main` defined as `<Target>_main`, which would hide
/// libFuzzer's own `main`; each target defines that symbol and hands over to `runLibFuzzer` with the
/// command line unchanged, and libFuzzer calls the target's `LLVMFuzzerTestOneInput` with each input.
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                         _ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}

/// libFuzzer's documented driver entry (`FuzzerInterface.h`): parses libFuzzer's flags and runs.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

import Foundation
import StrokeBenchCLI

// The whole `bench` command line with the strategies that misbehave at run time; with
// MISBEHAVING_REGISTER set to a case of `BadDeclaration`, with that one declaration alone instead,
// which registration must refuse (exit 64) before anything runs.
if let name = ProcessInfo.processInfo.environment["MISBEHAVING_REGISTER"] {
    guard let declaration = BadDeclaration.strategies[name] else {
        FileHandle.standardError.write(Data("misbehaving-bench: no declaration '\(name)'\n".utf8))
        exit(2)
    }
    StrokeBenchCLI.main(strategies: [declaration])
}
StrokeBenchCLI.main(strategies: Misbehaving.all + [SlowedDirtyRect.self])

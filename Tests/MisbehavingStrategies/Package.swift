// swift-tools-version:6.1
import PackageDescription

// A user's package whose strategies each make one mistake on purpose (issue 38): StrokeBench must name
// every one in a line (exit 70 at run time, 64 at registration) and never trap. scripts/misbehaving.sh
// builds it and runs each; CI runs that script.
let package = Package(
    name: "MisbehavingStrategies",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "misbehaving-bench", targets: ["MisbehavingBench"])
    ],
    dependencies: [
        .package(name: "StrokeBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "MisbehavingBench",
            dependencies: [
                .product(name: "StrokeBench", package: "StrokeBench"),
                .product(name: "StrokeBenchCLI", package: "StrokeBench"),
            ])
    ]
)

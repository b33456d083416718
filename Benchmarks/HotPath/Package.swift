// swift-tools-version: 6.1
// A fixed workload to count instructions with callgrind (scripts/hot-path). A package of its
// own: the benchmark package's build settings leave debug info that valgrind cannot read.
import PackageDescription

let package = Package(
    name: "HotPath",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "atomscope", path: "../..")],
    targets: [
        .executableTarget(name: "HotPath", dependencies: [.product(name: "Atoms", package: "atomscope")]),
        .executableTarget(
            name: "RecorderHotPath",
            dependencies: [.product(name: "Atoms", package: "atomscope"), .product(name: "AtomJournal", package: "atomscope")]
        ),
        .executableTarget(
            name: "OpenHotPath",
            dependencies: [.product(name: "AtomJournal", package: "atomscope"), .product(name: "AtomScopeKit", package: "atomscope")]
        ),
        .executableTarget(name: "ScanHotPath", dependencies: [.product(name: "AtomJournal", package: "atomscope")]),
        .executableTarget(
            name: "TodoHotPath",
            dependencies: [.product(name: "Atoms", package: "atomscope"), .product(name: "AtomJournal", package: "atomscope")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AtomsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "atomscope", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Sources/BenchmarkSupport"
        ),
        .executableTarget(
            name: "Propagation",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Atoms", package: "atomscope"),
            ],
            path: "Benchmarks/Propagation",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "Journal",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Atoms", package: "atomscope"),
                .product(name: "AtomJournal", package: "atomscope"),
            ],
            path: "Benchmarks/Journal",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "Scope",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AtomJournal", package: "atomscope"),
                .product(name: "AtomScopeKit", package: "atomscope"),
                .product(name: "AtomScopeRender", package: "atomscope"),
            ],
            path: "Benchmarks/Scope",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

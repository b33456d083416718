// swift-tools-version: 6.2
// Fuzz targets, a package of their own so that `swift build` and `swift test` never build
// them: each is built with `--sanitize=fuzzer --sanitize=address` by scripts/fuzz, which
// seeds it from fixtures/ and Fuzz/Corpus/. A target is a libFuzzer entry point, so it is
// compiled as a library (libFuzzer supplies `main`).
import PackageDescription

let libraryMode: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "AtomscopeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "atomscope", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzJournal",
            dependencies: [.product(name: "AtomScopeKit", package: "atomscope"), .product(name: "AtomJournal", package: "atomscope")],
            swiftSettings: libraryMode
        ),
        .executableTarget(
            name: "FuzzStateFile",
            dependencies: [.product(name: "AtomJournal", package: "atomscope")],
            swiftSettings: libraryMode
        ),
        .executableTarget(
            name: "FuzzSVGSanitizer",
            dependencies: [.product(name: "AtomScopeRender", package: "atomscope")],
            swiftSettings: libraryMode
        ),
        // DOT to SVG through the render worker: the fuzz binary is also the worker (it
        // recognises `__render-worker` in LLVMFuzzerInitialize), so the worker runs under ASan.
        .executableTarget(
            name: "FuzzDOT",
            dependencies: [.product(name: "AtomScopeRender", package: "atomscope"), .product(name: "AtomScopeKit", package: "atomscope")],
            swiftSettings: libraryMode
        ),
    ],
    swiftLanguageModes: [.v6]
)

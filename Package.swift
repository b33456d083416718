// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "atomscope",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Atoms", targets: ["Atoms"]),
        .library(name: "AtomJournal", targets: ["AtomJournal"]),
        .library(name: "AtomScopeKit", targets: ["AtomScopeKit"]),
        .library(name: "AtomScopeRender", targets: ["AtomScopeRender"]),
        .executable(name: "atomscope", targets: ["atomscope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .target(name: "Atoms", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "CCRC32C"),
        .target(name: "AtomJournal", dependencies: [
            "Atoms",
            "CCRC32C",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "HeapModule", package: "swift-collections"),
            .product(name: "DequeModule", package: "swift-collections"),
        ]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CEditLineSupport", dependencies: ["CEditLine"]),
        .target(name: "CStandardOutput"),
        .target(name: "AtomScopeKit", dependencies: [
            "Atoms",
            "AtomJournal",
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Graphviz (libgvc), the render worker and the SVG sanitizer, apart so that the
        // timeline, diffs and statistics build without Graphviz.
        .target(name: "AtomScopeRender", dependencies: [
            "AtomScopeKit",
            "AtomJournal",
            "CGraphviz",
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .executableTarget(name: "atomscope", dependencies: [
            "AtomScopeKit",
            "AtomScopeRender",
            "CEditLineSupport",
            "CStandardOutput",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "ExampleTodo", dependencies: ["Atoms", "AtomJournal", "ExampleSupport"]),
        .target(name: "ExampleSupport", dependencies: ["AtomJournal"]),
        .executableTarget(name: "ExampleCounter", dependencies: ["Atoms", "AtomJournal", "ExampleSupport"]),
        .executableTarget(name: "ExampleSearch", dependencies: ["Atoms", "AtomJournal", "ExampleSupport"]),
        .executableTarget(name: "ExampleLargeApp", dependencies: ["Atoms", "AtomJournal", "ExampleSupport"]),
        .testTarget(name: "AtomsTests", dependencies: [
            "Atoms",
            .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "AtomJournalTests", dependencies: ["AtomJournal", "Atoms", "ExampleCounter"]),
        .testTarget(name: "AtomScopeKitTests", dependencies: ["AtomScopeKit", "AtomJournal", "Atoms"]),
        .testTarget(name: "AtomScopeRenderTests", dependencies: ["AtomScopeRender", "AtomScopeKit", "AtomJournal", "Atoms"]),
        .testTarget(name: "AtomScopeCLITests", dependencies: ["atomscope", "ExampleLargeApp", "AtomJournal", "Atoms", "AtomScopeRender"]),
    ],
    swiftLanguageModes: [.v6]
)

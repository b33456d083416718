// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "atomscope",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Atoms", targets: ["Atoms"]),
        .library(name: "AtomJournal", targets: ["AtomJournal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .target(name: "Atoms"),
        .target(name: "AtomJournal", dependencies: [
            "Atoms",
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .executableTarget(name: "ExampleTodo", dependencies: ["Atoms", "AtomJournal"]),
        .executableTarget(name: "ExampleCounter", dependencies: ["Atoms", "AtomJournal"]),
        .testTarget(name: "AtomsTests", dependencies: ["Atoms"]),
        .testTarget(name: "AtomJournalTests", dependencies: ["AtomJournal", "Atoms", "ExampleCounter"]),
    ],
    swiftLanguageModes: [.v6]
)

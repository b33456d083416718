// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "atomscope",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Atoms", targets: ["Atoms"]),
    ],
    targets: [
        .target(name: "Atoms"),
        .executableTarget(name: "ExampleTodo", dependencies: ["Atoms"]),
        .testTarget(name: "AtomsTests", dependencies: ["Atoms"]),
    ],
    swiftLanguageModes: [.v6]
)

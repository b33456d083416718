import Foundation
import Testing

/// The timeline, diffs and statistics build without Graphviz: `AtomScopeKit` neither depends
/// on the targets that link libgvc (directly or through another target) nor imports them.
/// Read from `Package.swift` and the sources, so that a dependency added by mistake fails here
/// rather than on a machine without libgraphviz-dev.
@Suite("AtomScopeKit without Graphviz")
struct GraphvizIsolationTests {
    /// Targets that link Graphviz or libedit, or stand for them.
    static let forbidden: Set<String> = ["CGraphviz", "AtomScopeRender", "CEditLine", "CEditLineSupport"]

    /// Each target's direct dependencies, by name, as `Package.swift` declares them: every
    /// string literal in its `dependencies:` list (a product counts by its name and its
    /// package's). A declaration runs to the next one.
    static func declaredDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: TimelineFixtures.root.appending(path: "Package.swift"), encoding: .utf8)
        var starts: [String.Index] = []
        for kind in [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("] {
            var searched = manifest.startIndex
            while let found = manifest.range(of: kind, range: searched..<manifest.endIndex) {
                starts.append(found.lowerBound)
                searched = found.upperBound
            }
        }
        starts.sort()
        var targets: [String: Set<String>] = [:]
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : manifest.endIndex
            let declaration = manifest[start..<end]
            guard let label = declaration.range(of: "name:") else { continue }
            guard let name = stringLiterals(in: declaration[label.upperBound...].prefix { $0 != "," && $0 != ")" }).first else { continue }
            targets[name] = dependencyList(in: declaration)
        }
        return targets
    }

    /// The string literals of the `dependencies: [...]` list in a declaration, brackets inside
    /// it (a product's platform condition) matched.
    private static func dependencyList(in declaration: Substring) -> Set<String> {
        guard let label = declaration.range(of: "dependencies:"),
              let open = declaration[label.upperBound...].firstIndex(of: "[")
        else { return [] }
        var depth = 0
        var index = open
        repeat {
            if declaration[index] == "[" { depth += 1 }
            if declaration[index] == "]" { depth -= 1 }
            index = declaration.index(after: index)
        } while depth > 0 && index < declaration.endIndex
        return Set(stringLiterals(in: declaration[open..<index]))
    }

    /// The text between each pair of double quotes.
    private static func stringLiterals(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Everything `target` depends on, through any number of targets.
    static func closure(of target: String, in targets: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var frontier = Array(targets[target] ?? [])
        while let next = frontier.popLast() {
            guard seen.insert(next).inserted else { continue }
            frontier += targets[next] ?? []
        }
        return seen
    }

    @Test func theManifestKeepsGraphvizOutOfAtomScopeKit() throws {
        let targets = try Self.declaredDependencies()
        let kit = Self.closure(of: "AtomScopeKit", in: targets)
        #expect(kit.contains("AtomJournal") && kit.contains("Atoms"), "the manifest was not read: \(targets)")
        #expect(kit.isDisjoint(with: Self.forbidden), "AtomScopeKit depends on \(kit.intersection(Self.forbidden).sorted())")
        // The reading finds Graphviz where it is, or it proves nothing above.
        #expect(Self.closure(of: "AtomScopeRender", in: targets).contains("CGraphviz"), "\(targets)")
        #expect(Self.closure(of: "atomscope", in: targets).isSuperset(of: ["AtomScopeRender", "CGraphviz", "CEditLine"]), "\(targets)")
    }

    @Test func noSourceOfAtomScopeKitImportsGraphviz() throws {
        let folder = TimelineFixtures.root.appending(path: "Sources/AtomScopeKit")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "\(folder.path) was not read")
        for file in files {
            let imports = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || $0.contains(" import ") }
                .compactMap { $0.split(separator: " ").last.map(String.init) }
            #expect(Set(imports).isDisjoint(with: Self.forbidden), "\(file.lastPathComponent) imports \(Set(imports).intersection(Self.forbidden).sorted())")
        }
    }
}

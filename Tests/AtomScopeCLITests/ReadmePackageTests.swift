import Foundation
import Testing

/// The README's "Record a journal from your app": its `Package.swift` and `main.swift`, taken
/// from the README itself, built as a separate package whose dependency points at this checkout,
/// run, and the journal it writes read by `atomscope`. The plain test pass builds it once; the
/// ThreadSanitizer pass (`scripts/tsan`) sets `ATOMSCOPE_SKIP_PACKAGE_BUILDS`.
@Suite("README package snippet", .enabled(if: ProcessInfo.processInfo.environment["ATOMSCOPE_SKIP_PACKAGE_BUILDS"] == nil))
struct ReadmePackageTests {
    static let dependency = #".package(url: "https://github.com/atomscope/atomscope", from: "0.1.0")"#

    @Test func theSnippetBuildsRecordsAndAtomscopeReadsIt() throws {
        let readme = try String(contentsOf: Repo.url("README.md"), encoding: .utf8)
        let files = readmeSnippets(readme)
        #expect(files.keys.sorted() == ["Package.swift", "Sources/CounterApp/main.swift"])
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(Self.dependency), "the README shows how to depend on the package by URL")

        let sandbox = try TemporaryDirectory(prefix: "atomscope-readme-package")
        defer { sandbox.remove() }
        // A package depended on by path is named after its folder, as one depended on by URL is
        // named after the URL's last component: link the checkout in as `atomscope`.
        try FileManager.default.createSymbolicLink(at: sandbox.file("atomscope"), withDestinationURL: Repo.root)
        let app = sandbox.file("app")
        for (path, text) in files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let local = text.replacingOccurrences(of: Self.dependency, with: #".package(path: "../atomscope")"#)
            try Data(local.utf8).write(to: url)
        }

        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = try runProgram(swift, ["swift", "build"], in: app, timeout: 900)
        #expect(build.status == 0, "\(build)")
        let binPath = try runProgram(swift, ["swift", "build", "--show-bin-path"], in: app, timeout: 120)
        let binary = URL(fileURLWithPath: binPath.out.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("CounterApp")
        let run = try runProgram(binary, [], in: app)
        #expect(run.status == 0, "\(run)")

        let log = try CLI.run(["log", "counter.journal", "--atom", "CounterAtom"], in: app)
        expectSuccess(log)
        #expect(log.stepLines.count == 4, "the first watch and three increments: \(log)")
        #expect(log.outLines.last == #"── mark "counted to 3" (after step 4) ──"#, "\(log)")
        #expect(log.outLines.filter { $0.contains("set CounterAtom at CounterApp/main.swift:") }.count == 3, "\(log)")

        let replay = try CLI.run(["replay", "counter.journal"], in: app)
        expectSuccess(replay)
        #expect(replay.out.contains("CounterAtom: 2 -> 3"), "\(replay)")
        #expect(replay.out.contains("IsEvenAtom: true -> false"), "\(replay)")
    }
}

/// The README's code blocks marked `<!-- package-snippet: PATH -->`, by path.
func readmeSnippets(_ readme: String) -> [String: String] {
    var files: [String: String] = [:]
    let marker = "<!-- package-snippet: "
    var rest = readme[...]
    while let start = rest.range(of: marker) {
        let afterMarker = rest[start.upperBound...]
        guard let close = afterMarker.range(of: " -->") else { break }
        let path = String(afterMarker[..<close.lowerBound])
        let lines = afterMarker[close.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }) else { break }
        let body = lines[(open + 1)...].prefix { !$0.hasPrefix("```") }
        files[path] = body.joined(separator: "\n") + "\n"
        rest = afterMarker[close.upperBound...]
    }
    return files
}

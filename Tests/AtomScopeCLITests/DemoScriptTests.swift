import Foundation
import Testing

/// `scripts/demo`, the README's first command, run against stub `sudo`, `apt-get`,
/// `dpkg-query`, `swift` and `atomscope` that record what they were asked to do, so that the
/// tests see exactly what the script would run on a fresh machine without installing anything.
@Suite("scripts/demo")
struct DemoScriptTests {
    private static let install = "env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pkg-config libgraphviz-dev libedit-dev"
    private static let update = "env DEBIAN_FRONTEND=noninteractive apt-get update -qq"
    private static let buildAndReplay = [
        "swift --version",
        "swift build --product atomscope",
        "swift build --show-bin-path",
        "atomscope replay fixtures/todo.journal",
    ]

    @Test func asAUserItInstallsThroughSudoAfterRefreshingAnEmptyIndex() throws {
        let sandbox = try DemoSandbox()
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls() == ["sudo " + Self.update, "sudo " + Self.install] + Self.buildAndReplay)
    }

    @Test func asRootItNeverCallsSudo() throws {
        let sandbox = try DemoSandbox()
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: true)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls() == ["apt-get update -qq", "apt-get install -y -qq pkg-config libgraphviz-dev libedit-dev"] + Self.buildAndReplay)
    }

    @Test func aFreshIndexIsNotRefreshed() throws {
        let sandbox = try DemoSandbox()
        defer { sandbox.remove() }
        try sandbox.freshIndex()
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls() == ["sudo " + Self.install] + Self.buildAndReplay)
    }

    @Test func aStaleIndexIsRefreshed() throws {
        let sandbox = try DemoSandbox()
        defer { sandbox.remove() }
        try sandbox.freshIndex(age: 8 * 24 * 3600)
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls() == ["sudo " + Self.update, "sudo " + Self.install] + Self.buildAndReplay)
    }

    @Test func nothingIsInstalledWhenEverythingIsThere() throws {
        let sandbox = try DemoSandbox(installed: true)
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls() == Self.buildAndReplay)
    }

    @Test func argumentsRunThatCommandInstead() throws {
        let sandbox = try DemoSandbox(installed: true)
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: false, arguments: ["stat", "fixtures/counter.journal"])
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.calls().last == "atomscope stat fixtures/counter.journal")
    }

    @Test func anOlderSwiftFailsWithOneLineNamingTheVersionNeeded() throws {
        let sandbox = try DemoSandbox(installed: true, swiftVersion: "6.1.2")
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 1, "\(result)")
        #expect(result.errLines == ["scripts/demo: atomscope needs Swift 6.2 or newer; swift is 6.1.2"])
        #expect(try sandbox.calls() == ["swift --version"])
    }

    @Test func withoutSudoAUserIsToldWhatToDo() throws {
        let sandbox = try DemoSandbox(withSudo: false)
        defer { sandbox.remove() }
        let result = try sandbox.run(asRoot: false)
        #expect(result.status == 1, "\(result)")
        #expect(result.errLines.last?.contains("needs root: run this as root, install sudo") == true, "\(result)")
        #expect(try sandbox.calls().isEmpty)
    }

    @Test func theReadmeSetUpIsThisScript() throws {
        // .ci/run runs the README's set-up block verbatim; it must be this script.
        let readme = try String(contentsOf: Repo.url("README.md"), encoding: .utf8)
        #expect(readmeBlock(readme, after: "<!-- ci: set-up -->") == "scripts/demo")
        #expect(readmeBlock(readme, after: "<!-- ci: tests -->") == "swift test")
    }
}

/// The commands of the fenced block that follows `marker`, without comments.
func readmeBlock(_ readme: String, after marker: String) -> String? {
    guard let start = readme.range(of: marker) else { return nil }
    let lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
    guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
    let body = lines[(open + 1)...].prefix { !$0.hasPrefix("```") }
    return body.map { line in
        let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return command.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }.joined(separator: "\n")
}

/// A copy of `scripts/demo` in a world-readable folder, beside stub programs that append what
/// they were called with to `calls`.
private struct DemoSandbox {
    let directory: TemporaryDirectory
    var stubs: URL { directory.file("stubs") }
    var lists: URL { directory.file("lists") }
    var log: URL { directory.file("calls") }

    init(installed: Bool = false, swiftVersion: String = "6.2.1", withSudo: Bool = true) throws {
        directory = try TemporaryDirectory(prefix: "atomscope-demo")
        let manager = FileManager.default
        for folder in ["scripts", "stubs", "lists"] {
            try manager.createDirectory(at: directory.file(folder), withIntermediateDirectories: true)
        }
        _ = try directory.copy("scripts/demo", as: "scripts/demo")
        _ = manager.createFile(atPath: log.path, contents: nil)
        // The non-root run is another user: it must reach the script and write the log.
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        try manager.setAttributes([.posixPermissions: 0o666], ofItemAtPath: log.path)

        let record = #"printf '%s\n' "$(basename "$0") $*" >> "$STUB_LOG""#
        try stub("apt-get", record)
        if withSudo { try stub("sudo", record) }
        try stub("dpkg-query", installed ? "printf 'install ok installed'" : "exit 1")
        try stub("swift", """
            \(record)
            case "$*" in
                --version) echo "Swift version \(swiftVersion) (swift-\(swiftVersion)-RELEASE)" ;;
                "build --show-bin-path") dirname "$0" ;;
            esac
            """)
        try stub("atomscope", record)
    }

    private func stub(_ name: String, _ body: String) throws {
        let url = stubs.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// Makes the package index look fetched `age` seconds ago.
    func freshIndex(age: TimeInterval = 0) throws {
        let file = lists.appendingPathComponent("deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("Package: x\n".utf8))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: file.path)
    }

    /// Runs the script as root or as an ordinary user (`nobody`, when the tests run as root).
    func run(asRoot: Bool, arguments: [String] = []) throws -> CLIResult {
        let environment = [
            "PATH": "\(stubs.path):/usr/bin:/bin",
            "APT_LISTS": lists.path,
            "STUB_LOG": log.path,
            "HOME": directory.url.path,
        ]
        let script = directory.file("scripts/demo").path
        let isRoot = getuid() == 0
        var command: [String]
        switch (asRoot, isRoot) {
        case (true, true), (false, false):
            command = ["/bin/bash", script]
        case (false, true):
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/bash", script]
        case (true, false):
            command = ["/usr/bin/unshare", "--map-root-user", "/bin/bash", script]
        }
        command += arguments
        return try runProgram(
            URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
            in: directory.url, environment: environment
        )
    }

    func calls() throws -> [String] {
        CLIResult.lines(try String(contentsOf: log, encoding: .utf8))
    }

    func remove() { directory.remove() }
}

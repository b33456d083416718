@testable import AtomScopeRender
import Foundation
import Testing

/// The repository, found from this file's path: `Tests/AtomScopeCLITests/Support/CLI.swift`.
enum Repo {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A path inside the repository.
    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The good journals, as paths relative to the repository root.
    static let goodFixtures = ["fixtures/todo.journal", "fixtures/counter.journal", "fixtures/search.journal"]
    static let todo = "fixtures/todo.journal"
    static let counter = "fixtures/counter.journal"
    /// The async search session: superseded, successful, failing and refreshed searches.
    static let search = "fixtures/search.journal"
}

/// What one run of `atomscope` did.
struct CLIResult: CustomStringConvertible {
    var arguments: [String]
    /// The exit status, or the signal number when `crashed`.
    var status: Int32
    /// Whether the process ended by a signal (a crash) rather than by exiting.
    var crashed: Bool
    var stdout: Data
    var stderr: Data

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    /// Standard output split into lines, without the final empty one.
    var outLines: [String] { Self.lines(out) }
    /// Standard error split into lines, without the final empty one.
    var errLines: [String] { Self.lines(err) }

    /// The lines of `log` or `replay` that start a step (`#12 …`): not the marks among the
    /// steps, nor replay's indented change lines.
    var stepLines: [String] { outLines.filter { $0.hasPrefix("#") } }

    /// The lines of `log --json` that are steps (they have a `step` key), not marks.
    var jsonStepLines: [String] {
        outLines.filter { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["step"] != nil
        }
    }

    var description: String {
        "atomscope \(arguments.joined(separator: " ")) -> \(crashed ? "signal" : "status") \(status)\n"
            + "stdout (\(stdout.count) bytes): \(out.prefix(2_000))\nstderr: \(err.prefix(2_000))"
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

enum CLIError: Error, CustomStringConvertible {
    case binaryNotFound([String])
    case timedOut([String])
    case launch([String], String)

    var description: String {
        switch self {
        case .binaryNotFound(let places):
            "the atomscope binary is not next to the test bundle (looked in \(places.joined(separator: ", "))); "
                + "build it with `swift build --product atomscope` or set ATOMSCOPE_BINARY"
        case .timedOut(let arguments):
            "atomscope \(arguments.joined(separator: " ")) did not finish in time and was killed"
        case .launch(let arguments, let reason):
            "cannot start \(arguments.joined(separator: " ")): \(reason)"
        }
    }
}

/// Runs the built `atomscope` binary.
enum CLI {
    /// The binary: `ATOMSCOPE_BINARY` if set, else the `atomscope` that `swift test` built next
    /// to the test bundle (the test target depends on the executable, so it is always built).
    static let binary: Result<URL, CLIError> = {
        if let override = ProcessInfo.processInfo.environment["ATOMSCOPE_BINARY"], !override.isEmpty {
            return .success(URL(fileURLWithPath: override))
        }
        var starts: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(exe)
        }
        if let first = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: first).standardizedFileURL.path)
        }
        var looked: [String] = []
        for start in starts {
            // Linux: .build/<triple>/debug/atomscopePackageTests.xctest;
            // macOS: .build/<triple>/debug/atomscopePackageTests.xctest/Contents/MacOS/….
            var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("atomscope")
                looked.append(candidate.path)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                   !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return .success(candidate)
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return .failure(.binaryNotFound(looked))
    }()

    /// Runs `atomscope ARGUMENTS` in `directory` (the repository root by default, so that
    /// relative fixture paths, which the output shows as given, are stable), with `stdin` as
    /// standard input (empty by default).
    static func run(
        _ arguments: [String],
        stdin: Data = Data(),
        in directory: URL = Repo.root,
        timeout: TimeInterval = 30
    ) throws -> CLIResult {
        // Without NO_COLOR, so that the tests see that output to a file has no colour.
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        return try runProgram(
            try binary.get(), arguments, stdin: stdin, in: directory, environment: environment, timeout: timeout
        )
    }
}

/// Runs any program and collects what it did. Output goes through files, not pipes, so that
/// no amount of it can block the child, and stdin is a file, as `atomscope j < file` gives it.
///
/// Started with the render worker's `ChildProcess.spawn` rather than Foundation's `Process`:
/// on Linux a `Process` child inherits the test runner's blocked signals, so `terminate()` at
/// the deadline did nothing, and its end is noticed through a descriptor that other children
/// started at the same moment can inherit, so a finished run could wait for an unrelated one.
/// Either could hold a test (and the main actor, for the suites that run on it) for minutes.
/// Here the program leads its own process group, reaped with `waitpid`, and at the deadline
/// the whole group is killed.
func runProgram(
    _ executable: URL,
    _ arguments: [String],
    stdin: Data = Data(),
    in directory: URL = Repo.root,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    timeout: TimeInterval = 30
) throws -> CLIResult {
    let scratch = try TemporaryDirectory(prefix: "atomscope-run")
    defer { scratch.remove() }
    let inURL = scratch.url.appendingPathComponent("stdin")
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    try stdin.write(to: inURL)
    let input = open(inURL.path, O_RDONLY | O_CLOEXEC)
    let output = open(outURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let errors = open(errURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    defer {
        for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
    }
    guard input >= 0, output >= 0, errors >= 0 else {
        throw CLIError.launch(arguments, String(cString: strerror(errno)))
    }

    let pid: pid_t
    do {
        pid = try ChildProcess.spawn(
            executable: executable.path, arguments: arguments, environment: environment,
            stdin: input, stdout: output, stderr: errors, directory: directory.path, ownGroup: true
        )
    } catch {
        throw CLIError.launch(arguments, "\(error)")
    }
    let clock = ContinuousClock()
    guard let termination = ChildProcess.wait(for: pid, until: clock.now + .seconds(timeout), clock: clock) else {
        ChildProcess.kill(-pid)
        throw CLIError.timedOut(arguments)
    }
    let (status, crashed): (Int32, Bool) = switch termination {
    case .exited(let code): (code, false)
    case .signaled(let signal): (signal, true)
    }
    return CLIResult(
        arguments: arguments,
        status: status,
        crashed: crashed,
        stdout: try Data(contentsOf: outURL),
        stderr: try Data(contentsOf: errURL)
    )
}

/// A fresh directory under the system's temporary directory.
struct TemporaryDirectory {
    let url: URL

    init(prefix: String = "atomscope-cli-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Copies a repository file in and returns the copy.
    func copy(_ repoPath: String, as name: String? = nil) throws -> URL {
        let destination = file(name ?? URL(fileURLWithPath: repoPath).lastPathComponent)
        try FileManager.default.copyItem(at: Repo.url(repoPath), to: destination)
        return destination
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

// MARK: - Expectations shared by the suites

/// Signs that a Swift runtime error or a crash reached the user.
let crashSignatures = ["Fatal error", "Stack dump", "Current stack trace", "Program crashed", "Backtrace", "Thread 0 crashed", "Segmentation fault"]

/// The run ended normally (no signal) and printed no stack trace on either stream.
func expectNoCrash(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!result.crashed, "killed by signal \(result.status): \(result)", sourceLocation: sourceLocation)
    for stream in [result.err, result.out] {
        for signature in crashSignatures {
            #expect(!stream.contains(signature), "\"\(signature)\" in the output: \(result)", sourceLocation: sourceLocation)
        }
        for line in CLIResult.lines(stream) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Backtrace frames: `at /path/File.swift:12` and `#3 0x0000… in …`.
            let isFrame = trimmed.hasPrefix("at /")
                || (trimmed.hasPrefix("#") && trimmed.contains(" 0x"))
            #expect(!isFrame, "a stack frame in the output: \(line)\n\(result)", sourceLocation: sourceLocation)
        }
    }
}

/// The run succeeded: exit status 0, nothing on stderr.
func expectSuccess(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
    expectNoCrash(result, sourceLocation: sourceLocation)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.err.isEmpty, "\(result)", sourceLocation: sourceLocation)
}

/// The run failed the way every `atomscope` error must: a non-zero exit (1 unless given),
/// exactly one line on stderr that starts with `atomscope: ` and contains every one of
/// `mentions` (each an array of acceptable alternatives), and no stack trace.
func expectOneLineError(
    _ result: CLIResult,
    status: Int32? = 1,
    mentions: [[String]] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectNoCrash(result, sourceLocation: sourceLocation)
    if let status {
        #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    } else {
        #expect(result.status != 0, "\(result)", sourceLocation: sourceLocation)
    }
    let lines = result.errLines
    #expect(lines.count == 1, "expected exactly one line on stderr: \(result)", sourceLocation: sourceLocation)
    guard let line = lines.first else { return }
    #expect(line.hasPrefix("atomscope: "), "\(result)", sourceLocation: sourceLocation)
    for alternatives in mentions {
        #expect(
            alternatives.contains { line.localizedCaseInsensitiveContains($0) },
            "stderr should mention \(alternatives.map { "\"\($0)\"" }.joined(separator: " or ")): \(line)",
            sourceLocation: sourceLocation
        )
    }
}

/// Parses JSON text into a dictionary.
func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(object as? [String: Any], "not a JSON object: \(text.prefix(200))", sourceLocation: sourceLocation)
}

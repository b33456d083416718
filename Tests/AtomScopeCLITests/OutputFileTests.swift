import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files the commands write (`restore -o`, `restore --journal-out`, `graph -o`, the REPL's
/// `graph -o`): never the input, mode 0600, no temporary left behind, and one plain line with
/// the path and the reason when they cannot be written.
@Suite("Output files")
struct OutputFileTests {
    /// A folder holding a copy of the todo journal as `j`, with `link` (a symbolic link) and
    /// `hard` (a hard link) naming the same file.
    private static func journalFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        _ = try folder.copy(Repo.todo, as: "j")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "j")
        try FileManager.default.linkItem(at: folder.file("j"), to: folder.file("hard"))
        return folder
    }

    private static func mode(_ url: URL) -> mode_t? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    private static func names(in folder: TemporaryDirectory) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
    }

    // MARK: - An output that is the input

    @Test(arguments: [
        ["restore", "j", "--step", "3", "-o", "j"],
        ["restore", "./j", "--step", "3", "-o", "link"],
        ["restore", "j", "--step", "3", "-o", "hard"],
        ["restore", "link", "--step", "3", "--journal-out", "j"],
        ["restore", "j", "--step", "3", "-o", "s.json", "--journal-out", "hard"],
        ["graph", "j", "--svg", "-o", "link"],
        ["graph", "j", "--dot", "-o", "./hard"],
    ])
    func outputThatIsTheInputIsRefused(arguments: [String]) throws {
        let folder = try Self.journalFolder()
        defer { folder.remove() }
        var absolute = arguments
        // One case names the output by its absolute path: still the same file.
        if absolute.last == "j" { absolute[absolute.count - 1] = folder.file("j").path }
        let result = try CLI.run(absolute, in: folder.url)
        expectOneLineError(result, mentions: [["will not write"], ["input"]])
        #expect(try Data(contentsOf: folder.file("j")) == Data(contentsOf: Repo.url(Repo.todo)), "\(result)")
        // Refused before anything was written: not even the other output.
        #expect(try Self.names(in: folder) == ["j", "link", "hard"], "\(result)")
    }

    @Test func graphOfADOTFileDoesNotOverwriteIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dot = Data("digraph { a -> b }\n".utf8)
        try dot.write(to: folder.file("g.dot"))
        let result = try CLI.run(["graph", "g.dot", "-o", folder.file("g.dot").path], in: folder.url)
        expectOneLineError(result, mentions: [["will not write"], ["g.dot"]])
        #expect(try Data(contentsOf: folder.file("g.dot")) == dot)
    }

    @Test func replGraphDoesNotOverwriteTheJournal() throws {
        let folder = try Self.journalFolder()
        defer { folder.remove() }
        let script = ["graph -o hard", "graph -o \(folder.file("link").path)", "next", "graph -o out.svg", "quit"]
        let result = try CLI.run(["repl", "j"], stdin: Data(script.map { $0 + "\n" }.joined().utf8), in: folder.url)
        expectNoCrash(result)
        #expect(result.status == 1, "\(result)")
        let refusals = (result.outLines + result.errLines).filter { $0.contains("will not write") }
        #expect(refusals.count == 2, "\(result)")
        #expect(try Data(contentsOf: folder.file("j")) == Data(contentsOf: Repo.url(Repo.todo)))
        // The REPL went on: the later graph was written, 0600.
        #expect(Self.mode(folder.file("out.svg")) == 0o600, "\(result)")
        #expect(try Self.names(in: folder) == ["j", "link", "hard", "out.svg"])
        expectWellFormedSVG(file: folder.file("out.svg"))
    }

    /// `graph < j -o j`: a journal read from standard input is still the file `j`.
    @Test func graphOfAJournalOnStandardInputDoesNotOverwriteIt() throws {
        let folder = try Self.journalFolder()
        defer { folder.remove() }
        let binary = try CLI.binary.get().path
        for target in ["j", "link", "hard"] {
            let result = try runProgram(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "exec '\(binary)' graph --svg -o \(target) < j"], in: folder.url
            )
            expectOneLineError(result, mentions: [["will not write \(target)"], ["standard input"]])
            #expect(try Data(contentsOf: folder.file("j")) == Data(contentsOf: Repo.url(Repo.todo)), "\(result)")
            #expect(try Self.names(in: folder) == ["j", "link", "hard"], "\(result)")
        }
    }

    /// A link planted where the output goes (`out.svg -> /dev/null` here; a disk in an
    /// attack) is refused, not written through, and left as it was.
    @Test func aLinkToADeviceIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.file("out.svg").path, withDestinationPath: "/dev/null")
        for arguments in [["graph", Repo.todo, "-o", folder.file("out.svg").path], ["restore", Repo.todo, "--step", "3", "-o", folder.file("out.svg").path]] {
            let result = try CLI.run(arguments)
            expectOneLineError(result, mentions: [["cannot write"], ["symbolic link to a device"]])
            #expect(result.stdout.isEmpty)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("out.svg").path) == "/dev/null")
        }
        // A device named directly is written as it is.
        expectSuccess(try CLI.run(["graph", Repo.todo, "--dot", "-o", "/dev/null"]))
    }

    @Test func anotherJournalIsNotTheInput() throws {
        let folder = try Self.journalFolder()
        defer { folder.remove() }
        _ = try folder.copy(Repo.counter, as: "other.journal")
        let result = try CLI.run(["restore", "j", "--step", "3", "--journal-out", "other.journal"], in: folder.url)
        expectSuccess(result)
        let log = try CLI.run(["log", "other.journal"], in: folder.url)
        expectSuccess(log)
        #expect(log.outLines.filter { $0.hasPrefix("#") }.count == 3, "\(log)")
    }

    // MARK: - Modes and temporaries

    @Test func everyOutputIsMode0600AndNoTemporaryRemains() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        // Outputs that exist already, world-readable: they are replaced, not rewritten.
        for name in ["s.json", "cut.journal", "g.svg"] {
            try Data("old".utf8).write(to: folder.file(name))
            #expect(chmod(folder.file(name).path, 0o644) == 0)
        }
        let runs = [
            ["restore", "j", "--step", "3", "-o", "s.json", "--journal-out", "cut.journal"],
            ["graph", "j", "--svg", "-o", "g.svg"],
            ["graph", "j", "-o", "g.dot"],
        ]
        for arguments in runs {
            expectSuccess(try CLI.run(arguments, in: folder.url))
        }
        let journal = try Data(contentsOf: folder.file("j"))
        expectSuccess(try CLI.run(["graph", "-", "-o", "stdin.svg"], stdin: journal, in: folder.url))
        for name in ["s.json", "cut.journal", "g.svg", "g.dot", "stdin.svg"] {
            #expect(Self.mode(folder.file(name)) == 0o600, "\(name)")
        }
        #expect(try Self.names(in: folder) == ["j", "s.json", "cut.journal", "g.svg", "g.dot", "stdin.svg"])
        expectWellFormedSVG(file: folder.file("g.svg"))
        expectWellFormedSVG(file: folder.file("stdin.svg"))
        expectSuccess(try CLI.run(["verify", "cut.journal"], in: folder.url))
    }

    // MARK: - Errors

    @Test(arguments: [
        (["graph", "j", "--svg", "-o", "no-such-dir/graph.svg"], "no-such-dir/graph.svg", "No such file or directory"),
        (["graph", "j", "-o", "no-such-dir/graph.dot"], "no-such-dir/graph.dot", "No such file or directory"),
        (["graph", "j", "--svg", "-o", "a-folder"], "a-folder", "Is a directory"),
        (["restore", "j", "--step", "3", "-o", "no-such-dir/state.json"], "no-such-dir/state.json", "No such file or directory"),
        (["restore", "j", "--step", "3", "-o", "a-folder"], "a-folder", "Is a directory"),
        (["restore", "j", "--step", "3", "--journal-out", "no-such-dir/cut.journal"], "no-such-dir/cut.journal", "No such file or directory"),
        (["restore", "j", "--step", "3", "--journal-out", "a-folder"], "a-folder", "Is a directory"),
    ])
    func writeErrorsAreOnePlainLine(arguments: [String], path: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        try FileManager.default.createDirectory(at: folder.file("a-folder"), withIntermediateDirectories: false)
        let result = try CLI.run(arguments, in: folder.url)
        expectOneLineError(result, mentions: [["cannot write \(path): \(reason);"]])
        for leak in ["NSCocoaErrorDomain", "The operation could not be completed", ".;", "Error Domain"] {
            #expect(!result.err.contains(leak), "\(result)")
        }
        #expect(try Self.names(in: folder) == ["j", "a-folder"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a-folder").path).isEmpty)
    }

    @Test func replWriteErrorIsOneLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        let result = try CLI.run(["repl", "j"], stdin: Data("graph -o no-such-dir/g.svg\n".utf8), in: folder.url)
        #expect(result.status == 1, "\(result)")
        let said = (result.outLines + result.errLines).filter { $0.contains("error") }
        #expect(said == ["error: cannot write no-such-dir/g.svg: No such file or directory; choose a file in a folder that exists and that you can write"], "\(result)")
    }

    // MARK: - The graph's format

    @Test(arguments: [
        (["--png", "-o", "out.svg"], ["--png", "out.svg", "SVG"]),
        (["--svg", "-o", "out.PNG"], ["--svg", "out.PNG", "PNG"]),
        (["--dot", "-o", "out.pdf"], ["--dot", "out.pdf", "PDF"]),
        (["--pdf", "-o", "out.gv"], ["--pdf", "out.gv", "DOT"]),
    ])
    func aFlagThatContradictsTheExtensionIsAnError(flags: [String], mentions: [String]) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        let result = try CLI.run(["graph", "j"] + flags, in: folder.url)
        expectOneLineError(result, mentions: mentions.map { [$0] })
        #expect(try Self.names(in: folder) == ["j"])
    }

    @Test func anUnknownExtensionWithoutAFlagListsTheFormats() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        let result = try CLI.run(["graph", "j", "-o", "out.xyz"], in: folder.url)
        expectOneLineError(result, mentions: [["out.xyz"], [".svg, .png, .pdf or .dot"], ["--svg"]])
        #expect(try Self.names(in: folder) == ["j"])
        let repl = try CLI.run(["repl", "j"], stdin: Data("graph -o out.xyz\n".utf8), in: folder.url)
        #expect(repl.status == 1, "\(repl)")
        #expect((repl.out + repl.err).contains("cannot tell the format of out.xyz"), "\(repl)")
        #expect(try Self.names(in: folder) == ["j"])
    }

    @Test(arguments: [
        (["--svg", "-o", "out.SVG"], "out.SVG", "<svg"),
        (["-o", "out.svg"], "out.svg", "<svg"),
        (["-o", "out.gv"], "out.gv", "digraph"),
        (["-o", "./graph"], "graph", "digraph"),
        (["--svg", "-o", "graph.v2"], "graph.v2", "<svg"),
    ])
    func theFormatComesFromTheFlagOrTheExtension(flags: [String], file: String, start: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        let result = try CLI.run(["graph", "j"] + flags, in: folder.url)
        expectSuccess(result)
        let written = try String(contentsOf: folder.file(file), encoding: .utf8)
        #expect(written.contains(start), "\(file): \(written.prefix(200))")
        if start == "<svg" {
            expectWellFormedSVG(file: folder.file(file))
        }
    }

    @Test func pngFlagWritesPNG() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        expectSuccess(try CLI.run(["graph", "j", "--png", "-o", "out.png"], in: folder.url))
        #expect(try Data(contentsOf: folder.file("out.png")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    // MARK: - The system calls, seen by strace

    /// Every file a command creates in its folder (outputs, their temporaries, and the copy of a
    /// journal read from standard input, sent there by TMPDIR) is opened with
    /// O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600, and none is chmod-ed afterwards: its mode is
    /// final from the first moment. The final modes alone cannot show that.
    // Under ThreadSanitizer (scripts/tsan) the runtime creates files of its own.
    @Test(.enabled(if: Strace.works, "needs strace and permission to trace"),
          .enabled(if: ProcessInfo.processInfo.environment["ATOMSCOPE_SANITIZED"] == nil))
    func everyFileIsCreatedExclusivelyWithItsFinalMode() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let logs = try TemporaryDirectory(prefix: "atomscope-strace")
        defer { logs.remove() }
        _ = try folder.copy(Repo.todo, as: "j")
        for name in ["s.json", "cut.journal", "g.svg"] {
            try Data("old".utf8).write(to: folder.file(name))
        }
        let journal = try Data(contentsOf: folder.file("j"))
        let atomscope = try CLI.binary.get()
        let counter = atomscope.deletingLastPathComponent().appendingPathComponent("ExampleCounter")
        let runs: [(URL, [String], Data, [String])] = [
            (atomscope, ["restore", "j", "--step", "3", "-o", "s.json", "--journal-out", "cut.journal"], Data(), ["s.json", "cut.journal"]),
            (atomscope, ["graph", "j", "--svg", "-o", "g.svg"], Data(), ["g.svg"]),
            (atomscope, ["graph", "-", "--dot", "-o", "g.dot"], journal, ["atomscope-stdin.journal", "g.dot"]),
            (atomscope, ["repl", "j"], Data("graph -o r.svg\n".utf8), ["r.svg"]),
            // The recorder, through an example app.
            (counter, ["rec.journal", "--steps", "3"], Data(), ["rec.journal"]),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.url.path
        for (index, (program, arguments, stdin, outputs)) in runs.enumerated() {
            let log = logs.file("\(index).log")
            let result = try runProgram(
                URL(fileURLWithPath: Strace.path),
                ["-f", "-qq", "-s", "4096", "-o", log.path, "-e", "trace=open,openat,creat,chmod,fchmod,fchmodat,close", program.path] + arguments,
                stdin: stdin, in: folder.url, environment: environment
            )
            expectNoCrash(result)
            #expect(result.status == 0, "\(result)")
            let trace = Strace.Trace(try String(contentsOf: log, encoding: .utf8), folder: folder.url.path)
            #expect(trace.violations.isEmpty, "atomscope \(arguments.joined(separator: " ")): \(trace.violations)")
            for output in outputs {
                // Each output, whether written in place or as a temporary renamed onto it.
                let created = trace.created.filter { $0 == output || $0.hasPrefix(".\(output).") }
                #expect(!created.isEmpty, "\(output) was never created: \(trace.created)")
                if output.hasSuffix(".svg") {
                    expectWellFormedSVG(file: folder.file(output))
                }
            }
        }
    }
}

/// `strace`, to see the flags and modes of the files the commands create.
enum Strace {
    static let path = "/usr/bin/strace"

    /// Whether strace is installed and may trace here (containers may forbid ptrace).
    static let works: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path),
              let result = try? runProgram(URL(fileURLWithPath: path), ["-qq", "-e", "trace=none", "/bin/true"])
        else { return false }
        return result.status == 0
    }()

    /// What a trace says about the files created in one folder.
    struct Trace {
        /// The names (last components) of the files created in the folder.
        var created: [String] = []
        /// Each creation without O_EXCL, O_NOFOLLOW or mode 0600, and each chmod of a file
        /// in the folder, as the trace's line.
        var violations: [String] = []

        init(_ log: String, folder: String) {
            var ours: Set<String> = []   // descriptors open on files created in the folder
            for line in log.split(separator: "\n").map(String.init) {
                // `PID name(arguments) = result`, the pid padded with spaces.
                let fields = line.drop { $0 != " " }.drop { $0 == " " }
                guard let open = fields.firstIndex(of: "(") else { continue }
                let name = String(fields[..<open])
                let arguments = String(fields[fields.index(after: open)...])
                // A call split by another thread's (`<unfinished ...>`) has no result yet.
                let result = line.range(of: " = ", options: .backwards).flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber || $0 == "-" }) }
                switch name {
                case "open", "openat", "creat":
                    guard let path = Self.quoted(arguments), let file = Self.inFolder(path, folder) else { continue }
                    guard name == "creat" || arguments.contains("O_CREAT") else { continue }
                    created.append(URL(fileURLWithPath: file).lastPathComponent)
                    let exclusive = arguments.contains("O_EXCL") && arguments.contains("O_NOFOLLOW")
                    if name == "creat" || !exclusive || !arguments.contains(", 0600)") {
                        violations.append(line)
                    }
                    if let result, result >= 0 { ours.insert(String(result)) }
                case "chmod", "fchmodat":
                    if let path = Self.quoted(arguments), Self.inFolder(path, folder) != nil { violations.append(line) }
                case "fchmod":
                    if ours.contains(String(arguments.prefix { $0 != "," })) { violations.append(line) }
                case "close":
                    ours.remove(String(arguments.prefix { $0 != ")" }))
                default:
                    break
                }
            }
        }

        /// The first quoted string of a system call's arguments.
        private static func quoted(_ arguments: String) -> String? {
            guard let start = arguments.firstIndex(of: "\"") else { return nil }
            let rest = arguments[arguments.index(after: start)...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }

        /// The path if it is in the folder (relative paths are: the command runs there).
        private static func inFolder(_ path: String, _ folder: String) -> String? {
            if !path.hasPrefix("/") { return folder + "/" + path }
            return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") ? path : nil
        }
    }
}

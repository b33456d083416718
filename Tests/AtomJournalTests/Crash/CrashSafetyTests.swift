#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AtomJournal
import Foundation
import Testing

// Crash safety, with the recorder's default options: the ExampleCounter binary, run with
// `--report`, writes `committed <n>` to a pipe with one write(2) each time a commit has
// returned to it; the count is the app's own, it never asks the recorder. The tests kill it
// with SIGKILL after a random number of reported commits, or let it die by fatalError, exit(0)
// without closing, or SIGSEGV, and open what it left: every reported commit must be a step
// there, every step must decode, and the journal ends open or torn, never in an error.
//
// Environment (used by scripts/crash-test):
//   ATOMSCOPE_CRASH_RUNS     how many kills (default 20)
//   ATOMSCOPE_CRASH_SEED     the seed of the random kill points (default 20240611)
//   ATOMSCOPE_CRASH_COUNTER  the ExampleCounter binary (default: next to the test binary)

@Suite("Crash safety: every committed step survives the app's death, with the default options")
struct CrashSafetyTests {
    @Test("Kill the recording counter at random moments; the journal keeps every reported step")
    func killAtRandomMoments() throws {
        let configuration = CrashTestConfiguration()
        let binary = try #require(configuration.counterBinary, "ExampleCounter not found (\(configuration.searched)); build it or set ATOMSCOPE_CRASH_COUNTER")
        let folder = try CrashScratchFolder()
        var random = CrashPlanRandom(seed: configuration.seed)
        var passed = 0
        var tornTails = 0
        var failures: [String] = []
        for run in 1...configuration.runs {
            let target = Int.random(in: 1...300, using: &random)
            let journal = folder.url.appending(path: "run-\(run).journal")
            do {
                if case .tornTail = try CrashRun(binary: binary, journal: journal, target: target).perform() {
                    tornTails += 1
                }
                passed += 1
                try? FileManager.default.removeItem(at: journal)
            } catch {
                failures.append("run \(run) (kill after \(target) steps, journal \(journal.path)): \(error)")
                Issue.record("crash run \(run) failed: \(error)")
            }
        }
        print("crash-test: \(passed) passed, \(failures.count) failed (seed \(configuration.seed); \(tornTails) torn tails; \(binary.path))")
        for failure in failures {
            print("crash-test: FAILED \(failure)")
        }
        if failures.isEmpty {
            folder.remove()
        }
        #expect(passed == configuration.runs)
    }

    /// The ways an app dies without closing its recorder, each with the status it ends with.
    static let deaths: [(how: String, signal: Int32?)] = [("fatal", SIGILL), ("exit", nil), ("segv", SIGSEGV)]

    @Test("An app that dies without closing keeps every committed step", arguments: [0, 1, 2])
    func dieWithoutClosing(_ which: Int) throws {
        let (how, signal) = Self.deaths[which]
        // A sanitizer's runtime catches SIGSEGV and exits with its own status instead.
        if how == "segv", ProcessInfo.processInfo.environment["ATOMSCOPE_SANITIZED"] != nil { return }
        let configuration = CrashTestConfiguration()
        let binary = try #require(configuration.counterBinary, "ExampleCounter not found (\(configuration.searched))")
        let folder = try CrashScratchFolder()
        defer { folder.remove() }
        let journalURL = folder.url.appending(path: "\(how).journal")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash report is not what this tests
        let child = try CrashChild(binary: binary, arguments: [journalURL.path, "--steps", "40", "--report", "--die", how], environment: environment)
        let deadline = ContinuousClock.now + .seconds(120)
        var reported = 0
        while let line = try child.output.nextLine(before: deadline) {
            reported = try CrashRun.reportedSteps(line, after: reported)
        }
        child.process.waitUntilExit()
        if let signal {
            // fatalError traps: SIGILL on x86_64, SIGTRAP on arm64.
            let signals = signal == SIGILL ? [SIGILL, SIGTRAP] : [signal]
            #expect(child.process.terminationReason == .uncaughtSignal && signals.contains(child.process.terminationStatus), "ended with \(child.process.terminationStatus)")
        } else {
            #expect(child.process.terminationReason == .exit && child.process.terminationStatus == 0)
        }
        #expect(reported == 43)  // 3 watches and 40 actions
        let ending = try CrashRun(binary: binary, journal: journalURL, target: reported).check(reported: reported)
        #expect(ending == .open)
    }

    @Test("Left alone, the counter closes its journal cleanly and reports its last step")
    func cleanExit() throws {
        let configuration = CrashTestConfiguration()
        let binary = try #require(configuration.counterBinary, "ExampleCounter not found (\(configuration.searched))")
        let folder = try CrashScratchFolder()
        defer { folder.remove() }
        let journalURL = folder.url.appending(path: "clean.journal")

        let child = try CrashChild(binary: binary, arguments: [journalURL.path, "--steps", "60", "--report"])
        let deadline = ContinuousClock.now + .seconds(60)
        var reported: [Int] = []
        while let line = try child.output.nextLine(before: deadline) {
            reported.append(try CrashRun.flushedSteps(in: line))
        }
        child.process.waitUntilExit()
        #expect(child.process.terminationReason == .exit && child.process.terminationStatus == 0)

        let journal = try Journal(url: journalURL)
        #expect(journal.index.ending == .closed)
        #expect(reported == Array(1...63))  // the app's commits: 3 watches, 60 actions
        #expect(journal.stepCount == 64)  // and the unwatch when the context goes
    }
}

/// Where the binary is and how many kills to make.
struct CrashTestConfiguration {
    let runs: Int
    let seed: UInt64
    let counterBinary: URL?
    let searched: String

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        runs = environment["ATOMSCOPE_CRASH_RUNS"].flatMap { Int($0) }.map { max(1, $0) } ?? 20
        seed = environment["ATOMSCOPE_CRASH_SEED"].flatMap { UInt64($0) } ?? 20_240_611
        var candidates: [URL] = []
        if let given = environment["ATOMSCOPE_CRASH_COUNTER"], !given.isEmpty {
            candidates.append(URL(filePath: given))
        } else {
            // The test binary sits in the build's bin directory, e.g.
            // .build/x86_64-unknown-linux-gnu/debug/atomscopePackageTests.xctest; on macOS it
            // is a bundle inside it.
            var executables = [URL(filePath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
            if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                executables.append(URL(filePath: own))
            }
            for executable in executables {
                var directory = executable.deletingLastPathComponent()
                for _ in 0..<4 {
                    candidates.append(directory.appending(path: "ExampleCounter"))
                    directory = directory.deletingLastPathComponent()
                }
            }
        }
        counterBinary = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        searched = candidates.map(\.path).joined(separator: ", ")
    }
}

/// One kill: start the counter, read its reports until `target` steps have reached the
/// file, SIGKILL it, and check the journal it left.
struct CrashRun {
    let binary: URL
    let journal: URL
    let target: Int

    /// Returns how the killed recorder's journal ends.
    @discardableResult
    func perform() throws -> JournalEnding {
        let child = try CrashChild(binary: binary, arguments: [journal.path, "--forever", "--report"])
        // A generous bound for the child to start and flush `target` steps (it does
        // thousands a second); reads wait on the pipe up to this deadline, never sleep.
        let deadline = ContinuousClock.now + .seconds(120)
        var reported = 0
        do {
            while reported < target {
                guard let line = try child.output.nextLine(before: deadline) else {
                    child.process.waitUntilExit()
                    throw CrashFailure("the counter exited (status \(child.process.terminationStatus)) after reporting \(reported) steps; stderr: \(child.errors.drain())")
                }
                reported = try Self.reportedSteps(line, after: reported)
            }
        } catch {
            child.sendKill()
            throw error
        }
        child.sendKill()
        // Reports already in the pipe were also printed after their steps reached the file.
        for line in child.output.drainLines() {
            reported = try Self.reportedSteps(line, after: reported)
        }
        guard child.process.terminationReason == .uncaughtSignal, child.process.terminationStatus == SIGKILL else {
            throw CrashFailure("the counter ended with status \(child.process.terminationStatus), not by SIGKILL; stderr: \(child.errors.drain())")
        }
        return try check(reported: reported)
    }

    /// Opens the killed recorder's journal: no error, at least `reported` steps, all of
    /// them readable, and an open or torn ending.
    func check(reported: Int) throws -> JournalEnding {
        let opened: Journal
        do {
            opened = try Journal(url: journal)
        } catch {
            throw CrashFailure("opening the journal failed: \(error)")
        }
        let index = opened.index
        guard opened.stepCount >= reported else {
            throw CrashFailure("the journal has \(opened.stepCount) steps, but \(reported) were reported flushed (ending: \(index.ending))")
        }
        switch index.ending {
        case .open, .tornTail:
            break
        case .closed:
            throw CrashFailure("the journal of a killed recorder says it was closed")
        }
        guard index.keyframes.first?.stepCount == 0 else {
            throw CrashFailure("the journal has no keyframe at step 0")
        }
        var lastCommit = index.keyframes[0].commit
        for position in 0..<opened.stepCount {
            let step = try opened.step(at: position)
            guard step.commit > lastCommit else {
                throw CrashFailure("step \(position) has commit \(step.commit), not after \(lastCommit)")
            }
            lastCommit = step.commit
        }
        for position in index.keyframes.indices {
            _ = try opened.keyframe(at: position)
        }
        return index.ending
    }

    static func flushedSteps(in line: String) throws -> Int {
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[0] == "committed", let steps = Int(parts[1]) else {
            throw CrashFailure("unexpected output line '\(line)'")
        }
        return steps
    }

    /// The steps a report line gives, which must exceed the previous report.
    static func reportedSteps(_ line: String, after previous: Int) throws -> Int {
        let steps = try flushedSteps(in: line)
        guard steps > previous else {
            throw CrashFailure("the counter reported \(steps) commits after \(previous)")
        }
        return steps
    }
}

/// A running ExampleCounter with its stdout and stderr on pipes.
final class CrashChild {
    let process = Process()
    let output: CrashPipeReader
    let errors: CrashPipeReader

    init(binary: URL, arguments: [String], environment: [String: String]? = nil) throws {
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output = CrashPipeReader(stdout.fileHandleForReading)
        errors = CrashPipeReader(stderr.fileHandleForReading)
    }

    /// Sends SIGKILL and reaps the child.
    func sendKill() {
        if process.isRunning {
            _ = kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}

/// Reads lines from a pipe with `poll(2)`, so that waiting is bounded by a deadline.
final class CrashPipeReader {
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var ended = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next complete line; nil at end of file. Throws when the deadline passes first.
    func nextLine(before deadline: ContinuousClock.Instant) throws -> String? {
        while true {
            if let line = takeLine() { return line }
            if ended { return nil }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw CrashFailure("no output from the counter before the deadline")
            }
            let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            _ = try readAvailable(waitingMilliseconds: Int32(clamping: milliseconds))
        }
    }

    /// Every complete line already in the pipe, without waiting.
    func drainLines() -> [String] {
        while (try? readAvailable(waitingMilliseconds: 0)) == true {}
        var lines: [String] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    /// Everything already in the pipe, as text (for error messages).
    func drain() -> String {
        while (try? readAvailable(waitingMilliseconds: 0)) == true {}
        return String(decoding: pending, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits up to `waitingMilliseconds` for data and reads what is there; returns whether
    /// it read any bytes.
    private func readAvailable(waitingMilliseconds: Int32) throws -> Bool {
        guard !ended else { return false }
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, waitingMilliseconds)
        if ready < 0 {
            if errno == EINTR { return false }
            throw CrashFailure("poll failed: \(String(cString: strerror(errno)))")
        }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return false }
            throw CrashFailure("read failed: \(String(cString: strerror(errno)))")
        }
        if count == 0 {
            ended = true
            return false
        }
        pending.append(contentsOf: chunk[0..<count])
        return true
    }

    private func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
    }
}

struct CrashFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A folder for the run's journals.
final class CrashScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "crash-safety-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// SplitMix64: the kill points depend only on the seed.
struct CrashPlanRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

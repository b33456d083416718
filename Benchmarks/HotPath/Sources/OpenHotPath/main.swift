// Opening and indexing a journal (`Journal(url:)`) beside reading its bytes with `read(2)`
// into a reused 4 MiB buffer (issue 15's goal: within 2x), as a plain executable: quick to
// build, and a fixed workload for callgrind and perf.
//
//   OpenHotPath [--pass stat|timeline] JOURNAL [REPEATS]
//                                     best and median of REPEATS, open and read alternated;
//                                     with --pass, what `atomscope stat` does (an open that
//                                     counts every step as it indexes it, JournalStatistics)
//                                     or the open and pass over every step that the REPL,
//                                     `log` and `replay` make (Timeline): what they do with a
//                                     large journal, without the process's start
//   OpenHotPath [--pass stat|timeline] JOURNAL once
//                                     one open (and pass), for callgrind and perf
//   OpenHotPath --write-paced JOURNAL STEPS
//                                     writes a counter journal whose steps are 50 to 500 ms
//                                     apart, as a person's actions are: each time difference
//                                     takes three varint bytes, where ExampleCounter's, a
//                                     loop's, take one
//   OpenHotPath --write-small JOURNAL STEPS
//                                     the same counter with steps 20 µs to 5 ms apart (one
//                                     varint byte or two), as the benchmark's journal of one
//                                     `Int` a step (journal.open.1m.small)

import AtomJournal
import AtomScopeKit
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("OpenHotPath: \(message)\n".utf8))
    exit(1)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// One open, and the pass `pass` names (nil: none); its time and the steps it found.
func open(_ url: URL, pass: String?) -> (nanoseconds: UInt64, steps: Int) {
    let start = now()
    do {
        switch pass {
        case "stat":
            let statistics = try JournalStatistics(url: url)
            return (now() - start, statistics.steps)
        case "timeline":
            let timeline = try Timeline(url: url)
            return (now() - start, timeline.stepCount)
        default:
            let journal = try Journal(url: url)
            return (now() - start, journal.index.steps.count)
        }
    } catch {
        fail("opening \(url.path): \(error)")
    }
}

func read(_ path: String, into buffer: UnsafeMutableRawBufferPointer) -> (nanoseconds: UInt64, bytes: Int) {
    let start = now()
    let descriptor = Glibc.open(path, O_RDONLY)
    guard descriptor >= 0 else { fail("cannot open \(path)") }
    var total = 0
    while true {
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        guard count > 0 else { break }
        total += count
    }
    close(descriptor)
    return (now() - start, total)
}

/// A journal of `steps` counter steps, 50 to 500 ms apart (`paced`) or 20 µs to 5 ms apart,
/// with a keyframe every 256.
func writeCounter(_ url: URL, steps: Int, paced: Bool) {
    do {
        let writer = try JournalWriter(url: url, metadata: ["app": "PacedCounter"], flushPolicy: .never)
        try writer.append(.atomDefinition(JournalAtomDefinition(
            number: 0, id: "CounterAtom()", kind: "state", valueType: "Int",
            isRestorable: true, isSensitive: false, isKeepAlive: false)))
        try writer.append(.keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [JournalValueEntry(atom: 0, value: .json("0"))], edges: [], subscriptions: [])))
        try writer.endCommit()
        var time: Int64 = 0
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 1...max(1, steps) {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            time += paced ? 50_000 + Int64(random >> 33) % 450_000 : 20 + Int64(random >> 33) % 5_000
            try writer.append(.step(JournalStep(
                commit: step, time: time, operation: "set", causeAtom: 0,
                updated: [JournalValueEntry(atom: 0, value: .json(String(step)))]
            )))
            if step % 256 == 0 {
                try writer.append(.keyframe(JournalKeyframe(commit: step, time: time, atoms: [JournalValueEntry(atom: 0, value: .json(String(step)))], edges: [], subscriptions: [])))
            }
            try writer.endCommit()
        }
        try writer.close()
    } catch {
        fail("writing \(url.path): \(error)")
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4, ["--write-paced", "--write-small"].contains(arguments[1]) {
    guard let steps = Int(arguments[3]), steps > 0 else { fail("\(arguments[1]) needs a number of steps") }
    writeCounter(URL(filePath: arguments[2]), steps: steps, paced: arguments[1] == "--write-paced")
    exit(0)
}
var rest = Array(arguments.dropFirst())
var pass: String?
if rest.first == "--pass" {
    guard rest.count >= 2, ["stat", "timeline"].contains(rest[1]) else { fail("--pass takes stat or timeline") }
    pass = rest[1]
    rest.removeFirst(2)
}
guard !rest.isEmpty else { fail("usage: OpenHotPath [--pass stat|timeline] JOURNAL [REPEATS|once]") }
let url = URL(filePath: rest[0])
if rest.count >= 2, rest[1] == "once" {
    print("OpenHotPath: \(open(url, pass: pass).steps) steps")
    exit(0)
}
let repeats = rest.count >= 2 ? Int(rest[1]) ?? 20 : 20
let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 4096)
buffer.initializeMemory(as: UInt8.self, repeating: 0)
var opens: [UInt64] = []
var reads: [UInt64] = []
var steps = 0
var size = 0
for run in 0..<repeats {
    if run % 2 == 0 {
        let opened = open(url, pass: pass)
        opens.append(opened.nanoseconds)
        steps = opened.steps
        reads.append(read(url.path, into: buffer).nanoseconds)
    } else {
        let bytes = read(url.path, into: buffer)
        reads.append(bytes.nanoseconds)
        size = bytes.bytes
        opens.append(open(url, pass: pass).nanoseconds)
    }
}
func median(_ values: [UInt64]) -> Double { Double(values.sorted()[values.count / 2]) / 1e6 }
func best(_ values: [UInt64]) -> Double { Double(values.min() ?? 0) / 1e6 }
print(String(
    format: "%@ %.2f ms best, %.2f ms p50; read(2) %.2f ms best, %.2f ms p50; %.2fx best, %.2fx p50 (%d steps, %d bytes, %d runs)",
    pass.map { "open+index+\($0)" } ?? "open+index", best(opens), median(opens), best(reads), median(reads), best(opens) / best(reads), median(opens) / median(reads), steps, size, repeats
))

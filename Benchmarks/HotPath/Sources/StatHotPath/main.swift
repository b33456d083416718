// What `atomscope stat` and the REPL's open do with a large journal, inside one process, beside
// reading its bytes with `read(2)` into a reused 4 MiB buffer (issue 15: within 2x): the
// open and index, then the pass over every step (`JournalStatistics`, or the `Timeline`'s
// index of changes). Whole-process figures add the process's start, which does not grow
// with the journal; these do not.
//
//   StatHotPath stat|timeline JOURNAL [REPEATS]   best and median of REPEATS, alternated with read(2)
//   StatHotPath stat|timeline JOURNAL once        one run (for callgrind and perf)

import AtomJournal
import AtomScopeKit
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StatHotPath: \(message)\n".utf8))
    exit(1)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// One open and pass; returns its time and the steps it counted.
func run(_ mode: String, _ url: URL) -> (nanoseconds: UInt64, steps: Int) {
    let start = now()
    do {
        if mode == "stat" {
            let statistics = try JournalStatistics(journal: Journal(url: url))
            return (now() - start, statistics.steps)
        }
        let timeline = try Timeline(url: url)
        return (now() - start, timeline.stepCount)
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

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["stat", "timeline"].contains(arguments[1]) else {
    fail("usage: StatHotPath stat|timeline JOURNAL [REPEATS|once]")
}
let mode = arguments[1]
let url = URL(filePath: arguments[2])
if arguments.count >= 4, arguments[3] == "once" {
    print("StatHotPath: \(run(mode, url).steps) steps")
    exit(0)
}
let repeats = arguments.count >= 4 ? Int(arguments[3]) ?? 20 : 20
let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 4096)
buffer.initializeMemory(as: UInt8.self, repeating: 0)
var passes: [UInt64] = []
var reads: [UInt64] = []
var steps = 0
var size = 0
for index in 0..<repeats {
    if index % 2 == 0 {
        let pass = run(mode, url)
        passes.append(pass.nanoseconds)
        steps = pass.steps
        reads.append(read(url.path, into: buffer).nanoseconds)
    } else {
        let bytes = read(url.path, into: buffer)
        reads.append(bytes.nanoseconds)
        size = bytes.bytes
        passes.append(run(mode, url).nanoseconds)
    }
}
func median(_ values: [UInt64]) -> Double { Double(values.sorted()[values.count / 2]) / 1e6 }
func best(_ values: [UInt64]) -> Double { Double(values.min() ?? 0) / 1e6 }
print(String(
    format: "%@ %.2f ms best, %.2f ms p50; read(2) %.2f ms best, %.2f ms p50; %.2fx best, %.2fx p50 (%d steps, %d bytes, %d runs)",
    mode, best(passes), median(passes), best(reads), median(reads), best(passes) / best(reads), median(passes) / median(reads), steps, size, repeats
))

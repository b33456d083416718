// Opening and indexing a journal (`Journal(url:)`) beside reading its bytes with `read(2)`
// into a reused 4 MiB buffer (issue 15's goal: within 2x), as a plain executable: quick to
// build, and a fixed workload for callgrind and perf.
//
//   OpenHotPath JOURNAL [REPEATS]     best and median of REPEATS, open and read alternated
//   OpenHotPath JOURNAL once          one open (for callgrind)

import AtomJournal
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("OpenHotPath: \(message)\n".utf8))
    exit(1)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func open(_ url: URL) -> (nanoseconds: UInt64, steps: Int) {
    let start = now()
    do {
        let journal = try Journal(url: url)
        return (now() - start, journal.index.steps.count)
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
guard arguments.count >= 2 else { fail("usage: OpenHotPath JOURNAL [REPEATS|once]") }
let url = URL(filePath: arguments[1])
if arguments.count >= 3, arguments[2] == "once" {
    print("OpenHotPath: \(open(url).steps) steps")
    exit(0)
}
let repeats = arguments.count >= 3 ? Int(arguments[2]) ?? 20 : 20
let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 4096)
buffer.initializeMemory(as: UInt8.self, repeating: 0)
var opens: [UInt64] = []
var reads: [UInt64] = []
var steps = 0
var size = 0
for run in 0..<repeats {
    if run % 2 == 0 {
        let opened = open(url)
        opens.append(opened.nanoseconds)
        steps = opened.steps
        reads.append(read(url.path, into: buffer).nanoseconds)
    } else {
        let bytes = read(url.path, into: buffer)
        reads.append(bytes.nanoseconds)
        size = bytes.bytes
        opens.append(open(url).nanoseconds)
    }
}
func median(_ values: [UInt64]) -> Double { Double(values.sorted()[values.count / 2]) / 1e6 }
func best(_ values: [UInt64]) -> Double { Double(values.min() ?? 0) / 1e6 }
print(String(
    format: "open+index %.2f ms best, %.2f ms p50; read(2) %.2f ms best, %.2f ms p50; %.2fx best, %.2fx p50 (%d steps, %d bytes, %d runs)",
    best(opens), median(opens), best(reads), median(reads), best(opens) / best(reads), median(opens) / median(reads), steps, size, repeats
))

// Scanning a damaged journal beside the same journal undamaged (issue 14's goal: within 3x),
// as a plain executable: quick to build, and a fixed workload for callgrind. The damaged
// copies keep the first and last tenth of CLEAN and replace the middle with garbage in the
// shapes of `Benchmarks/Benchmarks/Journal/DamagedScan.swift`; every frame after the garbage
// must still be found.
//
//   ScanHotPath CLEAN.journal [REPEATS] [SHAPE...]     best of REPEATS, each shape beside clean
//   ScanHotPath CLEAN.journal once SHAPE|clean         one scan (for callgrind)

import AtomJournal
import Foundation

let shapes = ["random", "zeros", "headersToEnd", "denseHeaders", "mixedLengths"]

struct Mix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ScanHotPath: \(message)\n".utf8))
    exit(1)
}

nonisolated func scan(_ url: URL, from offset: Int) -> (seconds: Double, framesFrom: Int, damage: Int) {
    var frames = 0
    var damage = 0
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        let reader = try JournalReader(url: url)
        _ = try reader.scanFrames(reportingDamage: { _ in damage += 1 }) { frame in
            if frame.offset >= offset { frames += 1 }
        }
    } catch {
        fail("scanning \(url.path): \(error)")
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, frames, damage)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: ScanHotPath CLEAN.journal [REPEATS|once] [SHAPE...]") }
let clean = URL(filePath: arguments[1])
guard let bytes = try? [UInt8](Data(contentsOf: clean)) else { fail("cannot read \(clean.path)") }
var frames: [(offset: Int, sequence: UInt64)] = []
do {
    let reader = try JournalReader(url: clean)
    _ = try reader.scanFrames { frame in frames.append((frame.offset, frame.sequence)) }
} catch {
    fail("scanning \(clean.path): \(error)")
}
let size = bytes.count
guard let first = frames.first(where: { $0.offset >= size / 10 }),
      let last = frames.first(where: { $0.offset >= size * 9 / 10 }) else { fail("journal too small") }
let framesAfter = frames.count(where: { $0.offset >= last.offset })

func damaged(_ shape: String) -> URL {
    var damaged = bytes
    var generator = Mix64(state: 14)
    let range = first.offset..<last.offset
    func put(_ value: UInt64, width: Int, at index: Int) {
        for byte in 0..<width where index + byte < range.upperBound {
            damaged[index + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))
        }
    }
    switch shape {
    case "random":
        for index in range { damaged[index] = UInt8(truncatingIfNeeded: generator.next()) }
    case "zeros":
        for index in range { damaged[index] = 0 }
    case "headersToEnd", "mixedLengths":
        for (step, offset) in stride(from: range.lowerBound, to: range.upperBound, by: 17).enumerated() {
            let room = size - offset - 17
            let length = shape == "headersToEnd" ? room : Int(generator.next() % UInt64(max(room, 1)))
            put(UInt64(length), width: 4, at: offset)
            put(generator.next(), width: 4, at: offset + 4)
            put(4, width: 1, at: offset + 8)
            put(first.sequence + 1 + UInt64(step), width: 8, at: offset + 9)
        }
    case "denseHeaders":
        for offset in stride(from: range.lowerBound, to: range.upperBound, by: 9) {
            put(4, width: 1, at: offset)
            put(first.sequence, width: 8, at: offset + 1)
        }
    default:
        fail("unknown shape \(shape); shapes: \(shapes.joined(separator: ", "))")
    }
    let url = URL(filePath: NSTemporaryDirectory()).appending(path: "scan-hot-path-\(shape).journal")
    do { try Data(damaged).write(to: url) } catch { fail("writing \(url.path): \(error)") }
    return url
}

func checked(_ result: (seconds: Double, framesFrom: Int, damage: Int), _ shape: String) -> Double {
    guard result.damage == 1, result.framesFrom == framesAfter else {
        fail("\(shape): \(result.damage) damaged runs, \(result.framesFrom) of \(framesAfter) frames after the garbage")
    }
    return result.seconds
}

if arguments.count >= 4, arguments[2] == "once" {
    if arguments[3] == "clean" {
        _ = scan(clean, from: 0)
        exit(0)
    }
    let url = damaged(arguments[3])
    _ = checked(scan(url, from: last.offset), arguments[3])
    exit(0)
}
let repeats = arguments.count >= 3 ? Int(arguments[2]) ?? 20 : 20
let chosen = arguments.count >= 4 ? Array(arguments[3...]) : shapes
print("shape            damaged      clean   ratio   (best of \(repeats), \(size) bytes)")
for shape in chosen {
    let url = damaged(shape)
    var best = Double.infinity
    var bestClean = Double.infinity
    for _ in 0..<repeats {
        best = min(best, checked(scan(url, from: last.offset), shape))
        bestClean = min(bestClean, scan(clean, from: 0).seconds)
    }
    let line = shape.padding(toLength: 14, withPad: " ", startingAt: 0)
    print(line, String(format: "%8.0f µs %8.0f µs %6.2fx", best * 1e6, bestClean * 1e6, best / bestClean))
}

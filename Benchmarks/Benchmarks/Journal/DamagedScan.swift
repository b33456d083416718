// Scanning a damaged 1 MiB journal with `JournalReader.scanFrames(reportingDamage:_:)` next to
// scanning the same journal undamaged, in one process, interleaved. The damaged copies keep
// the first and last tenth of the journal and replace the middle with garbage shaped against
// the search for valid frames after damage (issue 14's goal: within 3× of the undamaged
// scan, every valid frame after the garbage still found). The files are written once in
// setup and are in the page cache for every side.

import AtomJournal
import Benchmark
import BenchmarkSupport
import Foundation

/// The garbage shapes, as `Tests/AtomJournalTests/Damage/AdversarialJournal.swift` describes
/// them; here they overwrite the middle of a journal the writer made.
enum GarbageShape: String, CaseIterable {
    case random, zeros, headersToEnd, denseHeaders, mixedLengths
}

@MainActor
private enum DamagedScanFiles {
    static var directory: URL?
    static var clean: URL?
    static var damaged: [GarbageShape: URL] = [:]
    /// Frames of the clean journal from the end of the garbage on, which every damaged scan
    /// must still find.
    static var framesAfter = 0
    static var garbageEnd = 0
    static var runs = 0

    static func make() {
        let directory = TemporaryDirectory.make("damaged-scan")
        let clean = directory.appending(path: "clean.journal")
        // About 43 bytes a step: 24,000 steps make a journal of about 1 MiB.
        let size = SyntheticJournal.write(to: clean, steps: 24_000)
        let bytes = must("reading \(clean.path)") { try [UInt8](Data(contentsOf: clean)) }
        var frames: [(offset: Int, sequence: UInt64)] = []
        let reader = must("opening \(clean.path)") { () throws(JournalError) in try JournalReader(url: clean) }
        _ = must("scanning \(clean.path)") { () throws(JournalError) in
            try reader.scanFrames { frame throws(JournalError) in frames.append((frame.offset, frame.sequence)) }
        }
        guard let start = frames.first(where: { $0.offset >= size / 10 }),
              let end = frames.first(where: { $0.offset >= size * 9 / 10 }) else { fatalError("journal too small") }
        framesAfter = frames.count(where: { $0.offset >= end.offset })
        garbageEnd = end.offset
        for shape in GarbageShape.allCases {
            var damaged = bytes
            fill(&damaged, start.offset..<end.offset, shape: shape, expected: start.sequence, fileSize: size)
            let url = directory.appending(path: "\(shape.rawValue).journal")
            must("writing \(url.path)") { try Data(damaged).write(to: url) }
            self.damaged[shape] = url
        }
        self.directory = directory
        self.clean = clean
    }

    static func fill(_ bytes: inout [UInt8], _ range: Range<Int>, shape: GarbageShape, expected: UInt64, fileSize: Int) {
        var generator = SplitMix64(seed: 14)
        func put(_ value: UInt64, width: Int, at index: Int) {
            for byte in 0..<width where index + byte < range.upperBound {
                bytes[index + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))
            }
        }
        switch shape {
        case .random:
            for index in range { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        case .zeros:
            for index in range { bytes[index] = 0 }
        case .headersToEnd, .mixedLengths:
            for (step, offset) in stride(from: range.lowerBound, to: range.upperBound, by: 17).enumerated() {
                let room = fileSize - offset - 17
                let length = shape == .headersToEnd ? room : Int(generator.next() % UInt64(max(room, 1)))
                put(UInt64(length), width: 4, at: offset)
                put(generator.next(), width: 4, at: offset + 4)
                put(4, width: 1, at: offset + 8)
                put(expected + 1 + UInt64(step), width: 8, at: offset + 9)
            }
        case .denseHeaders:
            for offset in stride(from: range.lowerBound, to: range.upperBound, by: 9) {
                put(4, width: 1, at: offset)
                put(expected, width: 8, at: offset + 1)
            }
        }
    }

    static func remove() {
        if let directory { TemporaryDirectory.remove(directory) }
        directory = nil
        clean = nil
        damaged = [:]
    }
}

/// Scans a journal, reading past damage; returns the time and the frames found at or after
/// `from`.
@MainActor
private func scan(_ url: URL, from offset: Int) -> (elapsed: Int, framesFrom: Int, damage: Int) {
    var frames = 0
    var damage = 0
    let elapsed = nanoseconds {
        let reader = must("opening \(url.path)") { () throws(JournalError) in try JournalReader(url: url) }
        _ = must("scanning \(url.path)") { () throws(JournalError) in
            try reader.scanFrames(reportingDamage: { _ in damage += 1 }) { frame throws(JournalError) in
                if frame.offset >= offset { frames += 1 }
            }
        }
    }
    return (elapsed, frames, damage)
}

func registerDamagedScan() {
    let clean = metric("clean")
    let shapes = Dictionary(uniqueKeysWithValues: GarbageShape.allCases.map { ($0, metric($0.rawValue)) })
    Benchmark(
        "journal.scan.damaged",
        configuration: benchmarkConfiguration(
            [clean] + GarbageShape.allCases.compactMap { shapes[$0] }, warmup: 1, iterations: 20,
            setup: { await MainActor.run { DamagedScanFiles.make() } },
            teardown: { await MainActor.run { DamagedScanFiles.remove() } }
        )
    ) { benchmark in
        let results = await MainActor.run { () -> [(BenchmarkMetric, Int)] in
            guard let cleanURL = DamagedScanFiles.clean else { fatalError("no journal") }
            let run = DamagedScanFiles.runs
            DamagedScanFiles.runs += 1
            var results: [(BenchmarkMetric, Int)] = []
            let ordered = run % 2 == 0 ? GarbageShape.allCases : GarbageShape.allCases.reversed()
            for shape in ordered {
                guard let url = DamagedScanFiles.damaged[shape], let metric = shapes[shape] else { continue }
                // The clean scan beside each damaged one, alternating which goes first.
                let first = run % 2 == 0
                let before = first ? scan(cleanURL, from: 0) : nil
                let damaged = scan(url, from: DamagedScanFiles.garbageEnd)
                let after = first ? nil : scan(cleanURL, from: 0)
                check(damaged.damage == 1, "\(shape): \(damaged.damage) damaged runs")
                check(damaged.framesFrom == DamagedScanFiles.framesAfter, "\(shape): \(damaged.framesFrom) of \(DamagedScanFiles.framesAfter) frames after the garbage")
                results.append((metric, damaged.elapsed))
                if let cleanRun = before ?? after { results.append((clean, cleanRun.elapsed)) }
            }
            return results
        }
        for (metric, value) in results { benchmark.measurement(metric, value) }
    }
}

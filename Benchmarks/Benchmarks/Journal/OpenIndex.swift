// Open-and-index of a 1,000,000-step journal with `Journal(url:)` (every frame validated,
// the index of steps, keyframes, definitions and marks built), next to reading the same
// file's bytes with `read(2)` into a reused 4 MiB buffer, the reader's own chunk size (the
// physical floor). The file is written once in setup, not measured, and is in the page
// cache for both. One iteration measures both, alternating which goes first. Two journals:
// steps milliseconds apart, and steps 50 to 500 ms apart as a person's actions come, whose
// time differences take three varint bytes instead of one or two.

import AtomJournal
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

let largeJournalSteps = 1_000_000

/// A 1,000,000-step journal in a temporary directory, written once per benchmark process:
/// steps a few milliseconds apart (the seek benchmark's too), or paced as a person's actions,
/// whose time differences take a varint byte more.
@MainActor
final class LargeJournal {
    // Constants made outside the main actor: the benchmarks are registered outside it.
    nonisolated static let everyFewMilliseconds = LargeJournal(paced: false)
    nonisolated static let personPaced = LargeJournal(paced: true)
    /// Steps of one `Int` each, about 28 bytes: the index's first guess at its room (a step
    /// per 34 bytes) falls short of them.
    nonisolated static let smallSteps = LargeJournal(paced: false, small: true)

    let paced: Bool
    let small: Bool
    private var directory: URL?
    private(set) var url: URL?
    private(set) var size = 0

    nonisolated private init(paced: Bool, small: Bool = false) {
        self.paced = paced
        self.small = small
    }

    func make() -> URL {
        if let url { return url }
        let directory = TemporaryDirectory.make(small ? "small-steps-journal" : paced ? "paced-journal" : "large-journal")
        let url = directory.appending(path: "1m.journal")
        size = SyntheticJournal.write(to: url, steps: largeJournalSteps, paced: paced, small: small)
        self.directory = directory
        self.url = url
        return url
    }

    func remove() {
        if let directory { TemporaryDirectory.remove(directory) }
        directory = nil
        url = nil
    }
}

@MainActor
private enum OpenState {
    static var buffer: UnsafeMutableRawBufferPointer?
    static var runs = 0
}

@MainActor
private func openAndIndex(_ url: URL) -> Int {
    var journal: Journal?
    let elapsed = nanoseconds {
        journal = must("opening \(url.path)") { () throws(JournalError) in try Journal(url: url) }
    }
    guard let journal else { fatalError("no journal") }
    let index = journal.index
    check(index.steps.count == largeJournalSteps, "index has \(index.steps.count) steps")
    check(index.keyframes.count == SyntheticJournal.keyframeCount(steps: largeJournalSteps), "index has \(index.keyframes.count) keyframes")
    check(index.keyframes[1].stepCount == SyntheticJournal.keyframeInterval, "second keyframe after \(index.keyframes[1].stepCount) steps")
    check(index.atoms.count == 3 && index.locations.count == 2 && index.subscribers.count == 1, "index definitions")
    check(index.ending == .closed && index.close?.stepCount == largeJournalSteps, "journal ends \(index.ending)")
    let last = index.steps[largeJournalSteps - 1]
    check(last.commit == SyntheticJournal.firstCommit + largeJournalSteps, "last step's commit \(last.commit)")
    return elapsed
}

@MainActor
private func readBytes(_ url: URL, size: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    var total = 0
    let elapsed = nanoseconds {
        let descriptor = must("opening \(url.path)") { try FileDescriptor.open(FilePath(url.path), .readOnly) }
        while true {
            let count = must("reading \(url.path)") { try descriptor.read(into: buffer) }
            if count == 0 { break }
            total += count
        }
        must("closing \(url.path)") { try descriptor.close() }
    }
    check(total == size, "read \(total) bytes of \(size)")
    return elapsed
}

func registerOpenIndex() {
    registerOpenIndex("journal.open.1m", LargeJournal.everyFewMilliseconds)
    registerOpenIndex("journal.open.1m.paced", LargeJournal.personPaced)
    registerOpenIndex("journal.open.1m.small", LargeJournal.smallSteps)
}

private func registerOpenIndex(_ name: String, _ journal: LargeJournal) {
    let index = metric("index")
    let read = metric("read")
    let bytes = metric("fileBytes")
    Benchmark(
        name,
        configuration: benchmarkConfiguration(
            [index, read, bytes], warmup: 1, iterations: 10,
            setup: {
                await MainActor.run {
                    _ = journal.make()
                    OpenState.buffer = .allocate(byteCount: 4 << 20, alignment: 4096)
                    OpenState.buffer?.initializeMemory(as: UInt8.self, repeating: 0)
                }
            },
            teardown: {
                await MainActor.run {
                    OpenState.buffer?.deallocate()
                    OpenState.buffer = nil
                    journal.remove()
                }
            }
        )
    ) { benchmark in
        let (indexTime, readTime, size) = await MainActor.run {
            guard let url = journal.url, let buffer = OpenState.buffer else { fatalError("no journal") }
            let run = OpenState.runs
            OpenState.runs += 1
            if run % 2 == 0 {
                let indexTime = openAndIndex(url)
                return (indexTime, readBytes(url, size: journal.size, into: buffer), journal.size)
            } else {
                let readTime = readBytes(url, size: journal.size, into: buffer)
                return (openAndIndex(url), readTime, journal.size)
            }
        }
        benchmark.measurement(index, indexTime)
        benchmark.measurement(read, readTime)
        benchmark.measurement(bytes, size)
    }
}

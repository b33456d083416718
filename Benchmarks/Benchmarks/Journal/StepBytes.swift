// Bytes per step when one `Int` atom changes: `recorder.writer.bytesWritten` around one
// `set` in a warmed-up store (the atom, its subscriber and the call's source location are
// already defined, so the step is the only record written).
//
// The size is deterministic but for one field: the time since the previous step, a zigzag
// varint of microseconds (1 byte below 64 µs, 2 below 8.192 ms). Back-to-back sets are a
// few microseconds apart, so the smallest of 64 measurements is checked to be exactly the
// size the format gives (docs/JOURNAL-FORMAT.md), and every one to be at most 2 bytes more.

import AtomJournal
import Atoms
import Benchmark
import BenchmarkSupport
import Foundation

private struct CounterAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

/// One `set` from one source line, so that its location is defined once.
@MainActor
private func setCounter(_ context: AtomViewContext, _ value: Int) {
    context.set(value, for: CounterAtom())
}

/// The step's size from the format: frame header (length 4, checksum 4, type 1, sequence 8);
/// then commit delta (1), time delta (1), operation code (1), cause atom + 1 (1), cause
/// location + 1 (1), section flags (1); the updated section: count (1), atom number (1),
/// value tag (1) and, since format 2.0, the integer as a zigzag varint (before it, a length
/// and the JSON text).
private func expectedStepBytes(value: Int) -> Int {
    17 + 6 + 3 + integerBytes(value)
}

/// The bytes of `value` as a zigzag varint.
private func integerBytes(_ value: Int) -> Int {
    var rest = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63)) >> 7
    var size = 1
    while rest > 0 {
        size += 1
        rest >>= 7
    }
    return size
}

private let samples = 64
private let firstValue = 1000

@MainActor
private func measureStepBytes() -> [Int] {
    let directory = TemporaryDirectory.make("step-bytes")
    defer { TemporaryDirectory.remove(directory) }
    let url = directory.appending(path: "bytes.journal")
    let root = AtomRoot()
    // The default policy, so that `stepsWritten` counts each step as its commit returns.
    let recorder = must("creating the recorder") { () throws(JournalError) in
        try JournalRecorder(root: root, url: url)
    }
    let context = root.context()
    check(context.watch(CounterAtom()) == 0, "counter starts at 0")
    // Warm up: the first set defines the location; later ones are plain steps.
    for value in 1...3 {
        setCounter(context, value)
    }
    var sizes: [Int] = []
    for index in 0..<samples {
        let value = firstValue + index
        let steps = recorder.stepsWritten
        let before = recorder.writer.bytesWritten
        setCounter(context, value)
        let after = recorder.writer.bytesWritten
        check(recorder.stepsWritten == steps + 1, "one set wrote \(recorder.stepsWritten - steps) steps")
        // A keyframe after every 256th step would add to it: none is due here.
        check(recorder.stepsWritten % recorder.options.keyframeInterval != 0, "a keyframe fell on a measured step")
        sizes.append(after - before)
    }
    check(recorder.lastError == nil, "recorder error \(String(describing: recorder.lastError))")
    must("closing the journal") { () throws(JournalError) in try recorder.close() }

    // The journal reads back; the measured steps each update exactly the counter.
    let journal = must("opening the journal") { () throws(JournalError) in try Journal(url: url) }
    let last = must("decoding the last step") { () throws(JournalError) in try journal.step(at: journal.stepCount - 1) }
    check(last.operation == "set" && last.updated.count == 1 && last.updated[0].value == .json(String(firstValue + samples - 1)),
          "last step \(last)")
    check(last.causeLocation != nil && last.causeAtom == last.updated[0].atom, "last step's cause \(last)")

    let expected = expectedStepBytes(value: firstValue)
    check(sizes.min() == expected, "bytes per step: smallest \(sizes.min() ?? -1), expected \(expected) (sizes \(sizes))")
    check(sizes.allSatisfy { $0 >= expected && $0 <= expected + 2 }, "bytes per step out of range: \(sizes)")
    withExtendedLifetime(context) {}
    return sizes
}

func registerStepBytes() {
    let bytes = metric("bytes")
    let value = metric("valueBytes")
    Benchmark(
        "journal.step-bytes",
        configuration: benchmarkConfiguration([bytes, value], warmup: 0, iterations: 1)
    ) { benchmark in
        let sizes = await MainActor.run { measureStepBytes() }
        let smallest = sizes.min() ?? -1
        let valueBytes = integerBytes(firstValue)
        print("journal.step-bytes: one Int atom set = \(smallest) bytes per step (\(smallest - valueBytes) + a \(valueBytes)-byte value), largest of \(sizes.count): \(sizes.max() ?? -1)")
        benchmark.measurement(bytes, smallest)
        benchmark.measurement(value, valueBytes)
    }
}

// Recording on vs off on the kairo "deep" shape (as in Propagation/Deep.swift): source →
// chain of 50 nodes, each `prev + 1` → 1 effect; iter() writes the source once, then for i in
// 0..<50 writes i, so each iter() is 51 commits that each update 51 Int atoms.
//
// Two graphs are built once: one plain ("off"), one whose root has a JournalRecorder
// attached before anything is watched ("on", the default flush policy, journal in a
// temporary directory, closed and removed at teardown). One benchmark iteration runs 500
// iter() on each, alternating which goes first; 10 measured iterations, best reported.

import AtomJournal
import Atoms
import Benchmark
import BenchmarkSupport
import Foundation

private let deepLength = 50
private let iterCalls = 500
/// Commits per iter(): one write of 1, then 50 writes.
private let commitsPerIter = 1 + deepLength

private struct DeepSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct DeepNode: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int {
        (i == 0 ? context.watch(DeepSource()) : context.watch(DeepNode(i: i - 1))) + 1
    }
}

private let deepLeaf = DeepNode(i: deepLength - 1)

/// The effect: a subscriber that watches the leaf and counts its updates, reading the leaf
/// again on each (as a view re-rendering would).
@MainActor
private final class LeafEffect {
    let context: AtomViewContext
    private(set) var runs = 0
    private(set) var seen: Int

    init(_ root: AtomRoot) {
        context = root.context()
        seen = context.watch(deepLeaf)
        context.onUpdate = { [unowned self] in
            self.runs += 1
            self.seen = self.context.watch(deepLeaf)
        }
    }

    func resetRuns() {
        runs = 0
    }
}

@MainActor
private final class DeepGraph {
    let name: String
    let root: AtomRoot
    let recorder: JournalRecorder?
    let writer: AtomViewContext
    let effect: LeafEffect

    init(name: String, journal: URL?) {
        self.name = name
        let root = AtomRoot()
        self.root = root
        if let journal {
            // The default policy: each commit's records reach the kernel before it returns.
            recorder = must("creating the recorder") { () throws(JournalError) in
                try JournalRecorder(root: root, url: journal)
            }
        } else {
            recorder = nil
        }
        writer = root.context()
        effect = LeafEffect(root)
        check(effect.seen == deepLength, "\(name): initial leaf \(effect.seen)")
    }

    func iter() {
        writer.set(1, for: DeepSource())
        effect.resetRuns()
        for i in 0..<deepLength {
            writer.set(i, for: DeepSource())
            check(writer.read(deepLeaf) == deepLength + i, "\(name): leaf \(writer.read(deepLeaf)) at \(i)")
        }
        check(effect.runs == deepLength, "\(name): effect ran \(effect.runs) times, expected \(deepLength)")
        check(effect.seen == 2 * deepLength - 1, "\(name): effect saw \(effect.seen)")
    }

    /// 500 iter(); returns the nanoseconds they took, checking the recorder afterwards.
    func sample() -> Int {
        let before = recorder?.stepsWritten ?? 0
        let elapsed = nanoseconds {
            for _ in 0..<iterCalls {
                iter()
            }
        }
        if let recorder {
            check(recorder.lastError == nil, "\(name): recorder error \(String(describing: recorder.lastError))")
            check(recorder.isRecording, "\(name): recording stopped")
            let steps = recorder.stepsWritten - before
            check(steps == iterCalls * commitsPerIter, "\(name): \(steps) steps in a sample, expected \(iterCalls * commitsPerIter)")
        }
        return elapsed
    }
}

@MainActor
private enum DeepState {
    static var directory: URL?
    static var off: DeepGraph?
    static var on: DeepGraph?
    static var runs = 0

    static func setUp() {
        let directory = TemporaryDirectory.make("deep")
        self.directory = directory
        off = DeepGraph(name: "deep off", journal: nil)
        on = DeepGraph(name: "deep on", journal: directory.appending(path: "deep.journal"))
    }

    static func tearDown() {
        if let on, let recorder = on.recorder {
            let url = URL(filePath: recorder.writer.path)
            let steps = recorder.stepsWritten
            must("closing the journal") { () throws(JournalError) in try recorder.close() }
            // Every recorded step is in the journal, and the last one holds the whole chain.
            let journal = must("opening \(url.path)") { () throws(JournalError) in try Journal(url: url) }
            check(journal.stepCount == steps, "deep on: journal has \(journal.stepCount) steps, recorder wrote \(steps)")
            check(journal.index.ending == .closed, "deep on: journal ends \(journal.index.ending)")
            let last = must("decoding the last step") { () throws(JournalError) in try journal.step(at: steps - 1) }
            check(last.updated.count == deepLength + 1, "deep on: last step updated \(last.updated.count) atoms")
            check(last.updated.contains { $0.value == .json(String(2 * deepLength - 1)) }, "deep on: last step lacks the leaf's value")
        }
        off = nil
        on = nil
        if let directory { TemporaryDirectory.remove(directory) }
        directory = nil
    }
}

func registerDeepRecording() {
    let off = metric("off")
    let on = metric("on")
    Benchmark(
        "journal.recording.deep",
        configuration: benchmarkConfiguration(
            [off, on], warmup: 1, iterations: 10,
            setup: { await MainActor.run { DeepState.setUp() } },
            teardown: { await MainActor.run { DeepState.tearDown() } }
        )
    ) { benchmark in
        let (offTime, onTime) = await MainActor.run {
            guard let offGraph = DeepState.off, let onGraph = DeepState.on else { fatalError("deep graphs not built") }
            let run = DeepState.runs
            DeepState.runs += 1
            if run % 2 == 0 {
                let offTime = offGraph.sample()
                return (offTime, onGraph.sample())
            } else {
                let onTime = onGraph.sample()
                return (offGraph.sample(), onTime)
            }
        }
        benchmark.measurement(off, offTime)
        benchmark.measurement(on, onTime)
    }
}

// Recording on vs off on an async shape: 1,000 TaskAtoms, each suspended on a continuation of
// its own, fan into one derived atom that watches every task's `.phase` and counts the
// successes; one subscriber watches the count.
//
// One benchmark iteration builds the graph twice in fresh stores, once without a recorder
// ("off") and once with a JournalRecorder attached before anything is watched ("on", flush
// policy every 100 ms, journal in a temporary directory), alternating which goes first.
// Building the graph (the first watch, which starts the 1,000 tasks) and creating and
// closing the recorder happen outside the measured region. What is measured is the
// completions: all 1,000 continuations are resumed at once, and the clock stops when the
// subscriber sees a count of 1,000. Every completion is its own commit ("task finished"), so
// the "on" journal gets 1,000 steps. scripts/bench divides by 1,000: time per completion.

import AtomJournal
import Atoms
import Benchmark
import BenchmarkSupport
import Foundation

private let taskCount = 1_000

/// The continuations the tasks wait on, released all at once by the benchmark.
@MainActor
private final class Release: Sendable {
    private var waiting: [CheckedContinuation<Int, Never>] = []

    var waitingCount: Int { waiting.count }

    func wait() async -> Int {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Resumes every task; task `i` returns `i`.
    func releaseAll() {
        let continuations = waiting
        waiting.removeAll()
        for continuation in continuations {
            continuation.resume(returning: 1)
        }
    }
}

/// Identifies one graph's release, so that graphs in fresh stores never share atoms.
private struct ReleaseHandle: Hashable, Sendable {
    let release: Release
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.release === rhs.release }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(release)) }
}

private struct ScoreTask: TaskAtom, Hashable {
    let index: Int
    let handle: ReleaseHandle
    func value(context: Context) async -> Int {
        await handle.release.wait() * index
    }
}

/// Watches every task's phase; the number that have succeeded.
private struct SuccessCount: ValueAtom, Hashable {
    let handle: ReleaseHandle
    func value(context: Context) -> Int {
        var successes = 0
        for index in 0..<taskCount where context.watch(ScoreTask(index: index, handle: handle).phase).isSuccess {
            successes += 1
        }
        return successes
    }
}

@MainActor
private final class FanIn {
    let name: String
    let release = Release()
    let root = AtomRoot()
    let recorder: JournalRecorder?
    let subscriber: AtomViewContext
    private var done: CheckedContinuation<Void, Never>?
    private(set) var updates = 0

    var count: SuccessCount { SuccessCount(handle: ReleaseHandle(release: release)) }

    init(name: String, journal: URL?) {
        self.name = name
        if let journal {
            var options = JournalRecorderOptions()
            options.flushPolicy = .interval(.milliseconds(100))
            let root = root
            recorder = must("creating the recorder") { () throws(JournalError) in
                try JournalRecorder(root: root, url: journal, options: options)
            }
        } else {
            recorder = nil
        }
        subscriber = root.context()
        check(subscriber.watch(count) == 0, "\(name): a task finished before its release")
        check(release.waitingCount == taskCount, "\(name): \(release.waitingCount) tasks waiting, expected \(taskCount)")
        subscriber.onUpdate = { [unowned self] in
            updates += 1
            if subscriber.read(count) == taskCount {
                done?.resume()
                done = nil
            }
        }
    }

    /// Releases every task and returns the nanoseconds until the count reaches 1,000.
    func complete() async -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        await withCheckedContinuation { continuation in
            done = continuation
            release.releaseAll()
        }
        let elapsed = clock.now - start
        check(subscriber.read(count) == taskCount, "\(name): count \(subscriber.read(count)), expected \(taskCount)")
        check(updates == taskCount, "\(name): the subscriber heard \(updates) updates, expected \(taskCount)")
        let total = (0..<taskCount).reduce(0) { sum, index in
            sum + (subscriber.read(ScoreTask(index: index, handle: ReleaseHandle(release: release)).phase).value ?? 0)
        }
        check(total == taskCount * (taskCount - 1) / 2, "\(name): tasks returned \(total)")
        if let recorder {
            check(recorder.lastError == nil, "\(name): recorder error \(String(describing: recorder.lastError))")
            // Under the interval policy the last steps wait in the buffer until 100 ms have
            // passed since the last write: written out here, after the timed region, so that the
            // count does not depend on how fast the commits came.
            must("flushing the journal") { () throws(JournalError) in try recorder.writer.flush() }
            check(recorder.stepsWritten == 1 + taskCount, "\(name): \(recorder.stepsWritten) steps, expected \(1 + taskCount)")
        }
        return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
    }

    /// Closes the journal; the first run also reads it back.
    func close(verify: Bool) {
        guard let recorder else { return }
        let url = URL(filePath: recorder.writer.path)
        must("closing the journal") { () throws(JournalError) in try recorder.close() }
        if verify {
            let journal = must("opening \(url.path)") { () throws(JournalError) in try Journal(url: url) }
            check(journal.stepCount == 1 + taskCount, "\(name): journal has \(journal.stepCount) steps")
            for position in 1...taskCount {
                let step = must("decoding step \(position)") { () throws(JournalError) in try journal.step(at: position) }
                check(step.operation == "task finished", "\(name): step \(position) is \(step.operation)")
            }
            let last = must("decoding the last step") { () throws(JournalError) in try journal.step(at: taskCount) }
            check(last.updated.contains { $0.value == .json(String(taskCount)) }, "\(name): the last step lacks the count \(taskCount)")
        }
    }
}

/// One graph's completions; the "on" graph records to a journal in a directory of its own,
/// removed afterwards.
@MainActor
private func completions(recording: Bool, run: Int) async -> Int {
    let directory = recording ? TemporaryDirectory.make("async") : nil
    defer { directory.map(TemporaryDirectory.remove) }
    let graph = FanIn(name: recording ? "async on" : "async off", journal: directory?.appending(path: "async.journal"))
    let elapsed = await graph.complete()
    graph.close(verify: run == 0)
    return elapsed
}

@MainActor
private var asyncRuns = 0

/// Off and on in fresh stores, alternating which goes first so that neither always runs on a
/// warmer cache.
@MainActor
private func asyncSample() async -> (off: Int, on: Int) {
    let run = asyncRuns
    asyncRuns += 1
    if run % 2 == 0 {
        let off = await completions(recording: false, run: run)
        return (off, await completions(recording: true, run: run))
    } else {
        let on = await completions(recording: true, run: run)
        return (await completions(recording: false, run: run), on)
    }
}

func registerAsyncRecording() {
    let off = metric("off")
    let on = metric("on")
    Benchmark("journal.recording.async", configuration: benchmarkConfiguration([off, on], warmup: 2, iterations: 20)) { benchmark in
        let (offTime, onTime) = await asyncSample()
        benchmark.measurement(off, offTime)
        benchmark.measurement(on, onTime)
    }
}

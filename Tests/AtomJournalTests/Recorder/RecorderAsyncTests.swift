import AtomJournal
import Atoms
import Foundation
import Testing

/// Async deliveries become journal steps: each completion and each element is one step, named
/// after what happened, whose value is the atom's phase as JSON.
@MainActor
@Suite("Recorder: async deliveries")
struct RecorderAsyncTests {
    /// Values the test hands to one atom's work, one at a time.
    final class Feed: Hashable, Sendable {
        let stream: AsyncStream<Int>
        let continuation: AsyncStream<Int>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream()
        }

        /// The next value the test sends.
        func next() async -> Int {
            for await value in stream {
                return value
            }
            return -1
        }

        static func == (lhs: Feed, rhs: Feed) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct LookupFailure: Error, Codable, Equatable {
        var code: Int
    }

    struct DoubleTask: TaskAtom, Hashable {
        let feed: Feed
        func value(context: Context) async -> Int { await feed.next() * 2 }
    }

    /// Fails with the code it is fed when the code is negative.
    struct Lookup: AsyncPhaseAtom, Hashable {
        let feed: Feed
        func value(context: Context) async throws(LookupFailure) -> Int {
            let value = await feed.next()
            guard value >= 0 else { throw LookupFailure(code: -value) }
            return value
        }
    }

    struct Ticks: AsyncSequenceAtom, Hashable {
        let feed: Feed
        func sequence(context: Context) -> AsyncStream<Int> { feed.stream }
    }

    /// Counts a store's commits and lets the test wait for a number of them.
    @MainActor
    final class CommitCounter {
        private(set) var count = 0
        private var waiting: (count: Int, continuation: CheckedContinuation<Void, Never>)?

        init(_ root: AtomRoot) {
            root.observeCommits { [weak self] _ in self?.committed() }
        }

        private func committed() {
            count += 1
            if let waiting, count >= waiting.count {
                self.waiting = nil
                waiting.continuation.resume()
            }
        }

        /// Returns once the store has made `total` commits. The observer runs inside the
        /// commit, so every observer (the recorder's included) has seen it by then.
        func wait(for total: Int) async {
            guard count < total else { return }
            await withCheckedContinuation { waiting = (total, $0) }
        }
    }

    /// Records a session, then returns the journal's steps whose cause is the atom with id
    /// prefix `atom`, other than watching it.
    func record(_ atom: String, session: (AtomViewContext, CommitCounter) async -> Void) async throws -> (steps: [JournalStep], number: Int) {
        let file = TemporaryJournal(atom)
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: file.url)
        let counter = CommitCounter(root)
        do {
            let context = root.context()
            await session(context, counter)
            withExtendedLifetime(context) {}
        }
        try recorder.close()
        #expect(recorder.lastError == nil)

        let journal = try Journal(url: file.url)
        let definition = try #require(journal.index.atoms.values.first { $0.id.hasPrefix(atom) })
        let steps = try (0..<journal.stepCount).map { try journal.step(at: $0) }
        let caused = steps.filter { $0.causeAtom == definition.number && $0.operation != "watch" && $0.operation != "unwatch" }
        return (caused, definition.number)
    }

    @Test func aTaskAtomsCompletionIsOneStepWithItsPhase() async throws {
        let feed = Feed()
        let (steps, number) = try await record("DoubleTask") { context, counter in
            let task = context.watch(DoubleTask(feed: feed))
            feed.continuation.yield(21)
            #expect(await task.value == 42)
            await counter.wait(for: 2)
        }
        #expect(steps.map(\.operation) == ["task finished"])
        #expect(steps.first?.updated == [JournalValueEntry(atom: number, value: .json(#"{"phase":"success","value":42}"#))])
    }

    /// What a `Lookup` is fed, the phase it ends in, the step's operation and the JSON.
    nonisolated static let lookups: [(fed: Int, phase: AsyncPhase<Int, LookupFailure>, operation: String, json: String)] = [
        (7, .success(7), "task finished", #"{"phase":"success","value":7}"#),
        (-404, .failure(LookupFailure(code: 404)), "task failed", #"{"error":{"code":404},"phase":"failure"}"#),
    ]

    @Test("An AsyncPhaseAtom's success or typed failure is one step with its phase", arguments: lookups.indices)
    func anAsyncPhaseAtomsCompletionIsOneStepWithItsPhase(_ index: Int) async throws {
        let expected = Self.lookups[index]
        let feed = Feed()
        let (steps, number) = try await record("Lookup") { context, counter in
            #expect(context.watch(Lookup(feed: feed)) == .suspending)
            feed.continuation.yield(expected.fed)
            await counter.wait(for: 2)
            #expect(context.read(Lookup(feed: feed)) == expected.phase)
        }
        #expect(steps.map(\.operation) == [expected.operation])
        #expect(steps.first?.updated == [JournalValueEntry(atom: number, value: .json(expected.json))])
    }

    @Test func eachElementOfASequenceIsOneStep() async throws {
        let feed = Feed()
        let (steps, number) = try await record("Ticks") { context, counter in
            #expect(context.watch(Ticks(feed: feed)).isSuspending)
            feed.continuation.yield(1)
            await counter.wait(for: 2)
            feed.continuation.yield(2)
            await counter.wait(for: 3)
            #expect(context.read(Ticks(feed: feed)).value == 2)
        }
        #expect(steps.map(\.operation) == ["sequence element", "sequence element"])
        #expect(steps.map(\.updated) == [
            [JournalValueEntry(atom: number, value: .json(#"{"phase":"success","value":1}"#))],
            [JournalValueEntry(atom: number, value: .json(#"{"phase":"success","value":2}"#))],
        ])
    }
}

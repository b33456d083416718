#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Atoms
import Testing

@MainActor
@Suite("Publisher atoms")
struct PublisherAtomTests {
    enum FeedError: Error, Equatable { case broken }

    struct NumbersAtom: PublisherAtom, Hashable {
        let box: SubjectBox<Int, FeedError>
        func publisher(context: Context) -> AnyPublisher<Int, FeedError> { box.publisher }
    }

    struct SourceAtom: StateAtom, Hashable {
        let first: SubjectBox<Int, FeedError>
        func defaultValue(context: Context) -> SubjectBox<Int, FeedError> { first }
    }

    /// Subscribes to whichever subject `SourceAtom` holds.
    struct SwitchingAtom: PublisherAtom, Hashable {
        let source: SourceAtom
        func publisher(context: Context) -> AnyPublisher<Int, FeedError> { context.watch(source).publisher }
    }

    struct JustAtom: PublisherAtom, Hashable {
        func publisher(context: Context) -> Just<String> { Just("now") }
    }

    /// Collects the atom's value at each commit with the given operation.
    private func values(
        of atom: NumbersAtom, in context: AtomTestContext, operation: AtomOperation
    ) -> (AtomObservation, () -> [AsyncPhase<Int, FeedError>]) {
        var seen: [AsyncPhase<Int, FeedError>] = []
        let observation = context.observeCommits { commit in
            if commit.cause.operation == operation { seen.append(context.read(atom)) }
        }
        return (observation, { seen })
    }

    @Test func valuesFromAnotherThreadArriveInOrderOneCommitEach() async {
        let context = AtomTestContext()
        let atom = NumbersAtom(box: SubjectBox())
        let log = CommitLog(context)
        let (observation, seen) = values(of: atom, in: context, operation: .publisherValue)
        #expect(context.watch(atom) == .suspending)
        let box = atom.box
        await Task.detached {
            for value in 1...50 { box.subject.send(value) }
        }.value
        #expect(await context.wait(for: atom, timeout: 300) { $0 == .success(50) })
        #expect(seen() == (1...50).map { .success($0) })
        #expect(log.causes.filter { $0.hasPrefix("publisher value NumbersAtom") }.count == 50)
        observation.cancel()
    }

    @Test func aFailureKeepsItsTypeAndIsOneCommit() async {
        let context = AtomTestContext()
        let atom = NumbersAtom(box: SubjectBox())
        let log = CommitLog(context)
        _ = context.watch(atom)
        atom.box.subject.send(1)
        atom.box.subject.send(completion: .failure(.broken))
        let phase: AsyncPhase<Int, FeedError>? = await {
            _ = await context.wait(for: atom, timeout: 300) { $0.isFailure }
            return context.read(atom)
        }()
        #expect(phase == .failure(.broken))
        let causes = log.causes.filter { !$0.hasPrefix("watch") }
        #expect(causes.count == 2)
        #expect(causes.first?.hasPrefix("publisher value NumbersAtom") == true)
        #expect(causes.last?.hasPrefix("publisher failed NumbersAtom") == true)
    }

    @Test func releasingTheAtomCancelsTheSubscription() async {
        let context = AtomTestContext()
        let atom = NumbersAtom(box: SubjectBox())
        _ = context.watch(atom)
        atom.box.subject.send(1)
        #expect(await context.wait(for: atom, timeout: 300) { $0 == .success(1) })
        #expect(atom.box.cancelCount == 0)
        context.unwatch(atom)
        #expect(atom.box.cancelCount == 1)
        #expect(context.lookup(atom) == nil)
    }

    @Test func aRecomputedAtomDropsTheOldSubscription() async {
        let context = AtomTestContext()
        let first = SubjectBox<Int, FeedError>()
        let second = SubjectBox<Int, FeedError>()
        let atom = SwitchingAtom(source: SourceAtom(first: first))
        _ = context.watch(atom)
        first.subject.send(1)
        #expect(await context.wait(for: atom, timeout: 300) { $0 == .success(1) })
        context.set(second, for: atom.source)
        #expect(first.cancelCount == 1)
        #expect(context.watch(atom) == .suspending)
        first.subject.send(99)
        second.subject.send(2)
        #expect(await context.wait(for: atom, timeout: 300) { $0 == .success(2) })
        #expect(second.cancelCount == 0)
    }

    @Test func aPublisherThatEmitsOnSubscriptionSucceeds() async {
        let context = AtomTestContext()
        #expect(await context.wait(for: JustAtom(), timeout: 300) { $0 == .success("now") })
    }
}

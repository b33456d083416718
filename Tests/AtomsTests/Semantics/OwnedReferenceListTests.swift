@testable import Atoms
import Testing

/// The lists of owned references a transaction keeps (`OwnedReferenceList`: its queue of
/// subscribers to tell, its candidates for release): they hand references out in the order
/// they were appended (or the last first), own exactly one reference to each while they hold
/// it, and the commit that tells the queued subscribers still calls each once, in order, even
/// when a callback drops the last outside reference to a subscriber still waiting.
@MainActor
@Suite("Owned reference lists")
struct OwnedReferenceListTests {
    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Plus: ValueAtom, Hashable {
        let offset: Int
        func value(context: Context) -> Int { context.watch(Source()) + offset }
    }

    private func makeSubscribers(_ count: Int) -> [Subscriber] {
        (0..<count).map { Subscriber(number: $0, location: SourceLocation(), scope: nil) }
    }

    @Test func subscribersComeOutInTheOrderTheyWereQueuedPastTheFirstCapacity() {
        var queue = SubscriberQueue()
        let subscribers = makeSubscribers(21)
        for subscriber in subscribers { queue.append(subscriber) }
        let (count, capacity) = (queue.count, queue.capacity)
        #expect(count == 21)
        #expect(capacity >= 21)
        var numbers: [Int] = []
        for position in 0..<queue.count { numbers.append(queue.take(at: position).number) }
        queue.forgetTaken()
        let isEmpty = queue.isEmpty
        #expect(numbers == Array(0..<21))
        #expect(isEmpty)
    }

    @Test func aTakenSubscriberIsReleasedByItsTakerOnly() {
        weak var first: Subscriber?
        weak var second: Subscriber?
        var queue = SubscriberQueue()
        do {
            let subscribers = makeSubscribers(2)
            first = subscribers[0]
            second = subscribers[1]
            for subscriber in subscribers { queue.append(subscriber) }
        }
        // The queue's references alone keep them.
        #expect(first != nil && second != nil)
        do {
            let taken = queue.take(at: 0)
            #expect(taken.number == 0)
        }
        #expect(first == nil)
        #expect(second != nil)
        do {
            let taken = queue.take(at: 1)
            #expect(taken.number == 1)
        }
        // Had `forgetTaken` released them again, this would free freed objects.
        queue.forgetTaken()
        let isEmpty = queue.isEmpty
        #expect(second == nil)
        #expect(isEmpty)
    }

    @Test func popLastHandsOutTheLastReferenceAndReleasesNothingItself() {
        weak var first: Subscriber?
        weak var last: Subscriber?
        var list = OwnedReferenceList<Subscriber>()
        do {
            let subscribers = makeSubscribers(9)
            first = subscribers[0]
            last = subscribers[8]
            for subscriber in subscribers { list.append(subscriber) }
        }
        var numbers: [Int] = []
        while let subscriber = list.popLast() {
            numbers.append(subscriber.number)
            if subscriber.number == 8 {
                // Still alive: the reference popped is the one that keeps it.
                #expect(last != nil)
            }
        }
        let isEmpty = list.isEmpty
        #expect(numbers == Array((0..<9).reversed()))
        #expect(isEmpty)
        #expect(first == nil && last == nil)
    }

    @Test func removeAllAndTheQueuesEndReleaseWhatItStillHolds() {
        weak var kept: Subscriber?
        weak var dropped: Subscriber?
        do {
            var queue = SubscriberQueue()
            do {
                let subscribers = makeSubscribers(2)
                dropped = subscribers[0]
                queue.append(subscribers[0])
            }
            queue.removeAll()
            let isEmpty = queue.isEmpty
            #expect(dropped == nil)
            #expect(isEmpty)
            do {
                let subscribers = makeSubscribers(1)
                kept = subscribers[0]
                queue.append(subscribers[0])
            }
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    @Test func aCommitTellsEverySubscriberOnceInOrderWhenACallbackDropsAWaitingOne() {
        let root = AtomRoot()
        var calls: [Int] = []
        let first = root.context()
        var second: AtomViewContext? = root.context()
        let third = root.context()
        _ = first.watch(Plus(offset: 1))
        _ = second?.watch(Plus(offset: 2))
        _ = third.watch(Plus(offset: 3))
        first.onUpdate = {
            calls.append(1)
            // The last outside reference to the second context goes while its subscriber is
            // still queued.
            second = nil
        }
        second?.onUpdate = { calls.append(2) }
        third.onUpdate = { calls.append(3) }
        root.context().set(5, for: Source())
        #expect(calls == [1, 2, 3])
        #expect(second == nil)
        calls.removeAll()
        root.context().set(6, for: Source())
        #expect(calls == [1, 3])
        #expect(third.read(Plus(offset: 3)) == 9)
    }
}

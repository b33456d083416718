#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Synchronization

/// A subject that atoms can hold and tests can feed from any thread.
///
/// `@unchecked Sendable` is safe: the only stored property is a `PassthroughSubject`, which
/// both Combine and OpenCombine document as thread-safe (its state is guarded by a lock), and
/// the counter is a `Mutex`.
final class SubjectBox<Output, Failure: Error>: Hashable, @unchecked Sendable {
    let subject = PassthroughSubject<Output, Failure>()
    private let cancels = Mutex(0)

    /// How many subscriptions to ``publisher`` were cancelled.
    var cancelCount: Int { cancels.withLock { $0 } }

    /// The subject, noting each cancelled subscription.
    var publisher: AnyPublisher<Output, Failure> {
        subject
            .handleEvents(receiveCancel: { self.cancels.withLock { $0 += 1 } })
            .eraseToAnyPublisher()
    }

    static func == (lhs: SubjectBox, rhs: SubjectBox) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A main-actor counter that atoms can hold, compared by identity.
@MainActor
final class CallCounter: Hashable, Sendable {
    private(set) var count = 0
    private(set) var log: [String] = []

    nonisolated init() {}

    func hit(_ entry: String = "") {
        count += 1
        log.append(entry)
    }

    nonisolated static func == (lhs: CallCounter, rhs: CallCounter) -> Bool { lhs === rhs }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Lets every job already queued on the main actor, and the jobs those enqueue in turn up to
/// `hops` deep, run before returning.
///
/// Not a wait on time: each `Task.yield()` puts this task behind everything queued on the
/// (serial, first-in first-out) main actor. A test that asserts something did *not* happen
/// drains first, so a stray commit that an implementation would make has already been made.
@MainActor
func drainMainActor(hops: Int = 20) async {
    for _ in 0..<hops {
        await Task.yield()
    }
}

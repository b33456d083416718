/// The subscribers a transaction will tell about its changes, each once, in the order their
/// atoms changed: owned references in memory the queue alone holds.
///
/// Every write to a watched atom appends to it and every commit empties it: for cellx, four
/// hundred subscribers a batch. As a `ContiguousArray`, each append went through four calls
/// the optimiser did not inline (uniqueness, room, the store, the end of the mutation), and
/// telling a subscriber retained it once more to read it out and released it twice, once
/// after its callback and once when the array was emptied. Here an append is a room check
/// and a store, and telling one moves it out (``take(at:)``): one release after its callback.
///
/// Noncopyable, so the memory has one owner and a queue dropped anywhere (a swapped-out queue
/// going out of scope, the log with its store) releases what it still holds and frees its
/// memory.
struct SubscriberQueue: ~Copyable {
    private var base: UnsafeMutablePointer<Subscriber>?
    /// How many positions from the start are initialised: the caller moves subscribers out
    /// from position 0 up (``take(at:)``), then calls ``forgetTaken()``.
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Appends a reference the queue now owns.
    @inline(__always)
    mutating func append(_ subscriber: consuming Subscriber) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: subscriber)
        count &+= 1
    }

    /// Moves out the subscriber at `position`, which must be below `count` and not taken
    /// before: the caller owns the reference, and the queue must not release it again, so
    /// ``forgetTaken()`` follows once every position has been taken.
    @inline(__always)
    mutating func take(at position: Int) -> Subscriber {
        (base.unsafelyUnwrapped + position).move()
    }

    /// Marks the queue empty without releasing anything, after every position was taken.
    mutating func forgetTaken() {
        count = 0
    }

    /// Releases every subscriber still held. The memory goes with them: it is taken out of
    /// the queue first, so that a subscriber's deinit, which runs its owner's code, finds an
    /// empty queue and may append to it. Not on the way of a commit, which takes every
    /// subscriber it tells.
    mutating func removeAll() {
        guard count > 0, let held = base else { return }
        let heldCount = count
        base = nil
        count = 0
        capacity = 0
        held.deinitialize(count: heldCount)
        held.deallocate()
    }

    // Out of line: inlined into every append, it made the marking loops that append larger
    // (about 2 instructions more a node of a deep write).
    @inline(never)
    private mutating func grow() {
        let larger = Swift.max(8, capacity &* 2)
        base = .regrown(from: base, count: count, capacity: larger)
        capacity = larger
    }
}

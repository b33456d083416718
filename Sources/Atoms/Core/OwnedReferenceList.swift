/// A list of owned references in memory the list alone holds: the transaction's queue of
/// subscribers to tell (``SubscriberQueue``) and its candidates for release.
///
/// Both are appended to for every change, and emptied at every commit: for cellx, four
/// hundred subscribers a batch; for kairo's unstable, a node or two a write. As a
/// `ContiguousArray`, each append went through four calls the optimiser did not inline
/// (uniqueness, room, the store, the end of the mutation), and telling a subscriber retained
/// it once more to read it out and released it twice, once after its callback and once when
/// the array was emptied. Here an append is a room check and a store; the queue's reader moves
/// each reference out as it uses it (``take(at:)``, ``popLast()``), so the only release is the
/// reader's.
///
/// Noncopyable, so the memory has one owner and a list dropped anywhere (a swapped-out queue
/// going out of scope, the log with its store) releases what it still holds and frees its
/// memory.
struct OwnedReferenceList<Element: AnyObject>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    /// How many positions from the start are initialised, unless the caller is moving them
    /// out from position 0 up (``take(at:)``), which ends with ``forgetTaken()``.
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Appends a reference the list now owns.
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count &+= 1
    }

    /// Moves out the last reference; `nil` when the list is empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count &-= 1
        return (base.unsafelyUnwrapped + count).move()
    }

    /// Moves out the reference at `position`, which must be below `count` and not taken
    /// before: the caller owns it, and the list must not release it again, so
    /// ``forgetTaken()`` follows once every position has been taken.
    @inline(__always)
    mutating func take(at position: Int) -> Element {
        (base.unsafelyUnwrapped + position).move()
    }

    /// Marks the list empty without releasing anything, after every position was taken.
    mutating func forgetTaken() {
        count = 0
    }

    /// Releases every reference still held. The memory goes with them: it is taken out of
    /// the list first, so that a deinit that runs its owner's code finds an empty list and
    /// may append to it. Not on the way of a commit, whose readers take every reference.
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

/// The subscribers a transaction will tell about its changes, each once, in the order their
/// atoms changed; the commit moves each out as it tells it.
typealias SubscriberQueue = OwnedReferenceList<Subscriber>

import Dispatch
import Foundation

/// Keeps the first computation of very deep chains of atoms off the caller's stack.
///
/// Computing an atom for the first time calls the atom's function, which watches its
/// upstream atoms, which are computed first: the recursion is inherent, because the user's
/// function needs the upstream value before it can return. Propagation after that is
/// iterative, but this first computation of a chain of thousands would overflow the main
/// thread's stack (about 2.3 KB per level in a debug build). So every `levelsPerStack`
/// nested computations, the next one continues on a helper thread with a fresh stack while
/// the calling thread waits for it.
@usableFromInline
enum DeepEvaluation {
    /// Nested computations on the caller's own stack before the first hand-off.
    @usableFromInline static let levelsOnCallerStack = 256
    /// Nested computations on each helper thread before the next hand-off.
    ///
    /// Bounded by ThreadSanitizer as much as by the stack: its runtime records each thread's
    /// calls in a shadow stack of 65,536 frames and does not check the bound, so a deeper
    /// stack overwrites its memory (the sanitized test run crashed or hung when a level grew
    /// from 15 to 17 frames, at 4,096 levels). A level of the typed path is 16 or 17 frames
    /// in a debug build, so 1,024 levels take at most about 17,400, a quarter of the shadow
    /// stack, and leave the rest to the atoms' own functions. `DeepEvaluationHandOffTests`
    /// measures the frames a level takes and fails when a helper's levels would fill half.
    @usableFromInline static let levelsPerHelper = 1_024
    /// The helper's stack: room for `levelsPerHelper` levels of 16 KB, several times a debug
    /// build's frames, for deep user functions. Reserved, not committed, by the kernel.
    static let helperStackSize = 16 << 20

    /// Whether the computation at nesting `depth` (0 or more) continues on a helper thread:
    /// at `levelsOnCallerStack`, then every `levelsPerHelper` levels.
    ///
    /// One subtraction and one mask, asked at every typed recomputation: `levelsPerHelper` is
    /// a power of two, and `levelsOnCallerStack` is below it, so `depth - levelsOnCallerStack`
    /// is a multiple of `levelsPerHelper` only at the hand-off depths (below
    /// `levelsOnCallerStack` it lies strictly between `-levelsPerHelper` and 0).
    @inlinable static func needsHandOff(depth: Int) -> Bool {
        (depth &- levelsOnCallerStack) & (levelsPerHelper &- 1) == 0
    }

    /// Runs `body` on a helper thread with a large stack and returns its result, blocking the
    /// calling thread until then.
    @MainActor
    static func onHelperStack<T>(_ body: @escaping @MainActor () -> T) -> T {
        let result = ResultBox<T>()
        let work: @MainActor () -> Void = { result.value = body() }
        let handOff = MainActorHandOff(work: unsafeBitCast(work, to: (() -> Void).self))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            handOff.work()
            done.signal()
        }
        thread.stackSize = helperStackSize
        thread.start()
        done.wait()
        guard let value = result.value else {
            preconditionFailure("Atoms: a deep computation finished without a value.")
        }
        return value
    }
}

/// The main actor's work, carried to the helper thread.
///
/// Safety: the caller runs on the main actor and stays blocked in `DispatchSemaphore.wait()`
/// until the work has finished and signalled. No other main-actor job can run meanwhile, so
/// the main actor's state is touched by exactly one thread at a time, and the semaphore
/// orders every write of the helper before the caller's next read. That is the exclusive
/// access the main actor guarantees, which is why erasing the isolation of `work` and
/// marking this box `@unchecked Sendable` cannot introduce a data race. What differs inside
/// those computations is the thread: `Thread.isMainThread` is false, task-local values bound
/// by the caller are not seen, and checks of the executor (`MainActor.assumeIsolated`,
/// `dispatchPrecondition(condition: .onQueue(.main))`) fail, and `DispatchQueue.main.sync`
/// deadlocks. Atom functions past that depth should not rely on any of these.
private struct MainActorHandOff: @unchecked Sendable {
    let work: () -> Void
}

/// Carries the result back. Safety: the helper writes it strictly before the semaphore
/// signals, and the caller reads it only after `wait()` returns, so the two accesses never
/// overlap and the semaphore orders them.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

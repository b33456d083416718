public extension TaskAtom {
    /// The task's ``AsyncPhase``: `suspending` until it finishes, then `success`.
    ///
    /// ```swift
    /// switch context.watch(FetchUserAtom().phase) { ... }
    /// ```
    var phase: ModifiedAtom<Self, TaskPhaseModifier<Value, Never>> {
        modifier(TaskPhaseModifier())
    }
}

public extension ThrowingTaskAtom {
    /// The task's ``AsyncPhase``: `suspending` until it finishes, then `success` or
    /// `failure`.
    ///
    /// ```swift
    /// switch context.watch(FetchWeatherAtom().phase) { ... }
    /// ```
    var phase: ModifiedAtom<Self, TaskPhaseModifier<Value, any Error>> {
        modifier(TaskPhaseModifier())
    }
}

/// A modifier that turns the `Task` a task atom provides into its ``AsyncPhase``.
///
/// The phase changes when the task finishes, in the same commit that records the task's
/// result, and starts over as `suspending` when the task atom is recomputed.
public struct TaskPhaseModifier<Success: Sendable, Failure: Error>: AtomModifier, _AsyncStatusReading {
    public typealias Base = Task<Success, Failure>
    public typealias Produced = AsyncPhase<Success, Failure>

    /// Creates the modifier.
    public init() {}

    public var key: String { "phase" }

    public var idSuffix: String { "phase" }

    @MainActor
    public func modify(value: Base) -> Produced { .suspending }

    @MainActor
    public func _modify(value: Base, baseStatus: () -> Any?) -> Produced {
        baseStatus() as? Produced ?? .suspending
    }
}

/// Modifiers whose value follows the original atom's status. An engine marker; do not
/// conform to it yourself.
public protocol _AsyncStatusReading {}

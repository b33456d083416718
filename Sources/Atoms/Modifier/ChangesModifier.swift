public extension Atom where Produced: Equatable {
    /// An atom that updates its downstream only when the value really changed.
    ///
    /// ```swift
    /// let count = context.watch(CountAtom().changes)
    /// ```
    @inlinable
    var changes: ModifiedAtom<Self, ChangesModifier<Produced>> {
        modifier(ChangesModifier())
    }
}

/// A modifier that stops propagation when the new value equals the old one.
public struct ChangesModifier<Produced: Equatable>: AtomModifier {
    public typealias Base = Produced

    /// Creates the modifier.
    @inlinable
    public init() {}

    @inlinable
    public var key: String { "changes" }

    public var idSuffix: String { "changes" }

    @inlinable
    @MainActor
    public func modify(value: Produced) -> Produced { value }

    @inlinable
    @MainActor
    public func shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool {
        oldValue != newValue
    }
}

/// An effect that does nothing: the effect of atoms that declare none.
public struct EmptyEffect: AtomEffect {
    /// Creates the effect.
    public init() {}
}

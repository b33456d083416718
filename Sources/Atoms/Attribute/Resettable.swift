/// An attribute that replaces what `reset` does for an atom.
///
/// When an atom conforms, every context's `reset(_:)` calls ``reset(context:)`` instead of
/// recomputing the atom's value, for example to reset a private upstream atom.
public protocol Resettable where Self: Atom {
    /// Performs the custom reset.
    @MainActor
    func reset(context: CurrentContext)
}

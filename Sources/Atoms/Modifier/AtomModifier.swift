/// A transformation that derives a new atom from an existing one.
///
/// Apply a modifier through ``Atom/modifier(_:)`` or through the convenience properties
/// such as ``Atom/changes``. The modified atom watches the original and produces the
/// modifier's value.
public protocol AtomModifier: Sendable {
    /// The type that identifies the modifier within the modified atom's key.
    associatedtype Key: Hashable & Sendable
    /// The value the original atom produces.
    associatedtype Base
    /// The value the modified atom produces.
    associatedtype Produced

    /// Identifies the modifier, so that two different modifiers of one atom are two atoms.
    var key: Key { get }

    /// Derives the modified value from the original value.
    @MainActor
    func modify(value: Base) -> Produced

    /// Whether a newly derived value is propagated downstream.
    @MainActor
    func shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool

    /// How the modifier appears after the original atom's id, such as `changes`.
    var idSuffix: String { get }

    /// The engine's hook for deriving the value, with access to the original atom's status
    /// (see ``TaskPhaseModifier``). Implemented by the library's modifiers; do not implement
    /// it yourself.
    @MainActor
    func _modify(value: Base, baseStatus: () -> Any?) -> Produced
}

public extension AtomModifier {
    @inlinable
    @MainActor
    func shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool { true }

    @inlinable
    @MainActor
    func _modify(value: Base, baseStatus: () -> Any?) -> Produced {
        modify(value: value)
    }
}

public extension Atom {
    /// Applies a modifier to this atom.
    @inlinable
    func modifier<M: AtomModifier>(_ modifier: M) -> ModifiedAtom<Self, M> where M.Base == Produced {
        ModifiedAtom(atom: self, modifier: modifier)
    }
}

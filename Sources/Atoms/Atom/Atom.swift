/// A piece of state with a stable identity, whose value lives in an ``AtomStore``.
///
/// An atom holds no state of its own: it describes how to produce a value, and the store
/// caches that value for as long as something uses the atom. You never conform to `Atom`
/// directly; conform to one of its refinements such as ``ValueAtom`` or ``StateAtom``.
///
/// The ``key`` identifies the atom's value in the store. It is synthesized when the atom
/// conforms to `Hashable`, so two equal atom instances share one value.
public protocol Atom<Produced>: Sendable {
    /// The type that identifies the atom's value in a store.
    associatedtype Key: Hashable & Sendable

    /// The type of value the atom produces.
    associatedtype Produced

    /// The type of the side effect bound to the atom's lifecycle.
    associatedtype Effect: AtomEffect = EmptyEffect

    /// The context passed to the function that produces the atom's value.
    typealias Context = AtomTransactionContext

    /// The context passed to effects and to custom reset and refresh behaviours.
    typealias CurrentContext = AtomCurrentContext

    /// A unique value that identifies this atom's value in a store.
    var key: Key { get }

    /// Creates the side effect that lives as long as the atom's value is cached.
    ///
    /// The store calls this once when the atom is initialized and keeps the effect until the
    /// atom is released.
    @MainActor
    func effect(context: CurrentContext) -> Effect

    /// The engine's hook for producing a value. Implemented by the atom kinds; do not
    /// implement it yourself.
    @MainActor
    func _produce(context: AtomTransactionContext) -> Produced

    /// The engine's hook that decides whether a new value is propagated downstream.
    /// Implemented by modifiers such as ``Atom/changes``; do not implement it yourself.
    @MainActor
    func _shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool

    /// The kind of atom, as shown by debugging tools.
    var _kind: AtomKind { get }

    /// The engine's hook for a value that an override supplied instead of ``_produce(context:)``,
    /// so that async kinds can follow an overriding task. Do not implement it yourself.
    @MainActor
    func _adoptOverride(_ value: Produced, context: AtomTransactionContext) -> Produced

    /// The engine's recomputation of a cached atom of this type, given the engine's record of
    /// it; returns whether the new value propagates. The default implementation is the only
    /// one: do not implement it yourself.
    @MainActor
    static func _recompute(cell: UnsafeMutableRawPointer, context: inout AtomTransactionContext) -> Bool

    /// Whether the atom's value is its one dependency's, passed through a function that
    /// watches nothing else (a modifier's): the engine then recomputes it from that node's
    /// value without an evaluation (``_produce(fromBase:)``). Only ``ModifiedAtom`` says so;
    /// do not implement it yourself.
    static var _followsBase: Bool { get }

    /// The engine's recomputation of an atom that ``_followsBase``, from the value of its
    /// dependency's node at `base`; `nil` when that node cannot be read in place (the
    /// evaluation then runs as usual). Do not implement it yourself.
    @MainActor
    func _produce(fromBase base: UnsafeMutableRawPointer) -> Produced?
}

public extension Atom where Self == Key {
    /// The atom itself, for atoms that conform to `Hashable`.
    var key: Self { self }
}

public extension Atom where Effect == EmptyEffect {
    /// Atoms without an effect get an effect that does nothing.
    @MainActor
    func effect(context: CurrentContext) -> EmptyEffect { EmptyEffect() }
}

public extension Atom {
    @MainActor
    func _shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool { true }

    @MainActor
    func _adoptOverride(_ value: Produced, context: AtomTransactionContext) -> Produced { value }

    // Inlinable, so that the engine's typed recomputation, specialised for an atom type that
    // keeps these, drops the shortcut altogether.
    @inlinable
    static var _followsBase: Bool { false }

    @inlinable @MainActor
    func _produce(fromBase base: UnsafeMutableRawPointer) -> Produced? { nil }
}

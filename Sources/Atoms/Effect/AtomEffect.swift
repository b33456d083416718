/// A side effect bound to an atom's lifecycle.
///
/// An atom creates its effect in ``Atom/effect(context:)`` when the atom is initialized.
/// The store calls the effect after each transaction settles: ``initialized(context:)``
/// once, ``updated(context:)`` after each transaction that changed the atom, and
/// ``released(context:)`` when the atom is released. A write made from an effect starts a
/// transaction of its own.
@MainActor
public protocol AtomEffect {
    /// The context an effect reads and writes atoms through.
    typealias Context = AtomCurrentContext

    /// Called once, after the transaction that initialized the atom.
    func initialized(context: Context)

    /// Called after each transaction that changed the atom's value.
    func updated(context: Context)

    /// Called after the transaction that released the atom.
    func released(context: Context)
}

public extension AtomEffect {
    func initialized(context: Context) {}
    func updated(context: Context) {}
    func released(context: Context) {}
}

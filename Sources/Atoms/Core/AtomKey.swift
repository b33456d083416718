/// Identifies one cached value in a store: the atom's type, its key, and (once scopes
/// exist) the scope that owns it.
///
/// Hashing happens here, once, when an atom is first resolved; after that the engine works
/// with node references.
struct AtomKey: Hashable {
    let type: ObjectIdentifier
    let key: AnyHashable

    init<A: Atom>(_ atom: A) {
        type = ObjectIdentifier(A.self)
        key = AnyHashable(atom.key)
    }
}

/// Identifies one cached value in a store: the atom's type, its key, and (once scopes
/// exist) the scope that owns it.
///
/// Hashing happens here, once, when an atom is first resolved; after that the engine works
/// with node references.
@usableFromInline
struct AtomKey: Hashable {
    @usableFromInline let type: ObjectIdentifier
    let key: AnyHashable
    /// The number of the scope that owns the value; 0 for the root.
    let scope: Int

    init<A: Atom>(_ atom: A, scope: Int = 0) {
        type = ObjectIdentifier(A.self)
        key = AnyHashable(atom.key)
        self.scope = scope
    }

    /// The same atom in the root, as override tables key it.
    var unscoped: AtomKey {
        scope == 0 ? self : AtomKey(type: type, key: key, scope: 0)
    }

    private init(type: ObjectIdentifier, key: AnyHashable, scope: Int) {
        self.type = type
        self.key = key
        self.scope = scope
    }
}

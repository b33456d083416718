/// Identifies one cached value in a store: the atom's type, its key, and (once scopes
/// exist) the scope that owns it.
///
/// Hashing happens here, once, when an atom is first resolved; after that the engine works
/// with node references.
///
/// The key is kept typed (`TypedAtomKeyValue`), not as an `AnyHashable`: comparing two
/// `AnyHashable`s opens both and casts one to the other's type at run time, about 2,000
/// instructions a comparison, paid at every lookup of a node table (an atom watched again
/// after its node was released, a first watch). Two keys are compared only once their atom
/// types are known to be equal, so one key can be read as the other's type without a cast.
/// An atom type without stored properties that is its own key needs no value at all: every
/// instance is the same atom.
@usableFromInline
struct AtomKey: Hashable {
    @usableFromInline let type: ObjectIdentifier
    /// `nil` when the type alone identifies the atom.
    let key: AtomKeyValue?
    /// The number of the scope that owns the value; 0 for the root.
    let scope: Int

    init<A: Atom>(_ atom: A, scope: Int = 0) {
        type = ObjectIdentifier(A.self)
        key = MemoryLayout<A.Key>.size == 0 ? nil : TypedAtomKeyValue(atom.key)
        self.scope = scope
    }

    /// The same atom in the root, as override tables key it.
    var unscoped: AtomKey {
        scope == 0 ? self : AtomKey(type: type, key: key, scope: 0)
    }

    private init(type: ObjectIdentifier, key: AtomKeyValue?, scope: Int) {
        self.type = type
        self.key = key
        self.scope = scope
    }

    @usableFromInline
    static func == (left: AtomKey, right: AtomKey) -> Bool {
        guard left.type == right.type, left.scope == right.scope else { return false }
        // One atom type has one key type, so both keys are values of it, or both absent.
        guard let leftKey = left.key, let rightKey = right.key else { return left.key == nil && right.key == nil }
        return leftKey === rightKey || leftKey.isEqual(to: rightKey)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(scope)
        key?.hash(into: &hasher)
    }
}

/// An atom's key, typed by the subclass; compared only with keys of the same atom type.
@usableFromInline
class AtomKeyValue {
    /// Whether `other`, a key of the same atom type, is equal to this one.
    func isEqual(to other: AtomKeyValue) -> Bool { false }

    func hash(into hasher: inout Hasher) {}
}

final class TypedAtomKeyValue<Key: Hashable & Sendable>: AtomKeyValue {
    let key: Key

    init(_ key: Key) {
        self.key = key
    }

    override func isEqual(to other: AtomKeyValue) -> Bool {
        // `AtomKey.==` compares keys only of one atom type, whose keys all have this type.
        unsafeDowncast(other, to: TypedAtomKeyValue<Key>.self).key == key
    }

    override func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}

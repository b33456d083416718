/// Identifies one cached value in a store: the atom's type, its key, and (once scopes
/// exist) the scope that owns it.
///
/// A key is hashed when it is made: its key's `hashValue` once (nothing for an atom that is its
/// own key), mixed with the type and scope by ``tableHash`` for the store's ``NodeTable``.
/// After an atom is resolved the engine works with node references.
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
    /// The key's `hashValue`, taken once; 0 without a key.
    let keyHash: Int

    init<A: Atom>(_ atom: A, scope: Int = 0) {
        type = ObjectIdentifier(A.self)
        if MemoryLayout<A.Key>.size == 0 {
            key = nil
            keyHash = 0
        } else {
            let key = atom.key
            self.key = TypedAtomKeyValue(key)
            keyHash = key.hashValue
        }
        self.scope = scope
    }

    /// The same atom in the root, as override tables key it.
    var unscoped: AtomKey {
        scope == 0 ? self : AtomKey(type: type, key: key, scope: 0, keyHash: keyHash)
    }

    private init(type: ObjectIdentifier, key: AtomKeyValue?, scope: Int, keyHash: Int) {
        self.type = type
        self.key = key
        self.scope = scope
        self.keyHash = keyHash
    }

    /// The hash a ``NodeTable`` places the key by: the type's address, the scope and the
    /// key's hash mixed by multiplying and shifting (SplitMix64's finalizer), a dozen
    /// instructions where `Hasher` takes about 250. Not seeded per process: the type's address
    /// is not chosen by input, and a key's part is its `hashValue`, which is.
    var tableHash: Int {
        var bits = UInt64(UInt(bitPattern: type))
        bits ^= UInt64(UInt(bitPattern: scope)) &* 0x9E37_79B9_7F4A_7C15
        bits ^= UInt64(UInt(bitPattern: keyHash)) &* 0xC2B2_AE3D_27D4_EB4F
        bits ^= bits >> 30
        bits &*= 0xBF58_476D_1CE4_E5B9
        bits ^= bits >> 27
        bits &*= 0x94D0_49BB_1331_11EB
        bits ^= bits >> 31
        return Int(truncatingIfNeeded: bits)
    }

    @usableFromInline
    static func == (left: AtomKey, right: AtomKey) -> Bool {
        guard left.type == right.type, left.scope == right.scope, left.keyHash == right.keyHash else { return false }
        // One atom type has one key type, so both keys are values of it, or both absent.
        guard let leftKey = left.key, let rightKey = right.key else { return left.key == nil && right.key == nil }
        return leftKey === rightKey || leftKey.isEqual(to: rightKey)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }
}

/// An atom's key, typed by the subclass; compared only with keys of the same atom type.
@usableFromInline
class AtomKeyValue {
    /// Whether `other`, a key of the same atom type, is equal to this one.
    func isEqual(to other: AtomKeyValue) -> Bool { false }
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
}

import Synchronization

/// What an atom's type conforms to, asked of the runtime once per type.
///
/// A conformance check such as `atom is any Sensitive` costs the runtime over a thousand
/// instructions, each time, and a store asks several whenever it makes a node or names an
/// atom: for every atom of a family and in every store. The answers depend on the type alone.
struct AtomTypeTraits: Sendable {
    /// Whether the atom is ``Sensitive``.
    let isSensitive: Bool
    /// Whether the atom names itself (`CustomAtomIdentifiable`), as modified atoms do.
    let isCustomIdentifiable: Bool
    /// Whether the atom is ``KeepAlive``.
    let isKeepAlive: Bool
    /// Whether `A` starts async work (`_AsyncWorkAtom`).
    let startsAsyncWork: Bool
    /// Whether `A` follows an async status (`_AsyncStatusFollowing`).
    let followsAsyncStatus: Bool
    /// Whether the atom is a struct without stored properties, so that its type names it.
    let isFieldlessStruct: Bool
    /// Whether the atom holds one object mutated in place (an observable object or an
    /// `@Observable` one), so that every commit that touches it is a change.
    let isMutatedInPlace: Bool
    /// Whether `A` is generic (or nested in a generic type): its conformance's witnesses are
    /// then generic code, so its nodes are recomputed through the closure a typed entry point
    /// forms where the type is known, not through ``Atom/_recompute(cell:context:)``. A type's
    /// name has angle brackets exactly when it has generic arguments (or, written in
    /// backquotes, in its name, which only costs such a type the faster path).
    let isGeneric: Bool

    private static let known = Mutex<[ObjectIdentifier: AtomTypeTraits]>([:])

    /// The traits of `atom`: the first three of its dynamic type, the rest of `A`, as the
    /// node's typed code sees it.
    static func of<A: Atom>(_ atom: A) -> AtomTypeTraits {
        // An instance of a subclass of a class atom may conform where `A` does not: its
        // answers are asked each time, not kept under `A`.
        guard type(of: atom) == A.self else { return AtomTypeTraits(atom) }
        let id = ObjectIdentifier(A.self)
        if let traits = known.withLock({ $0[id] }) { return traits }
        let traits = AtomTypeTraits(atom)
        known.withLock { $0[id] = traits }
        return traits
    }

    private init<A: Atom>(_ atom: A) {
        isSensitive = atom is any Sensitive
        isCustomIdentifiable = atom is any CustomAtomIdentifiable
        isKeepAlive = atom is any KeepAlive
        startsAsyncWork = A.self is any _AsyncWorkAtom.Type
        followsAsyncStatus = A.self is any _AsyncStatusFollowing.Type
        let mirror = Mirror(reflecting: atom)
        isFieldlessStruct = mirror.displayStyle == .struct && mirror.children.isEmpty
        let kind = atom._kind
        isMutatedInPlace = kind == .observableObject || kind == .observable
        isGeneric = _typeName(A.self, qualified: true).contains("<")
    }
}

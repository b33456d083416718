import Synchronization

/// What an atom's type conforms to, asked of the runtime once per type.
///
/// A conformance check such as `atom is any Sensitive` costs the runtime thousands of
/// instructions when it fails, and it is asked whenever a store names an atom: for every atom
/// of a family and in every store. The answer depends on the type alone.
struct AtomTypeTraits: Sendable {
    /// Whether the type is ``Sensitive``.
    let isSensitive: Bool
    /// Whether the type names itself (`CustomAtomIdentifiable`), as modified atoms do.
    let isCustomIdentifiable: Bool

    private static let known = Mutex<[ObjectIdentifier: AtomTypeTraits]>([:])

    /// The traits of the atom's dynamic type (a class atom's subclass may conform where its
    /// base does not).
    static func of(_ atom: some Atom) -> AtomTypeTraits {
        let type = type(of: atom)
        let id = ObjectIdentifier(type)
        if let traits = known.withLock({ $0[id] }) { return traits }
        let traits = AtomTypeTraits(
            isSensitive: type is any Sensitive.Type,
            isCustomIdentifiable: type is any CustomAtomIdentifiable.Type
        )
        known.withLock { $0[id] = traits }
        return traits
    }
}

/// Values that replace atoms' own functions, for dependency injection and tests.
///
/// An override for one atom instance beats an override for the atom's whole type.
@MainActor
struct OverrideTable {
    private var instances: [AtomKey: Any] = [:]
    private var types: [ObjectIdentifier: Any] = [:]

    var isEmpty: Bool { instances.isEmpty && types.isEmpty }

    mutating func set<A: Atom>(_ atom: A, value: @escaping @MainActor (A) -> A.Produced) {
        instances[AtomKey(atom)] = value
    }

    mutating func set<A: Atom>(_ type: A.Type, value: @escaping @MainActor (A) -> A.Produced) {
        types[ObjectIdentifier(type)] = value
    }

    /// Whether the table replaces the atom.
    func overrides<A: Atom>(_ atom: A) -> Bool {
        types[ObjectIdentifier(A.self)] != nil || instances[AtomKey(atom)] != nil
    }

    func override<A: Atom>(for atom: A, key: AtomKey) -> (@MainActor (A) -> A.Produced)? {
        let key = key.unscoped
        if let value = instances[key] {
            return value as? @MainActor (A) -> A.Produced
        }
        if let value = types[key.type] {
            return value as? @MainActor (A) -> A.Produced
        }
        return nil
    }
}

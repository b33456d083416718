public extension Atom {
    /// An atom that provides one property of the value and updates its downstream only
    /// when that property really changed.
    ///
    /// ```swift
    /// let name = context.watch(ProfileAtom().changes(of: \.name))
    /// ```
    ///
    /// The atom's id reads as the key path, relative to the value:
    /// `ProfileAtom.changes(of: \.name)`. The runtime names stored properties; on Linux it
    /// cannot name a computed property (such as `Array.count` or `Int.description`), so give
    /// such a key path a name with ``changes(of:named:)``. Without one, each computed
    /// component is written with its type and a number, `ProfileAtom.changes(of: \.<computed
    /// Int 1>)`: never an address, different for two key paths of one shape, and numbered in
    /// the order the process first names such key paths, so the same in every run that names
    /// them in the same order.
    func changes<T: Equatable>(
        of keyPath: any KeyPath<Produced, T> & Sendable
    ) -> ModifiedAtom<Self, ChangesOfModifier<Produced, T>> {
        modifier(ChangesOfModifier(keyPath: keyPath))
    }

    /// Like ``changes(of:)``, with the name the atom's id shows for the key path, for a key
    /// path the runtime cannot name (a computed property, on Linux).
    ///
    /// ```swift
    /// let count = context.watch(TodosAtom().changes(of: \.count, named: "count"))
    /// // id: TodosAtom.changes(of: \.count)
    /// ```
    ///
    /// The name may be written with or without its `\.`. The key path and the name together
    /// identify the atom, so give two key paths of one atom two names.
    func changes<T: Equatable>(
        of keyPath: any KeyPath<Produced, T> & Sendable,
        named name: String
    ) -> ModifiedAtom<Self, ChangesOfModifier<Produced, T>> {
        modifier(ChangesOfModifier(keyPath: keyPath, name: name))
    }
}

/// A modifier that derives a property through a key path and stops propagation when the
/// property's new value equals the old one.
public struct ChangesOfModifier<Base, Produced: Equatable>: AtomModifier {
    private let keyPath: any KeyPath<Base, Produced> & Sendable
    private let name: String?

    /// Creates the modifier for a key path, named in ids by `name` when given (see
    /// ``Atom/changes(of:named:)``).
    public init(keyPath: any KeyPath<Base, Produced> & Sendable, name: String? = nil) {
        self.keyPath = keyPath
        self.name = name
    }

    public var key: KeyPathKey { KeyPathKey(keyPath: keyPath, name: name) }

    public var idSuffix: String { "changes(of: \(KeyPathName.text(of: keyPath, root: Base.self, name: name)))" }

    @MainActor
    public func modify(value: Base) -> Produced { value[keyPath: keyPath] }

    @MainActor
    public func shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool {
        oldValue != newValue
    }
}

/// Identifies a key path by value, so that two equal key path literals name one atom, and
/// with the name given for it, so that the atom's id is always the one asked for.
public struct KeyPathKey: Hashable, Sendable {
    let keyPath: any AnyKeyPath & Sendable
    let name: String?

    public static func == (lhs: KeyPathKey, rhs: KeyPathKey) -> Bool {
        (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        (keyPath as AnyKeyPath).hash(into: &hasher)
        hasher.combine(name)
    }
}

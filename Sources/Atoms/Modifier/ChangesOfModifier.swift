public extension Atom {
    /// An atom that provides one property of the value and updates its downstream only
    /// when that property really changed.
    ///
    /// ```swift
    /// let text = context.watch(CountAtom().changes(of: \.description))
    /// ```
    func changes<T: Equatable>(
        of keyPath: any KeyPath<Produced, T> & Sendable
    ) -> ModifiedAtom<Self, ChangesOfModifier<Produced, T>> {
        modifier(ChangesOfModifier(keyPath: keyPath))
    }
}

/// A modifier that derives a property through a key path and stops propagation when the
/// property's new value equals the old one.
public struct ChangesOfModifier<Base, Produced: Equatable>: AtomModifier {
    private let keyPath: any KeyPath<Base, Produced> & Sendable

    /// Creates the modifier for a key path.
    public init(keyPath: any KeyPath<Base, Produced> & Sendable) {
        self.keyPath = keyPath
    }

    public var key: KeyPathKey { KeyPathKey(keyPath: keyPath) }

    public var idSuffix: String { "changes(of: \(stableKeyPathText(keyPath)))" }

    @MainActor
    public func modify(value: Base) -> Produced { value[keyPath: keyPath] }

    @MainActor
    public func shouldPropagate(from oldValue: Produced, to newValue: Produced) -> Bool {
        oldValue != newValue
    }
}

/// Identifies a key path by value, so that two equal key path literals name one atom.
public struct KeyPathKey: Hashable, Sendable {
    let keyPath: any AnyKeyPath & Sendable

    public static func == (lhs: KeyPathKey, rhs: KeyPathKey) -> Bool {
        (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath)
    }

    public func hash(into hasher: inout Hasher) {
        (keyPath as AnyKeyPath).hash(into: &hasher)
    }
}

/// A key path's description without the memory addresses that some platforms print for
/// computed properties, so that the atom's id is the same in every run.
func stableKeyPathText(_ keyPath: AnyKeyPath) -> String {
    var text = String(describing: keyPath)
    while let start = text.range(of: " 0x") {
        var end = start.upperBound
        while end < text.endIndex, text[end].isHexDigit {
            end = text.index(after: end)
        }
        text.removeSubrange(start.lowerBound..<end)
    }
    return text
}

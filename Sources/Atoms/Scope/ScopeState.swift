/// One scope as the store sees it: where it sits in the chain of scopes, its overrides, and
/// the name that scoped atom ids carry.
@MainActor
@usableFromInline
final class ScopeState {
    /// Unique within the store; 0 is the root, which has no `ScopeState`.
    let number: Int
    /// The id the scope was created with, matched against ``Scoped/scopeID``.
    let id: AnyHashable?
    /// How ids and graphs name the scope.
    let name: String
    let parent: ScopeState?
    /// Whether the scope inherits its parent's resolution (``AtomScope/init(inheriting:fileID:line:)``):
    /// it owns only what it overrides itself.
    let isTransparent: Bool
    var overrides = OverrideTable()
    var isOpen = true

    init(number: Int, id: AnyHashable?, name: String, parent: ScopeState?, isTransparent: Bool) {
        self.number = number
        self.id = id
        self.name = name
        self.parent = parent
        self.isTransparent = isTransparent
    }

    private static func scopeKey<S: Scoped>(of atom: S) -> AnyHashable {
        AnyHashable(atom.scopeID)
    }

    /// Whether this scope is `other` or nested in it.
    func isWithin(_ other: ScopeState) -> Bool {
        var current: ScopeState? = self
        while let scope = current {
            if scope === other { return true }
            current = scope.parent
        }
        return false
    }

    /// The scope that owns an atom asked for from this scope: this one if it overrides the
    /// atom, the scope its ``Scoped/scopeID`` selects if it is scoped, and otherwise none
    /// (the root).
    func owner<A: Atom>(of atom: A) -> ScopeState? {
        if !overrides.isEmpty, overrides.overrides(atom) {
            return self
        }
        if isTransparent {
            return parent?.owner(of: atom)
        }
        guard let scoped = atom as? any Scoped else { return nil }
        let wanted = Self.scopeKey(of: scoped)
        if wanted == AnyHashable(DefaultScopeID()) {
            return self
        }
        var current: ScopeState? = self
        while let scope = current {
            if !scope.isTransparent, scope.id == wanted { return scope }
            current = scope.parent
        }
        return nil
    }
}

/// The chain of scopes a context resolves atoms in. An implementation detail that has to be
/// public for the contexts' conformances.
public struct _AtomScopeChain {
    @usableFromInline let state: ScopeState

    @usableFromInline
    init(state: ScopeState) {
        self.state = state
    }
}

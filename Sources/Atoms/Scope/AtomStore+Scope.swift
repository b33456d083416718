// Scopes: creating them, ending them, and telling their observers about the commits that
// concern them.

extension AtomStore {
    func makeScope(id: (any Hashable & Sendable)?, parent: ScopeState?, location: SourceLocation, isTransparent: Bool = false) -> ScopeState {
        var key: AnyHashable?
        if let id { key = Self.erased(id) }
        let base = id.map { String(describing: $0) } ?? location.description
        let count = scopeNames[base, default: 0] + 1
        scopeNames[base] = count
        return ScopeState(
            number: makeNumber(),
            id: key,
            name: count == 1 ? base : "\(base) #\(count)",
            parent: parent,
            isTransparent: isTransparent
        )
    }

    private static func erased<ID: Hashable & Sendable>(_ id: ID) -> AnyHashable {
        AnyHashable(id)
    }

    /// Releases every atom a scope and its nested scopes own, in one transaction.
    ///
    /// Their subscriptions end and `KeepAlive` no longer holds them; what depends on them is
    /// owned by the same scopes (atoms of the root never resolve into a scope), so the usual
    /// release cascade takes everything down in dependency order.
    func endScope(_ scope: ScopeState, at location: SourceLocation?) {
        scope.isOpen = false
        transaction(.scopeEnded, at: location) {
            for node in nodes.values {
                guard let owner = node.scope, owner.isWithin(scope) else { continue }
                owner.isOpen = false
                node.isKeepAlive = false
                for subscriber in node.subscribers.items {
                    subscriber.removeWatched(node)
                    recordSubscription(node, subscriber, added: false)
                }
                node.subscribers.removeAll()
                log.releaseCandidates.append(node)
            }
        }
    }

    func addScopeObserver(_ body: @escaping @MainActor (Snapshot) -> Void, for scope: ScopeState, owner: ObjectIdentifier) {
        scopeObservers.append(ScopeObserver(scope: scope, owner: owner, body: body))
    }

    func removeScopeObservers(owner: ObjectIdentifier) {
        scopeObservers.removeAll { $0.owner == owner }
    }

    /// The scopes whose observers the running transaction concerns: those owning an atom it
    /// initialized, updated or released, and those whose contexts watch such an atom.
    func scopesTouched() -> [ScopeState] {
        var touched: [ObjectIdentifier: ScopeState] = [:]
        func note(_ node: NodeBase) {
            var current = node.scope
            while let scope = current {
                touched[ObjectIdentifier(scope)] = scope
                current = scope.parent
            }
            for subscriber in node.subscribers.items {
                if let scope = subscriber.scope { touched[ObjectIdentifier(scope)] = scope }
            }
        }
        log.initialized.forEach(note)
        log.changed.forEach(note)
        log.released.forEach(note)
        for event in log.subscriptionEvents {
            if let scope = event.subscriber.scope { touched[ObjectIdentifier(scope)] = scope }
        }
        return Array(touched.values)
    }
}

/// A ``AtomScope/scopedObserve(_:)`` registration.
struct ScopeObserver {
    let scope: ScopeState
    let owner: ObjectIdentifier
    let body: @MainActor (Snapshot) -> Void
}

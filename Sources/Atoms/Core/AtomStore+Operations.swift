// The operations every context shares. Each public entry point is one transaction, unless a
// transaction is already running, in which case it joins it.

extension AtomStore {
    @usableFromInline
    func read<A: Atom>(_ atom: A, in scope: ScopeState?, at location: SourceLocation?) -> A.Produced {
        if let node = lookupNode(atom, in: scope) {
            ensureFresh(node)
            return value(of: node)
        }
        return transaction(.read, at: location) {
            let node = resolve(atom, in: scope)
            noteCauseNode(node)
            return value(of: node)
        }
    }

    @usableFromInline
    func set<A: StateAtom>(_ newValue: A.Produced, for atom: A, in scope: ScopeState?, at location: SourceLocation?) {
        transaction(.set, at: location) {
            let node = lookupNode(atom, in: scope) ?? makeNode(for: atom, in: scope)
            noteCauseNode(node)
            write(newValue, to: node)
        }
    }

    func modify<A: StateAtom>(_ atom: A, in scope: ScopeState?, at location: SourceLocation?, body: (inout A.Produced) -> Void) {
        transaction(.modify, at: location) {
            let node = resolve(atom, in: scope)
            noteCauseNode(node)
            var value = value(of: node)
            body(&value)
            write(value, to: node)
        }
    }

    private func write<A: Atom>(_ newValue: A.Produced, to node: Node<A>) {
        let isNew = !node.hasValue
        node.store(newValue)
        // A written value is authoritative: a pending recompute must not overwrite it.
        node.mark = .clean
        if !isNew {
            didChange(node)
        }
    }

    func reset<A: Atom>(_ atom: A, in scope: ScopeState?, at location: SourceLocation?) {
        transaction(.reset, at: location) {
            if let resettable = atom as? any Resettable {
                if let node = lookupNode(atom, in: scope) { noteCauseNode(node) }
                resettable.reset(context: AtomCurrentContext(store: self, scope: scope))
                return
            }
            guard let node = lookupNode(atom, in: scope) else { return }
            noteCauseNode(node)
            ensureFresh(node)
            node.mark = .clean
            if node.evaluate(in: self) {
                didChange(node)
            }
        }
    }

    func batch<T>(label: String?, at location: SourceLocation?, _ body: () throws -> T) rethrows -> T {
        try transaction(.batch, at: location, label: label, body)
    }

    // MARK: Subscriptions

    @usableFromInline
    func watch<A: Atom>(_ atom: A, subscriber: Subscriber, at location: SourceLocation?, typed: TypedEvaluation? = nil) -> A.Produced {
        if !subscriber.hasWatched, let location {
            subscriber.hasWatched = true
            subscriber.location = location
        }
        // A subscriber that watches again what it watched before (an effect re-reading its
        // leaf on update) finds it among its own, without hashing: for one subscriber, an
        // atom always resolves to the same node, as its scope does not change.
        if let node = subscriber.watchedNode(for: atom) ?? lookupNode(atom, in: subscriber.scope),
           node.subscribers.contains(subscriber) {
            ensureFresh(node)
            return value(of: node)
        }
        return transaction(.watch, at: location) {
            let node = resolve(atom, in: subscriber.scope, typed: typed)
            noteCauseNode(node)
            subscribe(subscriber, to: node)
            return value(of: node)
        }
    }

    func subscribe(_ subscriber: Subscriber, to node: NodeBase) {
        if node.subscribers.insert(subscriber) {
            subscriber.addWatched(node)
            recordSubscription(node, subscriber, added: true)
        }
    }

    func unwatch<A: Atom>(_ atom: A, subscriber: Subscriber, at location: SourceLocation?) {
        guard let node = lookupNode(atom, in: subscriber.scope), node.subscribers.contains(subscriber) else { return }
        transaction(.unwatch, at: location, node: node) {
            unsubscribe(subscriber, from: node)
        }
    }

    func unwatchAll(subscriber: Subscriber, at location: SourceLocation?) {
        guard !subscriber.watching.isEmpty else { return }
        transaction(.unwatch, at: location) {
            for node in subscriber.watching.items {
                unsubscribe(subscriber, from: node)
            }
        }
    }

    private func unsubscribe(_ subscriber: Subscriber, from node: NodeBase) {
        node.subscribers.remove(subscriber)
        subscriber.removeWatched(node)
        recordSubscription(node, subscriber, added: false)
        log.releaseCandidates.append(node)
    }

    func makeSubscriber(at location: SourceLocation, scope: ScopeState?, name: String? = nil) -> Subscriber {
        Subscriber(number: makeNumber(), location: location, scope: scope, name: name)
    }
}

/// The operations every context offers: read, write and reset atoms.
///
/// Each operation that changes something is one transaction, unless it runs inside
/// ``batch(_:at:_:)`` or inside an atom's evaluation, where it joins the running one.
/// Writes record the caller's `#fileID` and `#line` as the cause of the commit.
@MainActor
public protocol AtomContext {
    /// The value of an atom, without watching it. An atom that is not cached is computed
    /// and, if nothing else uses it, released again at once.
    func read<Node: Atom>(_ atom: Node) -> Node.Produced

    /// Sets a state atom's value, recording `location` as the cause.
    ///
    /// Setting an atom that is not cached creates it with that value (its default is not
    /// computed). Unless something watches it by the end of the transaction, or it is
    /// ``KeepAlive``, it is then released again, and a commit observer sees both. A
    /// `KeepAlive` atom keeps the value instead of silently dropping the write.
    func set<Node: StateAtom>(_ value: Node.Produced, for atom: Node, at location: SourceLocation)

    /// Changes a state atom's value in place, recording `location` as the cause.
    func modify<Node: StateAtom>(_ atom: Node, at location: SourceLocation, body: (inout Node.Produced) -> Void)

    /// Recomputes an atom's value (a state atom returns to its default), or runs its custom
    /// reset if it is ``Resettable``, recording `location` as the cause.
    func reset<Node: Atom>(_ atom: Node, at location: SourceLocation)

    /// Runs `body` as one transaction, so that every write in it becomes one commit.
    func batch<T>(_ label: String?, at location: SourceLocation, _ body: () throws -> T) rethrows -> T

    /// Recomputes an async atom and returns its value once its new work has delivered,
    /// recording `location` as the cause. A cached atom keeps its old value until then.
    func refresh<Node: AsyncAtom>(_ atom: Node, at location: SourceLocation) async -> Node.Produced

    /// Runs an atom's custom refresh and stores the value it returns, recording `location`
    /// as the cause.
    func refresh<Node: Refreshable>(_ atom: Node, at location: SourceLocation) async -> Node.Produced
}

public extension AtomContext {
    /// Sets a state atom's value.
    @inlinable
    func set<Node: StateAtom>(_ value: Node.Produced, for atom: Node, fileID: String = #fileID, line: UInt = #line) {
        set(value, for: atom, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Changes a state atom's value in place.
    func modify<Node: StateAtom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line, body: (inout Node.Produced) -> Void) {
        modify(atom, at: SourceLocation(fileID: fileID, line: line), body: body)
    }

    /// Recomputes an atom's value, or runs its custom reset if it is ``Resettable``.
    func reset<Node: Atom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) {
        reset(atom, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Runs `body` as one transaction: every write in it becomes one commit, so that one
    /// user action is one step in a journal.
    ///
    /// ```swift
    /// context.batch("add todo") {
    ///     context[TodosAtom()].append(todo)
    ///     context.set("", for: DraftAtom())
    /// }
    /// ```
    /// Writes made before `body` throws are kept and committed.
    @discardableResult
    func batch<T>(_ label: String? = nil, fileID: String = #fileID, line: UInt = #line, _ body: () throws -> T) rethrows -> T {
        try batch(label, at: SourceLocation(fileID: fileID, line: line), body)
    }

    /// Recomputes an async atom and returns its value once its new work has delivered.
    ///
    /// ```swift
    /// let movies = await context.refresh(FetchMoviesAtom().phase)
    /// ```
    /// Watchers of a cached atom keep seeing the old value until the new one arrives.
    @discardableResult
    func refresh<Node: AsyncAtom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) async -> Node.Produced {
        await refresh(atom, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Runs an atom's custom refresh (see ``Refreshable``) and stores the value it returns.
    @discardableResult
    func refresh<Node: Refreshable>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) async -> Node.Produced {
        await refresh(atom, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Reads and writes a state atom's value: `context[CounterAtom()] += 1`.
    subscript<Node: StateAtom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) -> Node.Produced {
        get { read(atom) }
        nonmutating set { set(newValue, for: atom, at: SourceLocation(fileID: fileID, line: line)) }
    }
}

/// A context that can also watch atoms.
@MainActor
public protocol AtomWatchableContext: AtomContext {
    /// The value of an atom, watching it for changes, recording `location` as the place
    /// that watches.
    func watch<Node: Atom>(_ atom: Node, at location: SourceLocation) -> Node.Produced
}

public extension AtomWatchableContext {
    /// The value of an atom, watching it for changes.
    @discardableResult
    @inlinable @inline(__always)
    func watch<Node: Atom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) -> Node.Produced {
        // Inlined, so that a watch of a known dependency builds no location it never reads.
        watch(atom, at: SourceLocation(fileID: fileID, line: line))
    }
}

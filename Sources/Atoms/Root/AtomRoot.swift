/// The owner of a store for code that is not a SwiftUI view: configure overrides and
/// observers on it, then hand out contexts.
///
/// ```swift
/// let root = AtomRoot()
///     .override(APIClientAtom()) { _ in StubAPIClient() }
///     .observe { snapshot in print(snapshot.graphDescription()) }
/// let context = root.context()
/// ```
@MainActor
public final class AtomRoot {
    /// The store that holds the state.
    public let store: AtomStore
    private var observations: [AtomObservation] = []

    /// Creates a root with a store of its own.
    public init() {
        store = AtomStore()
    }

    /// Creates a root over an existing store, so that the state outlives the root.
    public init(storesIn store: AtomStore) {
        self.store = store
    }

    /// Replaces the value of one atom instance everywhere in the store.
    @discardableResult
    public func override<Node: Atom>(_ atom: Node, with value: @escaping @MainActor (Node) -> Node.Produced) -> AtomRoot {
        store.overrides.set(atom, value: value)
        return self
    }

    /// Replaces the value of every atom of a type. An instance override still wins.
    @discardableResult
    public func override<Node: Atom>(_ atomType: Node.Type, with value: @escaping @MainActor (Node) -> Node.Produced) -> AtomRoot {
        store.overrides.set(atomType, value: value)
        return self
    }

    /// Receives a snapshot of the whole store after every commit.
    ///
    /// Each snapshot costs O(store size); to follow changes cheaply, use
    /// ``observeCommits(_:)``, whose change sets cost O(what changed).
    @discardableResult
    public func observe(_ onUpdate: @escaping @MainActor (Snapshot) -> Void) -> AtomRoot {
        observations.append(store.observeCommits { commit in onUpdate(commit.snapshot()) })
        return self
    }

    /// Receives every commit, with its cause and change set, for as long as the root lives.
    @discardableResult
    public func observeCommits(_ body: @escaping @MainActor (AtomCommit) -> Void) -> AtomRoot {
        observations.append(store.observeCommits(body))
        return self
    }

    /// A new context that reads, writes and watches atoms in this root's store.
    ///
    /// ```swift
    /// let screen = root.context(name: "TodoScreen")
    /// ```
    /// - Parameter name: What commits, snapshot graphs, journals and `atomscope` call the
    ///   context as a subscriber. Without a name it is shown as the `File.swift:line` where it
    ///   first watched, which does not tell apart contexts that watch from the same code.
    ///   An empty name counts as none.
    public func context(name: String? = nil, fileID: String = #fileID, line: UInt = #line) -> AtomViewContext {
        AtomViewContext(store: store, owner: self, scope: nil, location: SourceLocation(fileID: fileID, line: line), name: name)
    }
}

/// An attribute that keeps an atom's value per ``AtomScope`` instead of sharing it across
/// the whole store.
///
/// Watched through a context of a scope, a `Scoped` atom lives in the nearest enclosing
/// scope, or, when ``scopeID`` is set, in the nearest enclosing scope created with that id,
/// so that nested scopes can share it. Outside any matching scope it lives in the root.
///
/// ```swift
/// struct SearchQueryAtom: StateAtom, Scoped, Hashable {
///     func defaultValue(context: Context) -> String { "" }
/// }
///
/// let left = AtomScope(in: root).context()
/// let right = AtomScope(in: root).context()
/// left.set("cats", for: SearchQueryAtom())    // `right` still reads ""
/// ```
/// A scoped atom's id ends with its scope's name, such as `SearchQueryAtom @ TextScopeID()`,
/// in snapshots, graphs, journals and tools. Atoms that are not `Scoped` are computed in the
/// root even when a scope's context asks for them, so an atom that should follow a scoped
/// value must be `Scoped` itself.
public protocol Scoped where Self: Atom {
    /// The type of id that selects the scope.
    associatedtype ScopeID: Hashable & Sendable = DefaultScopeID

    /// The id of the scope that keeps the value; ``DefaultScopeID`` selects the nearest one.
    var scopeID: ScopeID { get }
}

public extension Scoped where ScopeID == DefaultScopeID {
    /// The nearest enclosing scope.
    var scopeID: DefaultScopeID { DefaultScopeID() }
}

/// The scope id that selects the nearest enclosing ``AtomScope``.
public struct DefaultScopeID: Hashable, Sendable {
    /// Creates the id.
    public init() {}
}

/// An atom whose value comes from asynchronous work: a task, a sequence, a publisher.
///
/// Every context can ``AtomContext/refresh(_:at:)`` such an atom: recompute it and wait for
/// its new work to deliver. Each result the work delivers later is a transaction of its own,
/// with a cause such as `task finished FetchUserAtom(id: 3)`, so a recorder journals it.
///
/// The work is cancelled when the atom is recomputed or released, and the result of
/// cancelled work never reaches the store.
///
/// What the atom's function watches before its first suspension becomes a dependency; a
/// `watch` after an `await` only reads, so watch dependencies first.
public protocol AsyncAtom: Atom {
    /// The engine's refresh of this atom. Implemented by the atom kinds and modifiers; do not
    /// implement it yourself.
    @MainActor
    func _refresh(context: AtomCurrentContext, at location: SourceLocation?) async -> Produced
}

public extension AsyncAtom {
    @MainActor
    func _refresh(context: AtomCurrentContext, at location: SourceLocation?) async -> Produced {
        await context.store.refresh(self, in: context.scope, at: location)
    }
}

/// Atoms whose evaluation starts work that delivers later. An engine marker that every async
/// kind refines; do not conform to it yourself.
public protocol _AsyncWorkAtom: Atom {}

/// Atoms recomputed when the status of the async atom they watch changes. An engine marker;
/// do not conform to it yourself.
public protocol _AsyncStatusFollowing {}

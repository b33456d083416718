/// An atom whose value comes from asynchronous work: a task, a sequence, a publisher.
///
/// Every context can ``AtomContext/refresh(_:at:)`` such an atom: recompute it and wait for
/// its new work to deliver. Each result the work delivers later is a transaction of its own,
/// with a cause such as `task finished FetchUserAtom(id: 3)`, so a recorder journals it.
///
/// The work is cancelled when the atom is recomputed or released, and the result of
/// cancelled work never reaches the store.
///
/// The function starts on the main actor and runs synchronously up to its first `await`, so
/// one that never suspends delivers at once. What it watches is a dependency, before or after
/// an `await`: a change of it recomputes the atom and cancels the running work. A dependency
/// watched after an `await` stays while the next work runs, and goes when work finishes
/// without watching it again.
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

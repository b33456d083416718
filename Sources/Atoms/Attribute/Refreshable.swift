/// An attribute that gives an atom a custom refresh.
///
/// When an atom conforms, every context's `refresh(_:)` runs ``refresh(context:)`` and stores
/// the value it returns, for example to refresh a private task atom that the atom watches.
///
/// ```swift
/// struct MoviesPhaseAtom: ValueAtom, Refreshable, Hashable {
///     func value(context: Context) -> AsyncPhase<[Movie], any Error> {
///         context.watch(FetchMoviesTaskAtom().phase)
///     }
///
///     func refresh(context: CurrentContext) async -> AsyncPhase<[Movie], any Error> {
///         await context.refresh(FetchMoviesTaskAtom().phase)
///     }
/// }
/// ```
public protocol Refreshable where Self: Atom {
    /// Produces the refreshed value.
    @MainActor
    func refresh(context: CurrentContext) async -> Produced
}

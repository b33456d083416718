/// A family of asynchronous atoms, one per parameter, defined by one closure.
///
/// ```swift
/// let userAtom = PhaseAtomFamily { (id: Int, context) in
///     try await context.watch(apiAtom).fetchUser(id: id)
/// }
///
/// let phase = context.watch(userAtom(3))
/// ```
/// Calling the family with a parameter gives its member, a ``PhaseAtom``: each parameter runs
/// its own work. Equal parameters give the same atom, whose id names the definition and the
/// parameter (`PhaseAtom(Users.swift:20, 3)`).
public struct PhaseAtomFamily<Parameter: Hashable & Sendable, Success, Failure: Error>: Sendable {
    private let definition: AtomDefinition
    private let body: @MainActor @Sendable (Parameter, AtomTransactionContext) async throws(Failure) -> Success

    /// Defines a family whose member for a parameter runs `body` with it.
    public init(
        fileID: String = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (Parameter, AtomTransactionContext) async throws(Failure) -> Success
    ) {
        definition = AtomDefinition(fileID: fileID, line: line)
        self.body = body
    }

    /// The member of the family for `parameter`.
    public func callAsFunction(_ parameter: Parameter) -> PhaseAtom<Success, Failure> {
        let body = self.body
        return PhaseAtom(key: AtomDefinitionKey(definition, parameter: parameter)) { context throws(Failure) in
            try await body(parameter, context)
        }
    }
}

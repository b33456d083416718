/// An asynchronous atom defined by a closure, whose value is the closure's ``AsyncPhase``.
///
/// ```swift
/// let weatherAtom = PhaseAtom { context in
///     try await context.watch(apiAtom).fetchWeather()
/// }
/// ```
/// It is an ``AsyncPhaseAtom``: `suspending` until the closure returns, then `success` or
/// `failure`, with the failure type the closure throws. What the closure watches before its
/// first `await` becomes a dependency; a change of one of them cancels the running closure and
/// starts it again. Each definition is a distinct atom; its id names where it was defined
/// (`PhaseAtom(Weather.swift:4)`). Define it once, as a `let`: every call of the initializer
/// makes a new atom.
public struct PhaseAtom<Success, Failure: Error>: AsyncPhaseAtom {
    /// Where the atom was defined, and its parameter when it belongs to a family.
    public let key: AtomDefinitionKey
    private let body: @MainActor @Sendable (AtomTransactionContext) async throws(Failure) -> Success

    /// Defines an atom whose phase follows `body`.
    public init(
        fileID: String = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (AtomTransactionContext) async throws(Failure) -> Success
    ) {
        self.init(key: AtomDefinitionKey(AtomDefinition(fileID: fileID, line: line)), body: body)
    }

    init(key: AtomDefinitionKey, body: @escaping @MainActor @Sendable (AtomTransactionContext) async throws(Failure) -> Success) {
        self.key = key
        self.body = body
    }

    /// Runs the closure the atom was defined with, so the atom behaves as any phase atom.
    public func value(context: Context) async throws(Failure) -> Success {
        try await body(context)
    }
}

extension PhaseAtom: CustomAtomIdentifiable {
    func atomIDText() -> String { key.atomIDText(kind: "PhaseAtom") }
}

/// A read-only atom derived from other atoms by a closure, instead of a type of its own.
///
/// ```swift
/// let doubledAtom = DerivedAtom { context in
///     context.watch(counterAtom) * 2
/// }
/// ```
/// It is a ``ValueAtom``: the atoms the closure watches become dependencies, and the value is
/// recomputed when one of them changes. Each definition is a distinct atom; its id names where
/// it was defined (`DerivedAtom(Counter.swift:7)`). Define it once, as a `let`: every call of
/// the initializer makes a new atom.
public struct DerivedAtom<Value>: ValueAtom {
    /// Where the atom was defined, and its parameter when it belongs to a family.
    public let key: AtomDefinitionKey
    private let body: @MainActor @Sendable (AtomTransactionContext) -> Value

    /// Defines an atom whose value `body` computes.
    public init(
        fileID: String = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (AtomTransactionContext) -> Value
    ) {
        self.init(key: AtomDefinitionKey(AtomDefinition(fileID: fileID, line: line)), body: body)
    }

    init(key: AtomDefinitionKey, body: @escaping @MainActor @Sendable (AtomTransactionContext) -> Value) {
        self.key = key
        self.body = body
    }

    /// Runs the closure the atom was defined with, so the atom behaves as any value atom.
    public func value(context: Context) -> Value {
        body(context)
    }
}

extension DerivedAtom: CustomAtomIdentifiable {
    func atomIDText() -> String { key.atomIDText(kind: "DerivedAtom") }
}

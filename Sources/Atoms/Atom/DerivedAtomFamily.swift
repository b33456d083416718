/// A family of derived atoms, one per parameter, defined by one closure.
///
/// ```swift
/// let userNameAtom = DerivedAtomFamily { (id: Int, context) in
///     context.watch(usersAtom)[id]?.name
/// }
///
/// let name = context.watch(userNameAtom(3))
/// ```
/// Calling the family with a parameter gives its member, a ``DerivedAtom``; equal parameters
/// give the same atom, whose id names the definition and the parameter
/// (`DerivedAtom(Users.swift:20, 3)`).
public struct DerivedAtomFamily<Parameter: Hashable & Sendable, Value>: Sendable {
    private let definition: AtomDefinition
    private let body: @MainActor @Sendable (Parameter, AtomTransactionContext) -> Value

    /// Defines a family whose member for a parameter computes its value with `body`.
    public init(
        fileID: String = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (Parameter, AtomTransactionContext) -> Value
    ) {
        definition = AtomDefinition(fileID: fileID, line: line)
        self.body = body
    }

    /// The member of the family for `parameter`.
    public func callAsFunction(_ parameter: Parameter) -> DerivedAtom<Value> {
        let body = self.body
        return DerivedAtom(key: AtomDefinitionKey(definition, parameter: parameter)) { body(parameter, $0) }
    }
}

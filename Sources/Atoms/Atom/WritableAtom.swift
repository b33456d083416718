/// A read-write atom defined by a value or a closure instead of a type of its own.
///
/// ```swift
/// let searchTextAtom = WritableAtom("")
///
/// context.set("swift", for: searchTextAtom)
/// ```
/// It is a ``StateAtom``, so everything a state atom does (set, modify, reset, journals,
/// restore) works unchanged. Each definition is a distinct atom, even when several hold the
/// same type; its id names where it was defined (`WritableAtom(Search.swift:12)`). Define it
/// once, as a `let` at file or type level: every call of the initializer makes a new atom.
public struct WritableAtom<Value>: StateAtom {
    /// Where the atom was defined, which identifies it.
    public let key: AtomDefinitionKey
    private let makeDefault: @MainActor @Sendable (AtomTransactionContext) -> Value

    /// Defines an atom whose value starts as `defaultValue`, and goes back to it on reset.
    public init(_ defaultValue: Value, fileID: String = #fileID, line: UInt = #line) where Value: Sendable {
        self.init(fileID: fileID, line: line) { _ in defaultValue }
    }

    /// Defines an atom whose default value is computed, watching other atoms: when one of
    /// them changes, the value goes back to the new default.
    public init(
        fileID: String = #fileID, line: UInt = #line,
        _ defaultValue: @escaping @MainActor @Sendable (AtomTransactionContext) -> Value
    ) {
        key = AtomDefinitionKey(AtomDefinition(fileID: fileID, line: line))
        makeDefault = defaultValue
    }

    /// Runs the closure the atom was defined with, so the atom behaves as any state atom.
    public func defaultValue(context: Context) -> Value {
        makeDefault(context)
    }
}

extension WritableAtom: CustomAtomIdentifiable {
    func atomIDText() -> String { key.atomIDText(kind: "WritableAtom") }
}

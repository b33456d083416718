/// What started a transaction: the operation, the atom it targeted, and where in the app's
/// source it was called.
public struct AtomCause: Hashable, Sendable, CustomStringConvertible {
    /// The operation.
    public let operation: AtomOperation
    /// The atom the operation targeted, if it targeted one.
    public let atom: AtomID?
    /// The targeted atom's number in its store (see ``AtomInfo/number``).
    public let atomNumber: Int?
    /// The caller's `#fileID` and `#line`, when the operation came from app code.
    public let location: SourceLocation?
    /// The name given to a `batch`, if any.
    public let label: String?

    /// Creates a cause.
    public init(operation: AtomOperation, atom: AtomID?, atomNumber: Int? = nil, location: SourceLocation?, label: String? = nil) {
        self.operation = operation
        self.atom = atom
        self.atomNumber = atomNumber
        self.location = location
        self.label = label
    }

    /// For example `set CounterAtom at App/Main.swift:12`.
    public var description: String {
        var text = operation.rawValue
        if let label { text += " \"\(label)\"" }
        if let atom { text += " \(atom)" }
        if let location { text += " at \(location)" }
        return text
    }
}

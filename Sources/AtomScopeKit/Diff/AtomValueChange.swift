/// How one atom's value changed, path by path.
public struct AtomValueChange: Hashable, Sendable, Encodable {
    /// The atom's id.
    public var atom: String
    /// The changes, in document order (keys sorted); never empty.
    public var changes: [ValueChange]

    /// Creates an atom's change.
    public init(atom: String, changes: [ValueChange]) {
        self.atom = atom
        self.changes = changes
    }

    /// One line per change, each starting with the atom id:
    /// `TodosAtom[2].isCompleted: false -> true`.
    public func lines(maximumValueLength: Int? = nil) -> [String] {
        changes.map { $0.line(prefix: QuotedText.oneLine(atom), maximumValueLength: maximumValueLength) }
    }
}

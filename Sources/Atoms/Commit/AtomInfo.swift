/// What tools need to know about one atom: its identity, kind, value type and attributes.
public struct AtomInfo: Hashable, Sendable, CustomStringConvertible {
    /// A number unique within one store for the lifetime of the process. An atom that is
    /// released and used again gets a new number; its ``id`` stays the same.
    public let number: Int
    /// The stable, human-readable id.
    public let id: AtomID
    /// The kind of atom.
    public let kind: AtomKind
    /// The name of the produced value's type, such as `Array<Todo>`.
    public let valueType: String
    /// Whether the atom is ``KeepAlive``.
    public let isKeepAlive: Bool
    /// Whether the atom is ``Sensitive``: its value must never be written anywhere.
    public let isSensitive: Bool
    /// The name of the ``AtomScope`` that owns the atom, which its ``id`` ends with; `nil`
    /// for the root.
    public let scope: String?

    /// Creates a description of an atom.
    public init(number: Int, id: AtomID, kind: AtomKind, valueType: String, isKeepAlive: Bool, isSensitive: Bool, scope: String? = nil) {
        self.number = number
        self.id = id
        self.kind = kind
        self.valueType = valueType
        self.isKeepAlive = isKeepAlive
        self.isSensitive = isSensitive
        self.scope = scope
    }

    public var description: String { id.rawValue }
}

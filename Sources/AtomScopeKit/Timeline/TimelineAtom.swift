import AtomJournal

/// What the journal says about an atom: its id and the facts of its definition.
public struct TimelineAtom: Sendable, Hashable, Encodable {
    /// The stable, human-readable id, such as `FetchUserAtom(id: 3)`.
    public var id: String
    /// The kind of atom as recorded (`state`, `value`, `task`, ...).
    public var kind: String
    /// The name of the value's type.
    public var valueType: String
    /// Whether its JSON values can be restored into the app.
    public var isRestorable: Bool
    /// Whether it is `Sensitive`: its values are never recorded.
    public var isSensitive: Bool
    /// Whether it is `KeepAlive`.
    public var isKeepAlive: Bool

    /// Creates an atom description.
    public init(id: String, kind: String, valueType: String, isRestorable: Bool, isSensitive: Bool, isKeepAlive: Bool) {
        self.id = id
        self.kind = kind
        self.valueType = valueType
        self.isRestorable = isRestorable
        self.isSensitive = isSensitive
        self.isKeepAlive = isKeepAlive
    }

    /// The description of a journal's atom definition.
    public init(_ definition: JournalAtomDefinition) {
        self.init(
            id: definition.id, kind: definition.kind, valueType: definition.valueType,
            isRestorable: definition.isRestorable, isSensitive: definition.isSensitive, isKeepAlive: definition.isKeepAlive
        )
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, valueType
        case isRestorable = "restorable"
        case isSensitive = "sensitive"
        case isKeepAlive = "keepAlive"
    }
}

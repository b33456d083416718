/// An entry of an ``AtomValueSource`` that restore did not apply, and why.
public struct AtomRestoreSkip: Hashable, Sendable, CustomStringConvertible {
    /// Why an entry was not applied.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// No atom with this id is cached in the store. Restore only sets atoms that exist,
        /// because an id alone cannot recreate an atom.
        case notInStore
        /// The atom's value type is not `Decodable`.
        case notDecodable(valueType: String)
        /// The stored value does not decode as the atom's value type.
        case decodingFailed(valueType: String, message: String)
        /// The atom is ``Sensitive``: its value was never written, only a redaction marker.
        case redacted
        /// Only a description of the value was recorded, because its type was not `Encodable`.
        case displayOnly

        public var description: String {
            switch self {
            case .notInStore:
                "no atom with this id is cached in the store; watch or read it before restoring"
            case .notDecodable(let valueType):
                "its value type \(valueType) is not Decodable; make it Codable to restore it"
            case .decodingFailed(let valueType, let message):
                "the stored value is not a valid \(valueType): \(message)"
            case .redacted:
                "the atom is Sensitive, so its value was redacted when recorded"
            case .displayOnly:
                "only a description was recorded, because the value type was not Encodable"
            }
        }
    }

    /// The id of the entry in the source.
    public let id: AtomID
    /// Why it was not applied.
    public let reason: Reason

    /// Creates a skip.
    public init(id: AtomID, reason: Reason) {
        self.id = id
        self.reason = reason
    }

    /// For example `SessionAtom: the atom is Sensitive, so its value was redacted when recorded`.
    public var description: String { "\(id): \(reason)" }
}

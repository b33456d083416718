import Synchronization

/// What the recorder asks of a value's type, asked of the runtime once per type.
///
/// Whether a type is `Encodable` and `Decodable`, or an array the recorder can patch, is a
/// conformance lookup that costs the runtime over a thousand instructions each time, and the
/// recorder asks it for every atom it meets: every atom of a family, in every recording.
struct RecordedValueType: Sendable {
    /// Whether values of the type can be written as JSON and read back into the app.
    let isRestorable: Bool
    /// The type as an array the recorder can patch, if it is one.
    let patchable: (any JournalPatchableArray.Type)?

    private static let known = Mutex<[ObjectIdentifier: RecordedValueType]>([:])

    /// The traits of `value`'s dynamic type.
    static func of(_ value: Any) -> RecordedValueType {
        let type = type(of: value)
        let id = ObjectIdentifier(type)
        if let known = known.withLock({ $0[id] }) { return known }
        let traits = RecordedValueType(
            isRestorable: value is any Encodable && type is any Decodable.Type,
            patchable: type as? any JournalPatchableArray.Type
        )
        known.withLock { $0[id] = traits }
        return traits
    }
}

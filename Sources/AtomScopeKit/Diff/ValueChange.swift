/// One difference inside a value: `todos[2].isCompleted: false -> true`,
/// `todos[3]: + {…}`, `todos[0]: - {…}`.
public struct ValueChange: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// What happened at the path.
    public enum Kind: String, Hashable, Sendable, Encodable {
        /// The value at the path differs.
        case changed
        /// An object member or array element that only the newer value has.
        case added
        /// An object member or array element that only the older value has.
        case removed
    }

    /// Where. Array indices of removed elements are in the older value, others in the newer.
    public var path: ValuePath
    /// What happened.
    public var kind: Kind
    /// The older value at the path; `nil` when added.
    public var before: DiffValue?
    /// The newer value at the path; `nil` when removed.
    public var after: DiffValue?

    /// Creates a change.
    public init(path: ValuePath, kind: Kind, before: DiffValue?, after: DiffValue?) {
        self.path = path
        self.kind = kind
        self.before = before
        self.after = after
    }

    /// A changed value.
    public static func changed(_ path: ValuePath, from before: DiffValue, to after: DiffValue) -> ValueChange {
        ValueChange(path: path, kind: .changed, before: before, after: after)
    }

    /// The line without a prefix: `todos[2].isCompleted: false -> true`.
    public var description: String {
        line(prefix: "")
    }

    /// The line after a prefix such as an atom id, values cut to `maximumValueLength`
    /// characters when given: `TodosAtom[2].isCompleted: false -> true`. A redacted value
    /// that the journal recorded as updated reads `<redacted> (changed)`.
    public func line(prefix: String, maximumValueLength: Int? = nil) -> String {
        func show(_ value: DiffValue?) -> String {
            guard let value else { return "" }
            return maximumValueLength.map { value.description(maximumLength: $0) } ?? value.description
        }
        let location = path.description(prefix: prefix)
        let change = switch kind {
        case .changed where before == .redacted && after == .redacted: "<redacted> (changed)"
        case .changed: "\(show(before)) -> \(show(after))"
        case .added: "+ \(show(after))"
        case .removed: "- \(show(before))"
        }
        return location.isEmpty ? change : "\(location): \(change)"
    }
}

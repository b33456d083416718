/// The operation that started a transaction.
///
/// A struct rather than an enum so that later operations (refresh, async completion) can be
/// added without breaking exhaustive switches in client code.
public struct AtomOperation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stable name of the operation, as written to journals.
    public let rawValue: String

    /// Creates an operation from its stable name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A value was set.
    public static let set = AtomOperation(rawValue: "set")
    /// A value was modified in place.
    public static let modify = AtomOperation(rawValue: "modify")
    /// An atom was reset.
    public static let reset = AtomOperation(rawValue: "reset")
    /// A snapshot or a state file was restored.
    public static let restore = AtomOperation(rawValue: "restore")
    /// A subscriber started watching an atom.
    public static let watch = AtomOperation(rawValue: "watch")
    /// A subscriber stopped watching atoms.
    public static let unwatch = AtomOperation(rawValue: "unwatch")
    /// An atom was read for the first time, which computed it.
    public static let read = AtomOperation(rawValue: "read")
    /// Several operations were grouped with `batch`.
    public static let batch = AtomOperation(rawValue: "batch")

    public var description: String { rawValue }
}

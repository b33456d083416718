/// The operation that started a transaction.
///
/// A struct rather than an enum so that later operations can be added without breaking
/// exhaustive switches in client code.
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
    /// An atom was refreshed: recomputed, and its asynchronous work awaited.
    public static let refresh = AtomOperation(rawValue: "refresh")
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
    /// The task of a task or phase atom returned a value.
    public static let taskFinished = AtomOperation(rawValue: "task finished")
    /// The task of a task or phase atom threw.
    public static let taskFailed = AtomOperation(rawValue: "task failed")
    /// The sequence of an ``AsyncSequenceAtom`` produced an element.
    public static let sequenceElement = AtomOperation(rawValue: "sequence element")
    /// The sequence of an ``AsyncSequenceAtom`` threw.
    public static let sequenceFailed = AtomOperation(rawValue: "sequence failed")
    /// The publisher of a ``PublisherAtom`` emitted a value.
    public static let publisherValue = AtomOperation(rawValue: "publisher value")
    /// The publisher of a ``PublisherAtom`` completed with a failure.
    public static let publisherFailed = AtomOperation(rawValue: "publisher failed")
    /// The object of an ``ObservableObjectAtom`` or an ``ObservableAtom`` changed.
    public static let objectChanged = AtomOperation(rawValue: "object changed")
    /// A scope ended, releasing the atoms it owned.
    public static let scopeEnded = AtomOperation(rawValue: "scope ended")

    public var description: String { rawValue }
}

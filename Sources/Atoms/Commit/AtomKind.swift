/// The kind of an atom, as debugging tools show and style it.
///
/// A struct rather than an enum so that new atom kinds can be added without breaking
/// code that switches over the known ones.
public struct AtomKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stable name of the kind, as written to journals.
    public let rawValue: String

    /// Creates a kind from its stable name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A ``StateAtom``.
    public static let state = AtomKind(rawValue: "state")
    /// A ``ValueAtom``.
    public static let value = AtomKind(rawValue: "value")
    /// An atom produced by a modifier such as ``Atom/changes``.
    public static let modified = AtomKind(rawValue: "modified")
    /// A ``TaskAtom``.
    public static let task = AtomKind(rawValue: "task")
    /// A ``ThrowingTaskAtom``.
    public static let throwingTask = AtomKind(rawValue: "throwingTask")
    /// An ``AsyncPhaseAtom``.
    public static let asyncPhase = AtomKind(rawValue: "asyncPhase")
    /// An ``AsyncSequenceAtom``.
    public static let asyncSequence = AtomKind(rawValue: "asyncSequence")
    /// A ``PublisherAtom``.
    public static let publisher = AtomKind(rawValue: "publisher")
    /// An ``ObservableObjectAtom``.
    public static let observableObject = AtomKind(rawValue: "observableObject")
    /// An ``ObservableAtom``.
    public static let observable = AtomKind(rawValue: "observable")

    public var description: String { rawValue }
}

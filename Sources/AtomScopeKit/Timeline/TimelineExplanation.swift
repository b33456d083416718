/// Why an atom changed: the step that changed it and the atoms upstream of it that changed
/// in the same step.
public struct TimelineExplanation: Sendable, Equatable, Encodable {
    /// An upstream atom that changed in the step.
    public struct Upstream: Sendable, Equatable, Encodable {
        /// Its id.
        public var atom: String
        /// How many edges separate it from the explained atom (1: a direct dependency).
        public var distance: Int
        /// A shortest chain of dependencies from it to the explained atom, both included.
        public var path: [String]

        /// Creates an upstream.
        public init(atom: String, distance: Int, path: [String]) {
            self.atom = atom
            self.distance = distance
            self.path = path
        }
    }

    /// The explained atom.
    public var atom: String
    /// The step that changed it: its last change at or before the step asked about.
    public var step: Int
    /// The step's operation.
    public var operation: String
    /// The step's cause atom, if it recorded one.
    public var causeAtom: String?
    /// Where the step's operation was called.
    public var causeLocation: String?
    /// Whether the explained atom is itself the step's cause.
    public var isCause: Bool
    /// The upstream atoms that changed in the step, nearest first (ties by id).
    public var upstreams: [Upstream]
    /// The step's cause atom when it is the explained atom or one of its upstreams (changed
    /// or not): the root cause.
    public var rootCause: String?

    /// Creates an explanation.
    public init(
        atom: String, step: Int, operation: String, causeAtom: String?, causeLocation: String?,
        isCause: Bool, upstreams: [Upstream], rootCause: String?
    ) {
        self.atom = atom
        self.step = step
        self.operation = operation
        self.causeAtom = causeAtom
        self.causeLocation = causeLocation
        self.isCause = isCause
        self.upstreams = upstreams
        self.rootCause = rootCause
    }
}

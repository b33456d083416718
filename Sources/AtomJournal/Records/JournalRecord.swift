/// One record of a journal, as the writer appends it and the reader returns it.
///
/// Atoms, subscribers and source locations are defined once and then referred to by
/// number, so that a step costs bytes in proportion to what it changed.
public enum JournalRecord: Sendable, Equatable {
    /// Introduces an atom: its number in this journal, its id, kind and value type.
    case atomDefinition(JournalAtomDefinition)
    /// Introduces a subscriber: where it first watched, and the name its context was given.
    case subscriberDefinition(JournalSubscriberDefinition)
    /// Introduces a source location that causes refer to.
    case locationDefinition(JournalLocationDefinition)
    /// One commit of the store.
    case step(JournalStep)
    /// The full state, so that any step can be reached from the nearest keyframe.
    case keyframe(JournalKeyframe)
    /// A user annotation, such as `recorder.mark("before login")`.
    case mark(JournalMark)
    /// Written when the recorder is closed cleanly.
    case close(JournalClose)
}

/// An atom as the journal knows it.
public struct JournalAtomDefinition: Sendable, Equatable {
    /// The atom's number, unique within the journal; steps refer to it.
    public var number: Int
    /// The stable, human-readable id, such as `FetchUserAtom(id: 3)`.
    public var id: String
    /// The kind of atom (`state`, `value`, `modified`, ...).
    public var kind: String
    /// The name of the value's type.
    public var valueType: String
    /// Whether values are JSON that can be restored into the app (the type is `Codable`).
    public var isRestorable: Bool
    /// Whether the atom is `Sensitive`: its values are never written.
    public var isSensitive: Bool
    /// Whether the atom is `KeepAlive`.
    public var isKeepAlive: Bool

    /// Creates a definition.
    public init(number: Int, id: String, kind: String, valueType: String, isRestorable: Bool, isSensitive: Bool, isKeepAlive: Bool) {
        self.number = number
        self.id = id
        self.kind = kind
        self.valueType = valueType
        self.isRestorable = isRestorable
        self.isSensitive = isSensitive
        self.isKeepAlive = isKeepAlive
    }
}

/// A subscriber (a view context, a test context): where it first watched, and the name its
/// context was given, if any.
public struct JournalSubscriberDefinition: Sendable, Equatable {
    /// The subscriber's number, unique within the journal.
    public var number: Int
    /// The `#fileID` where it first watched.
    public var fileID: String
    /// The line where it first watched.
    public var line: Int
    /// The name given to its context (`root.context(name:)`), or `nil`. Journals of format
    /// 1.0 have none; an empty name is not written, so it reads back as `nil`.
    public var name: String?

    /// Creates a definition.
    public init(number: Int, fileID: String, line: Int, name: String? = nil) {
        self.number = number
        self.fileID = fileID
        self.line = line
        self.name = name
    }
}

/// A source location that causes refer to by number.
public struct JournalLocationDefinition: Sendable, Equatable {
    /// The location's number, unique within the journal.
    public var number: Int
    /// The `#fileID`.
    public var fileID: String
    /// The line.
    public var line: Int

    /// Creates a definition.
    public init(number: Int, fileID: String, line: Int) {
        self.number = number
        self.fileID = fileID
        self.line = line
    }
}

/// A recorded value.
public enum JournalValue: Sendable, Equatable {
    /// JSON with sorted keys, from an `Encodable` value; restorable when the atom is.
    case json(String)
    /// The value's description, for display only.
    case text(String)
    /// The atom is `Sensitive`: the value was never written.
    case redacted
    /// The atom had no value.
    case absent
}

/// An atom's value in a step or keyframe.
public struct JournalValueEntry: Sendable, Equatable {
    /// The atom's number.
    public var atom: Int
    /// Its value.
    public var value: JournalValue

    /// Creates an entry.
    public init(atom: Int, value: JournalValue) {
        self.atom = atom
        self.value = value
    }
}

/// A dependency between two atoms, by number: `downstream` watches `upstream`.
public struct JournalEdge: Sendable, Hashable {
    /// The watched atom.
    public var upstream: Int
    /// The watching atom.
    public var downstream: Int

    /// Creates an edge.
    public init(upstream: Int, downstream: Int) {
        self.upstream = upstream
        self.downstream = downstream
    }
}

/// A subscription, by number: `subscriber` watches `atom`.
public struct JournalSubscription: Sendable, Hashable {
    /// The watched atom.
    public var atom: Int
    /// The subscriber.
    public var subscriber: Int

    /// Creates a subscription.
    public init(atom: Int, subscriber: Int) {
        self.atom = atom
        self.subscriber = subscriber
    }
}

/// One commit of the store: its cause, its time and what it changed.
public struct JournalStep: Sendable, Equatable {
    /// The store's commit number.
    public var commit: Int
    /// Microseconds since the journal's start time.
    public var time: Int64
    /// The operation that started the transaction (`set`, `modify`, `batch`, ...).
    public var operation: String
    /// The atom the operation targeted, by number.
    public var causeAtom: Int?
    /// Where the operation was called, by location number.
    public var causeLocation: Int?
    /// The name given to a batch.
    public var label: String?
    /// Atoms that came into existence, with their values.
    public var initialized: [JournalValueEntry]
    /// Atoms whose value changed, with their new values.
    public var updated: [JournalValueEntry]
    /// Atoms recomputed, or set, to a value equal to the one they had, by number: their
    /// downstream atoms were updated, but they did not change. Empty in journals written
    /// before format 1.2, which recorded such atoms in ``updated``.
    public var recomputed: [Int] = []
    /// Atoms of ``updated`` whose new value is written as edits to their previous value
    /// (format 1.3); their entries in ``updated`` hold ``JournalValuePatch/placeholder``.
    /// `Timeline` applies them; a reader of the records alone applies them with
    /// ``JournalValuePatch/apply(to:)`` to the value the atom had before the step.
    public var patches: [JournalValuePatch] = []
    /// Atoms that were released.
    public var released: [Int]
    /// Dependencies that appeared.
    public var edgesAdded: [JournalEdge]
    /// Dependencies that disappeared.
    public var edgesRemoved: [JournalEdge]
    /// Subscriptions that appeared.
    public var subscriptionsAdded: [JournalSubscription]
    /// Subscriptions that disappeared.
    public var subscriptionsRemoved: [JournalSubscription]

    /// Creates a step.
    public init(
        commit: Int, time: Int64, operation: String, causeAtom: Int? = nil, causeLocation: Int? = nil, label: String? = nil,
        initialized: [JournalValueEntry] = [], updated: [JournalValueEntry] = [], released: [Int] = [],
        edgesAdded: [JournalEdge] = [], edgesRemoved: [JournalEdge] = [],
        subscriptionsAdded: [JournalSubscription] = [], subscriptionsRemoved: [JournalSubscription] = []
    ) {
        self.commit = commit
        self.time = time
        self.operation = operation
        self.causeAtom = causeAtom
        self.causeLocation = causeLocation
        self.label = label
        self.initialized = initialized
        self.updated = updated
        self.released = released
        self.edgesAdded = edgesAdded
        self.edgesRemoved = edgesRemoved
        self.subscriptionsAdded = subscriptionsAdded
        self.subscriptionsRemoved = subscriptionsRemoved
    }
}

/// The full state after a commit.
public struct JournalKeyframe: Sendable, Equatable {
    /// The commit after which the state was captured.
    public var commit: Int
    /// Microseconds since the journal's start time.
    public var time: Int64
    /// Every live atom's value.
    public var atoms: [JournalValueEntry]
    /// Every dependency.
    public var edges: [JournalEdge]
    /// Every subscription.
    public var subscriptions: [JournalSubscription]

    /// Creates a keyframe.
    public init(commit: Int, time: Int64, atoms: [JournalValueEntry], edges: [JournalEdge], subscriptions: [JournalSubscription]) {
        self.commit = commit
        self.time = time
        self.atoms = atoms
        self.edges = edges
        self.subscriptions = subscriptions
    }
}

/// A user annotation between steps.
public struct JournalMark: Sendable, Equatable {
    /// The last commit before the mark.
    public var commit: Int
    /// Microseconds since the journal's start time.
    public var time: Int64
    /// The annotation.
    public var label: String

    /// Creates a mark.
    public init(commit: Int, time: Int64, label: String) {
        self.commit = commit
        self.time = time
        self.label = label
    }
}

/// The clean end of a journal.
public struct JournalClose: Sendable, Equatable {
    /// The last commit recorded.
    public var commit: Int
    /// Microseconds since the journal's start time.
    public var time: Int64
    /// The number of steps written.
    public var stepCount: Int

    /// Creates a close marker.
    public init(commit: Int, time: Int64, stepCount: Int) {
        self.commit = commit
        self.time = time
        self.stepCount = stepCount
    }
}

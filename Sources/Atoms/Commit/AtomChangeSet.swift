/// Everything one transaction changed, built from what the transaction did and never by
/// scanning the store.
///
/// An atom that is computed and released within one transaction (for example by `read` of an
/// atom nothing watches) appears in both ``initialized`` and ``released``, so that a recorder
/// sees every atom that ever existed. Edges and subscriptions are netted: one added and
/// removed again in the same transaction does not appear.
public struct AtomChangeSet {
    /// Atoms that came into existence, with their value at the end of the transaction.
    public var initialized: [AtomValueChange] = []
    /// Atoms that existed before and whose value changed, with their new value.
    ///
    /// "Changed" follows one rule: `!=` for an `Equatable` value; different JSON for an
    /// `Encodable` one; otherwise a different description (a best guess). The atom of an
    /// `ObservableObjectAtom` or `ObservableAtom` changes whenever its object reports a change.
    public var updated: [AtomValueChange] = []
    /// Atoms that existed before and were recomputed, or set, to a value equal to the one they
    /// had, by the rule of ``updated``. Their downstream atoms and subscribers were still
    /// updated, as the atom's kind demands; a debugger uses them to explain why.
    public var recomputed: [AtomInfo] = []
    /// Atoms that were released.
    public var released: [AtomInfo] = []
    /// Dependencies that appeared.
    public var edgesAdded: [AtomEdge] = []
    /// Dependencies that disappeared.
    public var edgesRemoved: [AtomEdge] = []
    /// Subscriptions that appeared.
    public var subscriptionsAdded: [AtomSubscription] = []
    /// Subscriptions that disappeared.
    public var subscriptionsRemoved: [AtomSubscription] = []

    /// Creates an empty change set.
    public init() {}

    /// Whether the transaction changed nothing observable.
    public var isEmpty: Bool {
        initialized.isEmpty && updated.isEmpty && recomputed.isEmpty && released.isEmpty && edgesAdded.isEmpty
            && edgesRemoved.isEmpty && subscriptionsAdded.isEmpty && subscriptionsRemoved.isEmpty
    }
}

/// An atom and its value at the end of a transaction.
public struct AtomValueChange {
    /// The atom.
    public let atom: AtomInfo
    /// The value. `nil` only if the atom never produced one.
    public let value: Any?

    /// Creates a value change.
    public init(atom: AtomInfo, value: Any?) {
        self.atom = atom
        self.value = value
    }
}

/// A dependency: `downstream` watches `upstream`.
public struct AtomEdge: Hashable, Sendable {
    /// The atom being watched.
    public let upstream: AtomInfo
    /// The atom that watches it.
    public let downstream: AtomInfo

    /// Creates an edge.
    public init(upstream: AtomInfo, downstream: AtomInfo) {
        self.upstream = upstream
        self.downstream = downstream
    }
}

/// Something outside the graph that watches atoms, shown by the name the app gave it or,
/// without one, by where it first watched.
public struct SubscriberInfo: Hashable, Sendable, CustomStringConvertible {
    /// A number unique within the store.
    public let number: Int
    /// Where the subscriber first watched an atom.
    public let location: SourceLocation
    /// The name given to its context (``AtomRoot/context(name:fileID:line:)``), if any.
    public let name: String?

    /// Creates a subscriber description.
    public init(number: Int, location: SourceLocation, name: String? = nil) {
        self.number = number
        self.location = location
        self.name = name
    }

    /// The name when there is one, otherwise `File.swift:line`.
    public var description: String { name ?? location.description }
}

/// A subscription: `subscriber` watches `atom`.
public struct AtomSubscription: Hashable, Sendable {
    /// The watched atom.
    public let atom: AtomInfo
    /// The subscriber.
    public let subscriber: SubscriberInfo

    /// Creates a subscription.
    public init(atom: AtomInfo, subscriber: SubscriberInfo) {
        self.atom = atom
        self.subscriber = subscriber
    }
}

/// A subscription, by name: the subscriber watches the atom. A subscriber is shown by the name
/// its context was given (``name``) or, without one, by where it first watched
/// (``subscriber``, `File.swift:line`).
public struct TimelineSubscription: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    /// The watched atom's id.
    public var atom: String
    /// The subscriber, as `Module/File.swift:line`: where it first watched.
    public var subscriber: String
    /// The name given to the subscriber's context (`root.context(name:)`), if any. Encoded
    /// only when present, so the JSON of unnamed subscribers is as before names existed.
    public var name: String?

    /// Creates a subscription.
    public init(atom: String, subscriber: String, name: String? = nil) {
        self.atom = atom
        self.subscriber = subscriber
        self.name = name
    }

    /// How tools show the subscriber: its name, or `File.swift:line` when it has none.
    public var subscriberLabel: String { name ?? subscriber }

    /// `Atom -> Name`, or `Atom -> File.swift:line` for an unnamed subscriber.
    public var description: String { "\(atom) -> \(subscriberLabel)" }

    public static func < (lhs: TimelineSubscription, rhs: TimelineSubscription) -> Bool {
        (lhs.atom, lhs.subscriber, lhs.name ?? "") < (rhs.atom, rhs.subscriber, rhs.name ?? "")
    }
}

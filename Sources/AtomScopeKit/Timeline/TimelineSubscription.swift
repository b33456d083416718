/// A subscription, by name: the subscriber (named `File.swift:line`, where it first
/// watched) watches the atom.
public struct TimelineSubscription: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    /// The watched atom's id.
    public var atom: String
    /// The subscriber, as `Module/File.swift:line`.
    public var subscriber: String

    /// Creates a subscription.
    public init(atom: String, subscriber: String) {
        self.atom = atom
        self.subscriber = subscriber
    }

    /// `Atom -> File.swift:line`.
    public var description: String { "\(atom) -> \(subscriber)" }

    public static func < (lhs: TimelineSubscription, rhs: TimelineSubscription) -> Bool {
        (lhs.atom, lhs.subscriber) < (rhs.atom, rhs.subscriber)
    }
}

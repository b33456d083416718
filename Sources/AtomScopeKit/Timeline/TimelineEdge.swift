/// A dependency between two atoms, by id: `downstream` watches `upstream`.
public struct TimelineEdge: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    /// The watched atom.
    public var upstream: String
    /// The watching atom.
    public var downstream: String

    /// Creates an edge.
    public init(upstream: String, downstream: String) {
        self.upstream = upstream
        self.downstream = downstream
    }

    /// `Upstream -> Downstream`.
    public var description: String { "\(upstream) -> \(downstream)" }

    public static func < (lhs: TimelineEdge, rhs: TimelineEdge) -> Bool {
        (lhs.upstream, lhs.downstream) < (rhs.upstream, rhs.downstream)
    }
}

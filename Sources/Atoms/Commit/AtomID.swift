/// The stable, human-readable identity of an atom.
///
/// It is the atom's type name, followed by its stored properties when it has any, such as
/// `FetchUserAtom(id: 3)`; modified atoms add the modifier, such as `CountAtom.changes`.
/// The same id names the atom in snapshots, graphs, journals and every tool.
public struct AtomID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id as text.
    public let rawValue: String

    /// Creates an id from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: AtomID, rhs: AtomID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What an ``AtomValueSource`` holds for one atom.
///
/// A recorder cannot store every value in a restorable form, so a source also carries the
/// atoms it only described or deliberately left out; restore reports those as skipped with
/// the matching reason instead of silently ignoring them.
public enum AtomSourceEntry: Sendable {
    /// A value in a serialized form that the atom decodes into its own value type.
    case encoded(any AtomEncodedValue)
    /// Only a description of the value, because its type was not `Encodable`.
    case displayOnly
    /// Nothing, because the atom is ``Sensitive`` and its value was never written.
    case redacted
}

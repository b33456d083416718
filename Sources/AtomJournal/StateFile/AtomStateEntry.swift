/// What a state file holds for one atom.
///
/// The exporter cannot make every value restorable; it keeps those it cannot, so that a
/// restore can say which atoms did not come back and why instead of leaving them out
/// silently.
public enum AtomStateEntry: Hashable, Sendable {
    /// The value as JSON; restore decodes it into the atom's value type.
    case value(JSONFragment)
    /// Only the value's description, because its type was not `Encodable`. Restore skips it.
    case displayOnly(String)
    /// A redaction marker for a `Sensitive` atom, whose value is never written. Restore
    /// skips it.
    case redacted
}

/// An attribute that keeps an atom's value out of every journal, log and graph label.
///
/// Debugging tools see that the atom exists, when it changed and what depends on it, but
/// only a redaction marker in place of its value. Use it for tokens, passwords and
/// personal data. Modified atoms (`.changes`, `.phase`) of a sensitive atom are sensitive
/// too; an atom you derive from it yourself is not, unless you mark it.
public protocol Sensitive where Self: Atom {}

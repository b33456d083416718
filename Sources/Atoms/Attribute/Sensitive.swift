/// An attribute that keeps an atom's value out of every journal, log and graph label.
///
/// Debugging tools see that the atom exists, when it changed and what depends on it, but
/// only a redaction marker in place of its value. Use it for tokens, passwords and
/// personal data.
public protocol Sensitive where Self: Atom {}

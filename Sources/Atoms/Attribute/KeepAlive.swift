/// An attribute that keeps an atom's value cached after nothing uses it any more.
///
/// Without it, an atom is released at the end of the transaction in which it lost its last
/// subscriber and its last downstream atom.
public protocol KeepAlive where Self: Atom {}

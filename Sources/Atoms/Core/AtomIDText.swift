/// Atoms whose id is not their type and stored properties, such as modified atoms.
protocol CustomAtomIdentifiable {
    func atomIDText() -> String
    /// The id with every parameter that could hold a secret replaced by a redaction marker,
    /// for a ``Sensitive`` atom.
    func redactedAtomIDText(ordinal: SensitiveOrdinal) -> String
}

extension CustomAtomIdentifiable {
    /// Closure-style atoms cannot be ``Sensitive``, so their ids have nothing to redact.
    func redactedAtomIDText(ordinal: SensitiveOrdinal) -> String { atomIDText() }
}

/// Gives the distinct keys of one sensitive atom type the numbers 1, 2, … in order of first
/// use, so that redacted ids stay distinct and stable within a store; `nil` when no store
/// numbers them (a crash message), which shows a bare `<redacted>`.
typealias SensitiveOrdinal = ((_ typeName: String, _ key: AnyHashable) -> Int)?

/// The id of a ``Sensitive`` atom: its type name, and in place of the stored properties or key
/// that identify it, `<redacted N>` (`SessionAtom(<redacted 2>)`). An ordinal, never a hash:
/// a hash of an account number could be found by trying every account number.
func redactedAtomIDText<A: Atom>(for atom: A, ordinal: SensitiveOrdinal) -> String {
    if AtomTypeTraits.of(atom).isCustomIdentifiable, let custom = atom as? any CustomAtomIdentifiable {
        return custom.redactedAtomIDText(ordinal: ordinal)
    }
    let typeName = TypeName.of(A.self)
    if A.Key.self == A.self, AtomTypeTraits.of(atom).isFieldlessStruct || Mirror(reflecting: atom).children.isEmpty {
        return typeName
    }
    guard let ordinal else { return "\(typeName)(<redacted>)" }
    return "\(typeName)(<redacted \(ordinal(typeName, AnyHashable(atom.key)))>)"
}

/// The id to show for an atom outside a store (in a crash message): redacted when sensitive.
func diagnosticAtomIDText<A: Atom>(for atom: A) -> String {
    AtomTypeTraits.of(atom).isSensitive ? redactedAtomIDText(for: atom, ordinal: nil) : atomIDText(for: atom)
}

/// The id of an atom owned by a scope: the atom's own id, then ` @ ` and the scope's name.
/// Tools split a scoped id at the last ` @ ` outside brackets and quotes.
func scopedAtomIDText(_ text: String, scope: ScopeState?) -> String {
    guard let scope else { return text }
    return "\(text) @ \(scope.name)"
}

/// The human-readable id of an atom: its type name, followed by its stored properties when
/// it has any (`FetchUserAtom(id: 3)`); an atom with an explicit key shows the key instead of
/// its properties (`UserNameAtom(3)`), because the key is what identifies its value.
func atomIDText<A: Atom>(for atom: A) -> String {
    if AtomTypeTraits.of(atom).isCustomIdentifiable, let custom = atom as? any CustomAtomIdentifiable {
        return custom.atomIDText()
    }
    let typeName = TypeName.of(A.self)
    if A.Key.self == A.self {
        // A struct's stored properties are its type's; only other atoms are asked each time.
        if AtomTypeTraits.of(atom).isFieldlessStruct || Mirror(reflecting: atom).children.isEmpty {
            return typeName
        }
        let text = String(describing: atom)
        // A struct describes itself as `Name(field: value)`; keep the full generic type name.
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            return typeName + text[open...]
        }
        return "\(typeName)(\(text))"
    }
    return "\(typeName)(\(String(describing: atom.key)))"
}

/// Atoms whose id is not their type and stored properties, such as modified atoms.
protocol CustomAtomIdentifiable {
    func atomIDText() -> String
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
    if let custom = atom as? any CustomAtomIdentifiable {
        return custom.atomIDText()
    }
    let typeName = String(describing: A.self)
    if A.Key.self == A.self {
        if Mirror(reflecting: atom).children.isEmpty {
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

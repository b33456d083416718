/// The key of a closure-style atom: where it was defined, and for a member of a family, its
/// parameter.
///
/// Closure-style atoms (``WritableAtom``, ``DerivedAtom``, ``PhaseAtom`` and the members of
/// ``DerivedAtomFamily`` and ``PhaseAtomFamily``) cannot be told apart by their type, so this
/// key gives each definition an identity of its own. Its description (`Search.swift:12` or
/// `Users.swift:20, 3`) is what atom ids show.
public struct AtomDefinitionKey: Hashable, Sendable, CustomStringConvertible {
    let definition: AtomDefinition
    let parameter: (any Hashable & Sendable)?

    init(_ definition: AtomDefinition, parameter: (any Hashable & Sendable)? = nil) {
        self.definition = definition
        self.parameter = parameter
    }

    private var hashableParameter: AnyHashable? {
        parameter.map { AnyHashable($0) }
    }

    /// Keys are equal for the same definition and equal parameters.
    public static func == (lhs: AtomDefinitionKey, rhs: AtomDefinitionKey) -> Bool {
        lhs.definition == rhs.definition && lhs.hashableParameter == rhs.hashableParameter
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition)
        hasher.combine(hashableParameter)
    }

    /// The definition's `File.swift:line`, and the parameter of a family member.
    public var description: String {
        guard let parameter else { return definition.locationText }
        return "\(definition.locationText), \(parameter)"
    }

    /// The id of an atom with this key: its kind's name and the key.
    func atomIDText(kind: String) -> String {
        "\(kind)(\(description))"
    }
}

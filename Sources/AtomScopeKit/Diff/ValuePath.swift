/// Where in a JSON value a change is: object keys and array indices from the top, such as
/// `todos[2].isCompleted`. The empty path is the value itself.
public struct ValuePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// One step into a value.
    public enum Component: Hashable, Comparable, Sendable {
        /// An array element, from 0. Sorts before keys.
        case index(Int)
        /// An object member.
        case key(String)
    }

    /// The steps from the top of the value.
    public var components: [Component]

    /// Creates a path.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of the value itself.
    public static let root = ValuePath()

    /// Whether this is the value itself.
    public var isRoot: Bool { components.isEmpty }

    /// The path one step further.
    public func appending(_ component: Component) -> ValuePath {
        ValuePath(components + [component])
    }

    /// `todos[2].isCompleted`; a key that is not an identifier is written as `["a key"]`.
    public var description: String {
        description(prefix: "")
    }

    /// The path after a prefix such as an atom id: `TodosAtom[2].isCompleted`,
    /// `SettingsAtom.theme`, or the prefix alone for the root.
    public func description(prefix: String) -> String {
        var text = prefix
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[\(JSONValue.quoted(key))]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    public static func < (lhs: ValuePath, rhs: ValuePath) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }
}

extension ValuePath: Encodable {
    /// Encodes the path as its text, such as `"todos[2].isCompleted"` (`""` for the root).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A JSON value, as the journal records atom values.
///
/// Numbers keep their original text, so that an integer of any size survives exactly and
/// two numbers are equal when their text is. Objects keep their members sorted by key,
/// each key once (the last wins, as in most parsers).
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"todos":[{"done":false}],"filter":"all"}"#)
/// value["todos"]?[0]?["done"]  // .bool(false)
/// ```
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its JSON text (`42`, `-0.5`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members, sorted by key.
    case object([Member])

    /// One member of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from members in any order; a repeated key keeps its last value.
    public static func object(sorting members: [Member]) -> JSONValue {
        .object(sortedMembers(members))
    }

    /// An object from a dictionary.
    public static func object(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.keys.sorted().map { Member(key: $0, value: members[$0] ?? .null) })
    }

    static func sortedMembers(_ members: [Member]) -> [Member] {
        var isSorted = true
        for position in members.indices.dropFirst() where !(members[position - 1].key < members[position].key) {
            isSorted = false
            break
        }
        if isSorted { return members }
        // Stable, so that of repeated keys the last stays last and wins.
        let ordered = members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
        var result: [Member] = []
        result.reserveCapacity(ordered.count)
        for member in ordered {
            if result.last?.key == member.key {
                result[result.count - 1] = member
            } else {
                result.append(member)
            }
        }
        return result
    }

    /// An object member's value.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].key < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < members.count && members[low].key == key ? members[low].value : nil
    }

    /// An array element.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The name of the JSON type, such as `object` or `number`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Any JSON value, held as a tree so that a state file can embed each atom's value as
/// JSON (not as a string of JSON) and still be written with sorted keys.
///
/// Integers are kept apart from other numbers so that an `Int64` or `UInt64` value
/// survives a round trip through the file exactly.
enum StateFileJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case number(Double)
    case string(String)
    case array([StateFileJSON])
    case object([String: StateFileJSON])

    /// The string, if this is one.
    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The integer, if this is one that fits an `Int`.
    var intValue: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .unsignedInteger(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The name of the JSON type, for messages about a value of the wrong type.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .unsignedInteger, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension StateFileJSON: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Most specific first: a JSON number that is an integer must not become a Double.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsignedInteger(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([StateFileJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: StateFileJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

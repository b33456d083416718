extension JSONValue: Encodable {
    /// Encodes the value as itself. A number is encoded exactly when it is an integer that
    /// fits 64 bits, as a `Double` otherwise, and as its text when not even that fits.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let literal):
            var container = encoder.singleValueContainer()
            if let value = Int64(literal) {
                try container.encode(value)
            } else if let value = UInt64(literal) {
                try container.encode(value)
            } else if let value = Double(literal), value.isFinite {
                try container.encode(value)
            } else {
                try container.encode(literal)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members {
                try container.encode(member.value, forKey: MemberKey(member.key))
            }
        }
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

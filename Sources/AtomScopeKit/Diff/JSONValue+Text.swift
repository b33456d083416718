extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON: sorted keys, no whitespace, `/` not escaped; the form
    /// the journal records.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The compact JSON, cut to at most `maximumLength` characters with `…` at the end when
    /// it is longer.
    public func description(maximumLength: Int) -> String {
        let text = description
        guard text.count > maximumLength else { return text }
        return String(text.prefix(max(0, maximumLength - 1))) + "…"
    }

    /// A short form for one line: scalars in full, containers as `{…}` / `[…]` with their
    /// size, such as `{3 keys}` or `[2 items]`.
    public var summary: String {
        switch self {
        case .array(let elements): elements.isEmpty ? "[]" : "[\(elements.count) item\(elements.count == 1 ? "" : "s")]"
        case .object(let members): members.isEmpty ? "{}" : "{\(members.count) key\(members.count == 1 ? "" : "s")}"
        default: description
        }
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let literal): text += literal
        case .string(let value): Self.writeQuoted(value, to: &text)
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                Self.writeQuoted(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// A JSON string literal, escaped as `JSONEncoder` escapes it (without escaping `/`).
    static func quoted(_ value: String) -> String {
        var text = ""
        writeQuoted(value, to: &text)
        return text
    }

    static func writeQuoted(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}

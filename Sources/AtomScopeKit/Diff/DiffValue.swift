import AtomJournal

/// A value as a diff shows it: JSON parsed into a tree, a display-only description, or a
/// marker for a value the journal does not hold. A redacted value has no content to show.
public enum DiffValue: Hashable, Sendable {
    /// A JSON value (all of an atom's value or a part of it).
    case json(JSONValue)
    /// A display-only description, or recorded JSON that does not parse, compared as text.
    case text(String)
    /// A `Sensitive` atom's value, never recorded.
    case redacted
    /// The atom had no value.
    case absent

    /// The value a journal recorded; JSON that does not parse becomes its text.
    public init(_ value: JournalValue) {
        switch value {
        case .json(let text):
            if let parsed = try? JSONValue(parsing: text) {
                self = .json(parsed)
            } else {
                self = .text(text)
            }
        case .text(let text): self = .text(text)
        case .redacted: self = .redacted
        case .absent: self = .absent
        }
    }
}

extension DiffValue: CustomStringConvertible {
    /// One line: JSON as compact JSON, a description as its text (control characters
    /// escaped), `<redacted>` and `<absent>`.
    public var description: String {
        switch self {
        case .json(let value): value.description
        case .text(let text): QuotedText.oneLine(text)
        case .redacted: "<redacted>"
        case .absent: "<absent>"
        }
    }

    /// ``description`` cut to at most `maximumLength` characters, ending in `…` when cut.
    public func description(maximumLength: Int) -> String {
        let text = description
        guard text.count > maximumLength else { return text }
        return String(text.prefix(max(0, maximumLength - 1))) + "…"
    }
}

extension DiffValue: Encodable {
    private enum CodingKeys: String, CodingKey {
        case kind, json, text
    }

    /// `{"kind": "json", "json": <the value>}`, `{"kind": "text", "text": "…"}`,
    /// `{"kind": "redacted"}` or `{"kind": "absent"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .json(let value):
            try container.encode("json", forKey: .kind)
            try container.encode(value, forKey: .json)
        case .text(let text):
            try container.encode("text", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .redacted:
            try container.encode("redacted", forKey: .kind)
        case .absent:
            try container.encode("absent", forKey: .kind)
        }
    }
}

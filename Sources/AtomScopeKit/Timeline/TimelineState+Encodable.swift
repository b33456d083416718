extension TimelineState: Encodable {
    private enum CodingKeys: String, CodingKey {
        case step, commit, time, date, atoms, edges, subscriptions
    }

    private struct EncodedAtom: Encodable {
        var atom: TimelineAtom?
        var value: DiffValue

        enum CodingKeys: String, CodingKey {
            case kind, valueType, restorable, sensitive, keepAlive, value
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(atom?.kind, forKey: .kind)
            try container.encodeIfPresent(atom?.valueType, forKey: .valueType)
            try container.encodeIfPresent(atom?.isRestorable, forKey: .restorable)
            try container.encodeIfPresent(atom?.isSensitive, forKey: .sensitive)
            try container.encodeIfPresent(atom?.isKeepAlive, forKey: .keepAlive)
            try container.encode(value, forKey: .value)
        }
    }

    /// `{"step", "commit", "time" (µs), "date" (ISO 8601, when known), "atoms": {id:
    /// {"kind", "valueType", "restorable", "sensitive", "keepAlive", "value"}}, "edges":
    /// [{"upstream", "downstream"}], "subscriptions": [{"atom", "subscriber", "name" (when
    /// the subscriber has one)}]}`, with values
    /// as ``DiffValue`` encodes them and lists sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step, forKey: .step)
        try container.encode(commit, forKey: .commit)
        try container.encode(time, forKey: .time)
        try container.encodeIfPresent(date.map(TimelineDates.format), forKey: .date)
        var atoms: [String: EncodedAtom] = [:]
        for (id, value) in values {
            atoms[id] = EncodedAtom(atom: atom(id), value: DiffValue(value))
        }
        try container.encode(atoms, forKey: .atoms)
        try container.encode(edges.sorted(), forKey: .edges)
        try container.encode(subscriptions.sorted(), forKey: .subscriptions)
    }
}

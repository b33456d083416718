extension TimelineStep: Encodable {
    private enum CodingKeys: String, CodingKey {
        case step, commit, time, date, operation, causeAtom, causeLocation, label
        case initialized, updated, recomputed, released, edgesAdded, edgesRemoved, subscriptionsAdded, subscriptionsRemoved
    }

    /// `{"step", "commit", "time" (µs), "date", "operation", "causeAtom", "causeLocation",
    /// "label", "initialized": {id: value}, "updated": {id: value}, "recomputed": [id],
    /// "released": [id],
    /// "edgesAdded", "edgesRemoved", "subscriptionsAdded", "subscriptionsRemoved"}`; `date`,
    /// the cause and the label are left out when the journal has none, lists are always
    /// there; values as ``DiffValue`` encodes them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .step)
        try container.encode(commit, forKey: .commit)
        try container.encode(time, forKey: .time)
        try container.encodeIfPresent(date.map(TimelineDates.format), forKey: .date)
        try container.encode(operation, forKey: .operation)
        try container.encodeIfPresent(causeAtom, forKey: .causeAtom)
        try container.encodeIfPresent(causeLocation, forKey: .causeLocation)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(initialized.mapValues(DiffValue.init), forKey: .initialized)
        try container.encode(updated.mapValues(DiffValue.init), forKey: .updated)
        try container.encode(recomputed, forKey: .recomputed)
        try container.encode(released, forKey: .released)
        try container.encode(edgesAdded, forKey: .edgesAdded)
        try container.encode(edgesRemoved, forKey: .edgesRemoved)
        try container.encode(subscriptionsAdded, forKey: .subscriptionsAdded)
        try container.encode(subscriptionsRemoved, forKey: .subscriptionsRemoved)
    }
}

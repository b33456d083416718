import Foundation

/// A user annotation in a journal, placed after a step.
public struct TimelineMark: Sendable, Equatable, Encodable {
    /// The step the mark follows: the state at this step is the state when it was written
    /// (0 for a mark before the first step).
    public var step: Int
    /// The annotation.
    public var label: String
    /// The last commit before the mark.
    public var commit: Int
    /// Microseconds since the journal's start.
    public var time: Int64
    /// The wall-clock time, when the journal's header has its start time.
    public var date: Date?

    /// Creates a mark.
    public init(step: Int, label: String, commit: Int, time: Int64, date: Date?) {
        self.step = step
        self.label = label
        self.commit = commit
        self.time = time
        self.date = date
    }

    private enum CodingKeys: String, CodingKey {
        case step, label, commit, time, date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step, forKey: .step)
        try container.encode(label, forKey: .label)
        try container.encode(commit, forKey: .commit)
        try container.encode(time, forKey: .time)
        try container.encodeIfPresent(date.map(TimelineDates.format), forKey: .date)
    }
}

import Foundation

/// Wall-clock times from a journal: its header's start time plus a step's offset.
enum TimelineDates {
    /// The date of a time in microseconds since the journal's start.
    static func date(start: Int64?, offset: Int64) -> Date? {
        guard let start else { return nil }
        let (sum, overflow) = start.addingReportingOverflow(offset)
        guard !overflow else { return nil }
        return Date(timeIntervalSince1970: Double(sum) / 1_000_000)
    }

    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// ISO 8601 in UTC with milliseconds, as state files and `--json` output write times.
    static func format(_ date: Date) -> String {
        style.format(date)
    }
}

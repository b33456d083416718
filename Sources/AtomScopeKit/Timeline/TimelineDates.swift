import Foundation

/// Wall-clock times from a journal: its header's start time plus a step's offset.
enum TimelineDates {
    /// The date of a time in microseconds since the journal's start.
    static func date(start: Int64?, offset: Int64) -> Date? {
        guard let start else { return nil }
        let (sum, overflow) = start.addingReportingOverflow(offset)
        guard !overflow else { return nil }
        // Counted from 2001, where `Date` counts, in whole microseconds and divided once: the
        // `Date` is then the one nearest the exact time, and a state file writes it as its
        // microseconds (`Date(timeIntervalSince1970:)` would round twice).
        let (sinceReference, beyond) = sum.subtractingReportingOverflow(978_307_200_000_000)
        guard !beyond else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) / 1_000_000)
    }

    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// ISO 8601 in UTC with milliseconds, as state files and `--json` output write times.
    static func format(_ date: Date) -> String {
        style.format(date)
    }
}

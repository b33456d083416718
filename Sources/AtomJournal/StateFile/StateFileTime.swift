import Foundation

/// Times in a state file: ISO 8601 in UTC with milliseconds, readable by people and
/// sortable as text, unlike Foundation's default of seconds since 2001.
enum StateFileTime {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    static func format(_ date: Date) -> String {
        withFraction.format(date)
    }

    /// Accepts the time with or without fractional seconds, since people edit these files.
    static func parse(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}

import Foundation

/// Times in a state file: ISO 8601 in UTC, readable by people and sortable as text, unlike
/// Foundation's default of seconds since 2001, and exact: reading a written time gives the
/// very `Date` that was written, so a file written, read and written again has the same
/// bytes.
///
/// Foundation's ISO 8601 style cannot promise that. It keeps milliseconds and truncates, and
/// a time read back from `.123` is a `Double` a hair below it, which the next write truncates
/// to `.122`: each round trip lost a millisecond. Here the seconds come from exact integer
/// calendar arithmetic, and the fraction from the decimal digits of the `Date`'s own
/// `Double` (seconds since 2001), which Swift prints as the shortest text that reads back as
/// the same `Double`. The fraction is written with 3, 6 or 9 digits when that many read back
/// exactly (so a time from a journal, whole microseconds, reads `.123456`), and with all the
/// digits it needs otherwise.
enum StateFileTime {
    /// Unix time of 2001-01-01T00:00:00Z, where `Date` counts from.
    private static let referenceUnixSeconds: Int64 = 978_307_200
    /// Beyond about 30 million years from 2001 the calendar arithmetic below could overflow;
    /// such a time can only be a bug, and is written as Foundation writes it.
    private static let exactLimit = 1e15

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < exactLimit, let exact = ExactTime(seconds) else {
            return withFraction.format(date)
        }
        // The shortest of 3, 6 and 9 digits that still reads back as this `Date`.
        for digits in [3, 6, 9] {
            let candidate = exact.rounded(toFractionDigits: digits)
            if digits >= exact.fraction.count || candidate.value == seconds {
                return text(of: candidate, fractionDigits: digits)
            }
        }
        return text(of: exact, fractionDigits: exact.fraction.count)
    }

    /// Accepts the time with any number of fractional digits or none, and with `Z` or an
    /// offset, since people edit these files; a time with more digits than a `Date` holds
    /// reads as the nearest `Date`. Anything else is refused, never read as a nearby time:
    /// Foundation's parser reads 2023-02-29 as March 1 and ignores text after the zone. It
    /// also reads what `format` writes through Foundation (years of up to nine digits).
    static func parse(_ text: String) -> Date? {
        ExactTime(parsing: text).map { Date(timeIntervalSinceReferenceDate: $0.value) }
    }

    private static func text(of time: ExactTime, fractionDigits: Int) -> String {
        let unix = time.seconds + referenceUnixSeconds
        let days = unix.floorDivided(by: 86_400)
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = CivilDate.from(days: days)
        let yearText: String
        switch year {
        case 0...9_999: yearText = padded(year, 4)
        case ..<0: yearText = "-" + padded(-year, 4)
        default: yearText = "+" + String(year)
        }
        let fraction = time.fraction + String(repeating: "0", count: max(0, fractionDigits - time.fraction.count))
        return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3_600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)).\(fraction)Z"
    }

    private static func padded(_ number: Int64, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// A time as whole seconds since 2001 (rounded down, so negative before 2001) and the
    /// decimal digits of the fraction of a second after them, exactly.
    struct ExactTime {
        var seconds: Int64
        /// Decimal digits, without trailing zeros: "25" is a quarter of a second.
        var fraction: String

        /// The digits of a `Double` number of seconds since 2001: those of the shortest text
        /// that reads back as it, which Swift's `description` prints.
        init?(_ value: Double) {
            // `description` is `-1.5e-07`, `1e+16` or `785742300.1234567`.
            var text = Substring(value.description)
            let negative = text.first == "-"
            if negative { text = text.dropFirst() }
            var exponent = 0
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                guard let parsed = Int(text[text.index(after: e)...]) else { return nil }
                exponent = parsed
                text = text[..<e]
            }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
            let digits = parts.joined()
            let point = parts[0].count + exponent
            var whole: String
            var fraction: String
            if point <= 0 {
                whole = "0"
                fraction = String(repeating: "0", count: -point) + digits
            } else if point >= digits.count {
                whole = digits + String(repeating: "0", count: point - digits.count)
                fraction = ""
            } else {
                whole = String(digits.prefix(point))
                fraction = String(digits.dropFirst(point))
            }
            while fraction.last == "0" { fraction.removeLast() }
            guard let magnitude = Int64(whole) else { return nil }
            if negative, !fraction.isEmpty {
                // -12.25 is -13 and 0.75.
                seconds = -magnitude - 1
                self.fraction = Self.complement(fraction)
            } else {
                seconds = negative ? -magnitude : magnitude
                self.fraction = fraction
            }
        }

        init(seconds: Int64, fraction: String) {
            self.seconds = seconds
            var fraction = fraction
            while fraction.last == "0" { fraction.removeLast() }
            self.fraction = fraction
        }

        /// Reads `[+|-]YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`.
        init?(parsing text: String) {
            var parser = ISOTimeParser(text)
            guard let time = parser.parse() else { return nil }
            self = time
        }

        /// The nearest `Double`: the decimal text of the time, read as Swift reads any
        /// number, correctly rounded.
        var value: Double {
            let text: String
            if fraction.isEmpty {
                text = String(seconds)
            } else if seconds >= 0 {
                text = "\(seconds).\(fraction)"
            } else {
                // -13 and 0.75 is -12.25.
                text = "-\(-(seconds + 1)).\(Self.complement(fraction))"
            }
            return Double(text) ?? Double(seconds)
        }

        /// The time with its fraction rounded to `digits` digits (half up), carrying into the
        /// seconds.
        func rounded(toFractionDigits digits: Int) -> ExactTime {
            guard fraction.count > digits else { return self }
            var kept = Array(fraction.utf8.prefix(digits))
            let next = Array(fraction.utf8)[digits]
            var seconds = seconds
            if next >= UInt8(ascii: "5") {
                var position = kept.count - 1
                while position >= 0, kept[position] == UInt8(ascii: "9") {
                    kept[position] = UInt8(ascii: "0")
                    position -= 1
                }
                if position >= 0 {
                    kept[position] += 1
                } else {
                    seconds += 1
                }
            }
            return ExactTime(seconds: seconds, fraction: String(decoding: kept, as: UTF8.self))
        }

        /// `1 - 0.digits`, with as many digits: the fraction of a negative number of seconds
        /// counted up from the second below it.
        static func complement(_ digits: String) -> String {
            // Nine's complement, plus one in the last place; `digits` is not all zeros, so no
            // carry leaves the first digit.
            var result = digits.utf8.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
            var position = result.count - 1
            while position >= 0 {
                if result[position] == UInt8(ascii: "9") {
                    result[position] = UInt8(ascii: "0")
                    position -= 1
                } else {
                    result[position] += 1
                    break
                }
            }
            var text = String(decoding: result, as: UTF8.self)
            while text.last == "0" { text.removeLast() }
            return text
        }
    }

    /// Reads the ISO 8601 forms that ``format(_:)`` writes and people type.
    private struct ISOTimeParser {
        private let bytes: [UInt8]
        private var position = 0

        init(_ text: String) {
            bytes = Array(text.utf8)
        }

        mutating func parse() -> ExactTime? {
            var yearSign: Int64 = 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                yearSign = sign == UInt8(ascii: "-") ? -1 : 1
                position += 1
            }
            guard let yearDigits = digits(minimum: 4, maximum: 9), let year = Int64(yearDigits).map({ $0 * yearSign }),
                  take("-"), let month = number(2), take("-"), let day = number(2),
                  take("T") || take("t"),
                  let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2)
            else { return nil }
            var fraction = ""
            if take(".") || take(",") {
                guard let digits = digits(minimum: 1, maximum: 40) else { return nil }
                fraction = digits
            }
            var offset: Int64 = 0
            if take("Z") || take("z") {
                offset = 0
            } else if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                position += 1
                guard let hours = number(2), take(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
            guard position == bytes.count, (1...12).contains(month), hour < 24, minute < 60, second < 60,
                  (1...CivilDate.days(inMonth: month, year: year)).contains(day)
            else { return nil }
            let unix = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
            return ExactTime(seconds: unix - StateFileTime.referenceUnixSeconds, fraction: fraction)
        }

        private func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        private mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek() == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        private mutating func digits(minimum: Int, maximum: Int) -> String? {
            let start = position
            while position < bytes.count, position - start < maximum, bytes[position].isASCIIDigit {
                position += 1
            }
            guard position - start >= minimum else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func number(_ width: Int) -> Int64? {
            digits(minimum: width, maximum: width).flatMap { Int64($0) }
        }
    }
}

/// Days since 1970-01-01 to and from proleptic Gregorian dates, as ISO 8601 counts them, by
/// Howard Hinnant's algorithms: integer arithmetic, exact for any year an `Int64` holds.
///
/// Not Foundation's calendar, even for whole seconds: on Linux its Gregorian and ISO 8601
/// calendars (and `Date.ISO8601FormatStyle`, `ISO8601DateFormatter`) switch to the Julian
/// calendar before 1582-10-15, so 0001-01-01 would be written as 0001-01-03, and they stop at
/// 4713 BC; the written text of those times would change.
enum CivilDate {
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func from(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}

extension Int64 {
    /// Division rounded towards minus infinity, as calendar arithmetic needs for times before
    /// 1970.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

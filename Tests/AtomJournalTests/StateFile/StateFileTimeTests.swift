import AtomJournal
import Foundation
import Testing

/// A state file keeps its provenance time exactly: written, read and written again, the bytes
/// are the same and the time read is the time written, whatever its fraction of a second and
/// however far it is from 1970 or 2001.
@Suite("State file times")
struct StateFileTimeTests {
    /// Times as `Date` holds them (seconds since 2001 as a `Double`): whole seconds, whole
    /// milliseconds, microseconds as a journal gives them, sub-microsecond fractions as
    /// `Date()` gives them, and dates far from 1970 and 2001 on both sides.
    static let times: [Date] = [
        Date(timeIntervalSinceReferenceDate: 0),
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_738_315_800.25),
        Date(timeIntervalSince1970: 1_738_315_800.123),
        Date(timeIntervalSince1970: 1_738_315_800.999_5),
        Date(timeIntervalSince1970: Double(1_764_049_500_123_456) / 1_000_000),
        Date(timeIntervalSinceReferenceDate: 785_742_300.123_456_7),
        Date(timeIntervalSinceReferenceDate: 785_742_300.000_000_1),
        Date(timeIntervalSinceReferenceDate: 0.000_000_000_123),
        Date(timeIntervalSinceReferenceDate: -0.000_000_000_123),
        Date(timeIntervalSinceReferenceDate: -0.5),
        Date(timeIntervalSinceReferenceDate: -1.999_999_9),
        Date(timeIntervalSince1970: -1.001),
        Date(timeIntervalSince1970: -2_208_988_800.000_7),       // 1900
        Date(timeIntervalSince1970: -62_135_596_800 + 0.123_4),  // year 1
        Date(timeIntervalSince1970: 253_402_300_799.987_654),    // 9999-12-31T23:59:59
        Date(timeIntervalSince1970: 32_503_680_000.5),           // year 3000
        Date(timeIntervalSince1970: 4_102_444_800.000_3),        // year 2100
        Date.distantPast,
        Date.distantFuture,
    ]

    private static func file(time: Date) -> AtomStateFile {
        AtomStateFile(entries: [:], provenance: AtomStateProvenance(journal: "a.journal", step: 3, commit: 4, time: time))
    }

    @Test(arguments: times)
    func aRoundTripKeepsTheTimeAndTheBytes(time: Date) throws {
        let written = Self.file(time: time).jsonData()
        let read = try AtomStateFile(jsonData: written)
        let readTime = try #require(read.provenance?.time)
        #expect(readTime == time, "\(time.timeIntervalSinceReferenceDate) came back as \(readTime.timeIntervalSinceReferenceDate)")
        #expect(readTime.timeIntervalSinceReferenceDate.bitPattern == time.timeIntervalSinceReferenceDate.bitPattern)
        let rewritten = read.jsonData()
        #expect(rewritten == written, "\(String(decoding: written, as: UTF8.self))\nvs\n\(String(decoding: rewritten, as: UTF8.self))")
    }

    /// A time that whole milliseconds hold reads as milliseconds, as the format documents
    /// (`"2025-01-31T09:30:00.250Z"`), one in whole microseconds (as from a journal) as
    /// microseconds, and so on. (A `Date` counts from 2001, so `.123` seconds after a whole
    /// second since 1970 may be a `Double` that only more digits name exactly.)
    @Test func timesReadAsTheirCalendarDate() throws {
        let cases: [(Date, String)] = [
            (Date(timeIntervalSince1970: 1_738_315_800.25), "2025-01-31T09:30:00.250Z"),
            (Date(timeIntervalSince1970: 1_738_315_800), "2025-01-31T09:30:00.000Z"),
            (Date(timeIntervalSinceReferenceDate: 760_008_600.123), "2025-01-31T09:30:00.123Z"),
            (Date(timeIntervalSinceReferenceDate: Double(785_742_300_123_456) / 1_000_000), "2025-11-25T05:45:00.123456Z"),
            (Date(timeIntervalSinceReferenceDate: 1.123_456_789), "2001-01-01T00:00:01.123456789Z"),
            (Date(timeIntervalSinceReferenceDate: 0.000_000_000_123), "2001-01-01T00:00:00.000000000123Z"),
            (Date(timeIntervalSinceReferenceDate: -0.5), "2000-12-31T23:59:59.500Z"),
            (Date(timeIntervalSince1970: -2_208_988_800), "1900-01-01T00:00:00.000Z"),
            (Date(timeIntervalSince1970: 253_402_300_799), "9999-12-31T23:59:59.000Z"),
        ]
        for (date, text) in cases {
            let json = String(decoding: Self.file(time: date).jsonData(), as: UTF8.self)
            #expect(json.contains("\"time\" : \"\(text)\""), "\(date.timeIntervalSinceReferenceDate): \(json)")
        }
    }

    /// People edit these files: a time with fewer or more digits, or none, still reads, as
    /// the nearest `Date`.
    @Test func handWrittenTimesRead() throws {
        let cases: [(String, Double)] = [
            ("2025-01-31T09:30:00Z", 1_738_315_800),
            ("2025-01-31T09:30:00.5Z", 1_738_315_800.5),
            ("2025-01-31T09:30:00.250Z", 1_738_315_800.25),
            ("2025-01-31T09:30:00.250000000Z", 1_738_315_800.25),
            ("2025-01-31T10:30:00.250+01:00", 1_738_315_800.25),
        ]
        for (text, seconds) in cases {
            let json = #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "provenance": {"time": "\#(text)"}}"#
            let file = try AtomStateFile(jsonData: Data(json.utf8))
            #expect(file.provenance?.time == Date(timeIntervalSince1970: seconds), "\(text)")
        }
    }

    private static func written(_ date: Date) throws -> String {
        let json = try JSONSerialization.jsonObject(with: file(time: date).jsonData()) as? [String: Any]
        return try #require((json?["provenance"] as? [String: Any])?["time"] as? String)
    }

    private static func read(_ text: String) throws -> Date? {
        let json = #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "provenance": {"time": "\#(text)"}}"#
        return try AtomStateFile(jsonData: Data(json.utf8)).provenance?.time
    }

    /// Edge dates, written and read as the proleptic Gregorian calendar of ISO 8601 counts
    /// them. Foundation's calendar switches to the Julian one before 1582-10-15 (it would
    /// write this year 1 date as 0001-01-03) and stops at 4713 BC, which is why the whole
    /// seconds are not Foundation's.
    @Test func edgeDatesWriteAndReadAsISO8601CountsThem() throws {
        let cases: [(unix: Double, text: String)] = [
            (0, "1970-01-01T00:00:00.000Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"),
            (1_709_251_199, "2024-02-29T23:59:59.000Z"),
            (253_402_300_799, "9999-12-31T23:59:59.000Z"),
            (253_402_300_800, "+10000-01-01T00:00:00.000Z"),
            (-12_219_292_801, "1582-10-14T23:59:59.000Z"),
            (-62_135_596_800, "0001-01-01T00:00:00.000Z"),
            (-62_167_219_200, "0000-01-01T00:00:00.000Z"),
            (-62_198_755_200, "-0001-01-01T00:00:00.000Z"),
        ]
        for (unix, text) in cases {
            let date = Date(timeIntervalSince1970: unix)
            #expect(try Self.written(date) == text, "\(unix)")
            #expect(try Self.read(text) == date, "\(text)")
        }
        #expect(try Self.read("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(try Self.read("2024-02-29T00:00:00-00:30") == Date(timeIntervalSince1970: 1_709_166_600))
    }

    /// Times out of range (month 13, day 0, February 29 of a common year, hour 24, second 60,
    /// a 24-hour offset), with anything after them, or not in the documented form are refused:
    /// none is read as some other time (Foundation's parser, once the fallback, read
    /// 2023-02-29 as March 1 and a two-digit year as the first century).
    @Test(arguments: [
        "2025-13-01T00:00:00Z", "2025-00-10T00:00:00Z", "2025-01-00T00:00:00Z", "2025-01-31T10:30:00+24:00",
        "2025-01-31T10:30:00", "2025-01-31 10:30:00Z", "20250131T103000Z", "2025-01-31T10:30:00.Z",
        "-2025-1-31T10:30:00Z", "",
        "2023-02-29T00:00:00Z", "2025-01-31T24:00:00Z", "2025-01-31T10:30:60Z", "2025-01-31T10:30:00Zjunk",
        "25-01-31T10:30:00Z", "2025-04-31T00:00:00Z",
    ])
    func outOfRangeOrMalformedTimesAreRefused(text: String) {
        #expect(throws: AtomStateFileError.self, "\(text)") { try Self.read(text) }
    }

    /// Times beyond the exact arithmetic (about 30 million years from 2001, only ever a bug)
    /// are written by Foundation, which clamps them; what it writes still reads back.
    @Test(arguments: [2e15, -2e15])
    func timesBeyondTheExactRangeStillReadBack(seconds: Double) throws {
        let text = try Self.written(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(try Self.read(text) != nil, "\(text)")
    }
}

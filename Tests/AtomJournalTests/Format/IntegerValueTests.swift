@testable import AtomJournal
import Testing

/// Format 2.0's integer tag: a JSON integer in canonical form is stored as the integer, and
/// reads back as exactly the text it replaced; every other text stays JSON.
@Suite("Integer values (format 2.0)")
struct IntegerValueTests {
    private static func canonicalValue(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { CanonicalInteger.value(of: UnsafeRawBufferPointer($0)) }
    }

    private func encoded(_ value: JournalValue) -> [UInt8] {
        var writer = ByteWriter()
        writer.value(value)
        return writer.bytes
    }

    private func decoded(_ bytes: [UInt8]) throws -> JournalValue {
        try bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            let value = try reader.value()
            #expect(reader.isAtEnd)
            return value
        }
    }

    static let canonical = [
        "0", "5", "-5", "63", "64", "-64", "-65", "127", "1234567",
        "9223372036854775807", "-9223372036854775808", "1000000000000000000",
    ]

    @Test("A canonical integer is stored with tag 4 and reads back as the same text", arguments: canonical)
    func canonicalIntegers(_ text: String) throws {
        let bytes = encoded(.json(text))
        #expect(bytes.first == 4)
        #expect(try decoded(bytes) == .json(text))
        let value = try #require(Int64(text))
        #expect(Self.canonicalValue(text) == value)
        #expect(CanonicalInteger.textLength(of: value) == text.utf8.count)
    }

    @Test("The text length of every integer around each power of ten is that of its text")
    func textLengths() {
        var samples: [Int64] = [0, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            samples += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        for value in samples {
            #expect(CanonicalInteger.textLength(of: value) == String(value).utf8.count, "\(value)")
        }
    }

    @Test("The integer is a zigzag varint: small magnitudes of either sign take one byte")
    func zigzagBytes() {
        #expect(encoded(.json("0")) == [0x04, 0x00])
        #expect(encoded(.json("-1")) == [0x04, 0x01])
        #expect(encoded(.json("5")) == [0x04, 0x0A])
        #expect(encoded(.json("-64")) == [0x04, 0x7F])
        #expect(encoded(.json("64")) == [0x04, 0x80, 0x01])
        #expect(encoded(.json("-9223372036854775808")) == [0x04] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }

    static let notCanonical = [
        "", "-", "+1", "007", "00", "-0", "-007", "1.0", "1e3", "1E3", " 1", "1 ", "12a", "0x10",
        "9223372036854775808", "-9223372036854775809", "99999999999999999999", "true", "\"5\"", "[5]", "٣",
    ]

    @Test("Any other text, numbers spelt otherwise included, stays JSON text", arguments: notCanonical)
    func otherTextsStayJSON(_ text: String) throws {
        let bytes = encoded(.json(text))
        #expect(bytes.first == 0)
        #expect(try decoded(bytes) == .json(text))
        #expect(Self.canonicalValue(text) == nil)
    }

    @Test("A value written as JSON text by a 1.x writer reads as before")
    func olderSpellingReads() throws {
        #expect(try decoded([0x00, 0x01, 0x35]) == .json("5"))
        #expect(try decoded([0x00, 0x02, 0x2D, 0x35]) == .json("-5"))
    }

    @Test("An integer cut short is a malformed payload, not a value")
    func truncatedInteger() {
        #expect(throws: PayloadError.self) { try decoded([0x04]) }
        #expect(throws: PayloadError.self) { try decoded([0x04, 0x80]) }
    }
}

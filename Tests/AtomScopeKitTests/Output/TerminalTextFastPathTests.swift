@testable import AtomScopeKit
import Testing

/// `TerminalText.escaped` and `QuotedText.oneLine` return most text untouched after a look at
/// its UTF-8 bytes. That byte test must agree with the character rule (`isDangerous`) on
/// every character, and above all never let a dangerous one through.
@Suite("Terminal text: the byte fast path agrees with the character rule")
struct TerminalTextFastPathTests {
    /// Every dangerous character, and each one's neighbours, which share leading bytes.
    static let edges: [UInt32] = [
        0x00, 0x08, 0x09, 0x0A, 0x0B, 0x1B, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9B, 0x9F, 0xA0, 0xFF,
        0x061B, 0x061C, 0x061D, 0x200D, 0x200E, 0x200F, 0x2010, 0x2029, 0x202A, 0x202C, 0x202E, 0x202F,
        0x2065, 0x2066, 0x2068, 0x2069, 0x206A, 0x2192, 0x1F600,
    ]

    private static func byRule(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: TerminalText.isDangerous)
    }

    @Test("Each character alone and between ASCII: the bytes say what the rule says")
    func eachCharacter() throws {
        for value in Self.edges {
            let scalar = try #require(Unicode.Scalar(value))
            for text in [String(scalar), "a\(scalar)b", "→\(scalar)", "\(scalar)→"] {
                #expect(TerminalText.hasNoDangerousBytes(text) == Self.byRule(text), "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }

    /// The bytes are looked at eight at a time where they are printable ASCII: a character at
    /// any place in a long line, at every alignment against those words, is still seen.
    @Test("Each character at every place of a long ASCII line")
    func everyPlaceInALongLine() throws {
        for value in Self.edges {
            let scalar = try #require(Unicode.Scalar(value))
            for place in 0..<25 {
                let text = String(repeating: "x", count: place) + String(scalar) + String(repeating: "y", count: 24 - place)
                #expect(TerminalText.hasNoDangerousBytes(text) == Self.byRule(text), "U+\(String(value, radix: 16)) at \(place)")
            }
        }
        // The word test alone: every byte value at every place among printable bytes, and
        // every pair of edge values at every two places (a borrow must not hide one).
        func word(_ bytes: [UInt8]) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
        }
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                var bytes = [UInt8](repeating: 0x41, count: 8)
                bytes[place] = byte
                #expect(TerminalText.isPrintableASCII(word(bytes)) == (0x20...0x7E).contains(byte), "byte \(byte) at \(place)")
            }
        }
        let values: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0xFF]
        for first in values {
            for second in values {
                for place in 0..<8 {
                    for other in 0..<8 where other != place {
                        var bytes = [UInt8](repeating: 0x41, count: 8)
                        bytes[place] = first
                        bytes[other] = second
                        #expect(TerminalText.isPrintableASCII(word(bytes)) == bytes.allSatisfy { (0x20...0x7E).contains($0) })
                    }
                }
            }
        }
    }

    @Test("Random strings of those characters: the bytes and the rule agree, and escaping is unchanged")
    func randomStrings() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let value = Bool.random(using: &generator)
                    ? try #require(Self.edges.randomElement(using: &generator))
                    : UInt32.random(in: 0x20...0x2100, using: &generator)
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            #expect(TerminalText.hasNoDangerousBytes(text) == Self.byRule(text), "\(text.debugDescription)")
            let escaped = TerminalText.escaped(text, allowingStyle: false)
            #expect(Self.byRule(escaped))
            #expect((escaped == text) == Self.byRule(text))
        }
    }

    @Test("A name with a quote, a backslash or a control is still escaped on one line")
    func oneLine() {
        #expect(QuotedText.oneLine("plain → name") == "plain → name")
        #expect(QuotedText.oneLine("a\nb") == #"a\nb"#)
        #expect(QuotedText.oneLine("a\u{1b}b") == #"a\u{1b}b"#)
        #expect(QuotedText.quoted(#"say "hi"\"#) == #""say \"hi\"\\""#)
        #expect(QuotedText.oneLine(#"say "hi""#) == #"say "hi""#)
    }
}

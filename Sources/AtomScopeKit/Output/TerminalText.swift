/// Text for a terminal, with every character that could drive the terminal shown as a visible
/// escape instead: C0 controls other than newline and tab (ESC, BEL, CR, backspace…), DEL, C1
/// controls (U+0080–U+009F; U+009B alone starts a control sequence) and the bidirectional
/// overrides and isolates that reorder what a line appears to say. Atom names and values come
/// from journals written elsewhere, so none of them may move the cursor, retitle the window or
/// hide text.
public enum TerminalText {
    /// `text` with each dangerous character written as `\u{1b}`. With `allowingStyle`, the
    /// exact colour sequences ``TextStyle`` emits stay, so colours still work; no other escape
    /// sequence does.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func escaped(_ text: String, allowingStyle: Bool) -> String {
        // Nearly every line is safe; its bytes say so without decoding a scalar.
        if hasNoDangerousBytes(text) {
            return text
        }
        let scalars = text.unicodeScalars
        guard scalars.contains(where: isDangerous) else { return text }
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if allowingStyle, scalar == "\u{1B}", let end = styleSequenceEnd(in: scalars, from: index) {
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if isDangerous(scalar) {
                result.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index = scalars.index(after: index)
        }
        return String(result)
    }

    /// Whether `text` holds none of the characters ``isDangerous(_:)`` names, found from its
    /// UTF-8 bytes: ASCII controls but newline and tab, DEL, and the encodings of C1 controls
    /// (`C2 80`–`C2 9F`), U+061C (`D8 9C`), U+200E–U+200F (`E2 80 8E`–`8F`), U+202A–U+202E
    /// (`E2 80 AA`–`AE`) and U+2066–U+2069 (`E2 81 A6`–`A9`). `false` also when the bytes are
    /// not stored contiguously, which sends the caller the slow way.
    static func hasNoDangerousBytes(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in hasNoDangerousBytes(bytes) } ?? false
    }

    /// ``hasNoDangerousBytes(_:)-(String)`` for valid UTF-8 held as bytes.
    package static func hasNoDangerousBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight printable ASCII bytes at a time: most of a line.
            if index &+ 8 <= count, isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index &+= 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return false }
                index += 1
                continue
            }
            // Valid UTF-8 (a Swift string's bytes), so a lead byte has its continuation bytes.
            let next = index + 1 < count ? bytes[index + 1] : 0
            let third = index + 2 < count ? bytes[index + 2] : 0
            switch byte {
            case 0xC2 where next <= 0x9F: return false
            case 0xD8 where next == 0x9C: return false
            case 0xE2 where next == 0x80 && (third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)): return false
            case 0xE2 where next == 0x81 && (0xA6...0xA9).contains(third): return false
            default: index += 1
            }
        }
        return true
    }

    /// Whether each of the eight bytes of `word` is printable ASCII (0x20 to 0x7E): none has
    /// its high bit, none is below 0x20 (the subtraction borrows into a byte's high bit only
    /// there, when no byte is 0x80 or more), and none is 0x7F (zero after the XOR).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let belowSpace = (word &- 0x20 &* ones) & ~word & high
        let delete = word ^ (0x7F &* ones)
        let hasDelete = (delete &- ones) & ~delete & high
        return (word & high) | belowSpace | hasDelete == 0
    }

    /// Whether every UTF-8 byte of `text` satisfies `test`; `false` when the text's bytes are
    /// not stored contiguously (a bridged string), which sends the caller the slow way.
    @inline(__always)
    static func allBytes(of text: String, satisfy test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where !test(byte) { return false }
            return true
        } ?? false
    }

    /// How a character is written when it cannot be shown raw: `\u{1b}`. Every escape in
    /// atomscope's text output has this one form.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }

    /// Whether a character must not reach a terminal raw.
    public static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The SGR codes ``TextStyle`` uses: reset, bold, dim, red, green, yellow, cyan.
    private static let styleCodes: Set<String> = ["0", "1", "2", "31", "32", "33", "36"]

    /// Where a colour sequence of ``TextStyle``'s starting at `start` ends, if it is one.
    private static func styleSequenceEnd(in scalars: String.UnicodeScalarView, from start: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex, scalars[index] == "[" else { return nil }
        index = scalars.index(after: index)
        var code = ""
        while index < scalars.endIndex, code.count < 3, ("0"..."9").contains(scalars[index]) {
            code.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        guard index < scalars.endIndex, scalars[index] == "m", styleCodes.contains(code) else { return nil }
        return scalars.index(after: index)
    }
}

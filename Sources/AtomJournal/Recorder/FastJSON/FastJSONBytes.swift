/// Appends JSON scalars to a byte buffer exactly as `JSONEncoder` writes them.
package enum FastJSONBytes {
    /// A JSON string literal with `JSONEncoder`'s escapes under `.withoutEscapingSlashes`:
    /// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other controls as `\u00xx` (lowercase hex),
    /// everything else (DEL, non-ASCII) as its UTF-8 bytes.
    ///
    /// Without `shortEscapesForBackspaceAndFormFeed`, backspace and form feed are written as
    /// `\u0008` and `\u000c`, as the recorder has always written a `String` atom's value.
    static func appendString(_ text: String, to bytes: inout [UInt8], shortEscapesForBackspaceAndFormFeed: Bool = true) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count + 2)
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x08 where shortEscapesForBackspaceAndFormFeed: bytes.append(UInt8(ascii: "b"))
                case 0x0C where shortEscapesForBackspaceAndFormFeed: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(UInt8(ascii: "u"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0xF))
                }
            }
            if runStart < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Inlined into each caller with the integer's type known: generic integer code that is
    /// not specialised costs several hundred instructions in witness calls per number.
    @inline(__always)
    static func appendInteger(_ value: some FixedWidthInteger, to bytes: inout [UInt8]) {
        withDecimalText(of: value, reserving: 0) { text, _ in
            bytes.append(contentsOf: text)
        }
    }

    /// An `Int`'s decimal text, for another module: a call to the generic function above from
    /// there would not be specialised, and cost witness calls per digit.
    package static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
        appendInteger(value, to: &bytes)
    }

    /// Calls `body` with the decimal text of `value` (a sign and up to 20 digits), preceded
    /// by `reserving` bytes of room (at most 12) the caller may fill, as one buffer: a caller
    /// that writes an atom's number, a tag and a length before the digits appends everything
    /// at once. Built back to front in a local buffer, so nothing is appended byte by byte.
    @inline(__always)
    static func withDecimalText<R>(
        of value: some FixedWidthInteger, reserving: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> R
    ) -> R {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes: 12 of room, a sign, 20 digits
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let digits = raw.bindMemory(to: UInt8.self)
            var start = digits.count
            var rest = UInt64(truncatingIfNeeded: value.magnitude)
            repeat {
                start &-= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start &-= 1
                digits[start] = UInt8(ascii: "-")
            }
            let room = UnsafeMutableBufferPointer(rebasing: digits[(start - reserving)..<start])
            return body(UnsafeBufferPointer(rebasing: digits[(start - reserving)...]), room)
        }
    }
    static func appendBool(_ value: Bool, to bytes: inout [UInt8]) {
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])  // true
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])  // false
        }
    }

    static func appendNull(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
    }
}

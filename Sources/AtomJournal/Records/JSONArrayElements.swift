/// The byte ranges of a JSON array's elements, found in one pass that tracks only strings
/// (and their escapes) and nesting: applying a patch (``JournalValuePatch``) needs to know
/// where elements start and end, not what they hold, so nothing is parsed or allocated per
/// element beyond its range.
///
/// Hand-written because Foundation's parser would build every element as objects only for
/// them to be written back as the same bytes. It never trusts its input: any bytes give
/// either the ranges or `nil`, in time linear in their count.
enum JSONArrayElements {
    /// The ranges of the top-level elements of `bytes`, a JSON array with optional whitespace
    /// around its tokens, without the whitespace; `nil` when `bytes` is not one array.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>]? {
        var position = skipWhitespace(bytes, from: 0)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        position = skipWhitespace(bytes, from: position + 1)
        var ranges: [Range<Int>] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            return isOnlyWhitespace(bytes, from: position + 1) ? ranges : nil
        }
        while position < bytes.count {
            guard let end = elementEnd(bytes, from: position) else { return nil }
            var trimmed = end
            while trimmed > position, isWhitespace(bytes[trimmed - 1]) { trimmed -= 1 }
            guard trimmed > position else { return nil }
            ranges.append(position..<trimmed)
            // `elementEnd` stops at a top-level `,` or `]`.
            if bytes[end] == UInt8(ascii: "]") {
                return isOnlyWhitespace(bytes, from: end + 1) ? ranges : nil
            }
            position = skipWhitespace(bytes, from: end + 1)
        }
        return nil
    }

    /// The index of the `,` or `]` that ends the element starting at `start`, or `nil` if
    /// the bytes end first or brackets do not match.
    private static func elementEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { return byte == UInt8(ascii: "]") ? index : nil }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func skipWhitespace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    private static func isOnlyWhitespace(_ bytes: [UInt8], from start: Int) -> Bool {
        skipWhitespace(bytes, from: start) == bytes.count
    }
}

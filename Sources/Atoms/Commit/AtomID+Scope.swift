public extension AtomID {
    /// The name of the scope a scoped atom's id ends with (`QueryAtom @ PaneID()` gives
    /// `PaneID()`), or `nil` for an atom of the root.
    ///
    /// The scope follows the last ` @ ` outside brackets and quotes, so that a stored
    /// property whose text contains ` @ ` cannot be mistaken for a scope.
    var scopeName: String? {
        scopeSeparator.map { String(rawValue[$0.upperBound...]) }
    }

    /// The id without its scope: `QueryAtom @ PaneID()` gives `QueryAtom`.
    var unscoped: AtomID {
        scopeSeparator.map { AtomID(String(rawValue[..<$0.lowerBound])) } ?? self
    }

    private var scopeSeparator: Range<String.Index>? {
        // Only an id whose bytes hold " @ " can have the separator; most ids are looked at
        // here without walking their characters, which cost about 100 instructions each.
        guard Self.containsSeparatorBytes(rawValue) else { return nil }
        var depth = 0
        var inQuote = false
        var escaped = false
        var found: Range<String.Index>?
        var index = rawValue.startIndex
        while index < rawValue.endIndex {
            let character = rawValue[index]
            if inQuote {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuote = false
                }
            } else {
                switch character {
                case "\"": inQuote = true
                case "(", "[", "{", "<": depth += 1
                case ")", "]", "}", ">": depth = max(0, depth - 1)
                case " " where depth == 0 && rawValue[index...].hasPrefix(" @ "):
                    found = index..<rawValue.index(index, offsetBy: 3)
                default: break
                }
            }
            index = rawValue.index(after: index)
        }
        return found
    }

    private static func containsSeparatorBytes(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: " "), previous == (UInt8(ascii: " "), UInt8(ascii: "@")) { return true }
            previous = (previous.1, byte)
        }
        return false
    }
}

import AtomScopeKit

/// A small, strict XML scanner: it splits a document into tokens and refuses anything it does
/// not fully understand, rather than guessing. Entity references are decoded in text and
/// attribute values (the five predefined ones and numeric ones; any other `&name;` stays as
/// literal text), and a raw `<` inside a quoted attribute value is taken as text; characters XML 1.0 forbids (C0 controls other than tab, LF and CR, U+FFFE,
/// U+FFFF) are shown as visible escapes (`\u{1}`). Used by ``SVGSanitizer``, which rebuilds the document from these tokens.
struct XMLScanner {
    enum Token: Equatable {
        /// `<?xml …?>` at the very start.
        case declaration
        /// Any other `<?target …?>`.
        case processingInstruction(target: String)
        case comment
        case doctype
        case text(String)
        case startTag(name: String, attributes: [Attribute], selfClosing: Bool)
        case endTag(name: String)
    }

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    struct Failure: Error, Equatable {
        var reason: String
        var offset: Int
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not content.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The next token, or nil at the end of the input.
    mutating func next() throws(Failure) -> Token? {
        guard position < bytes.count else { return nil }
        guard bytes[position] == UInt8(ascii: "<") else { return .text(scanText()) }
        if has("<?") { return try scanProcessingInstruction() }
        if has("<!--") { return try scanComment() }
        if has("<![CDATA[") { return try scanCDATA() }
        if has("<!DOCTYPE") { return try scanDoctype() }
        if has("</") { return try scanEndTag() }
        return try scanStartTag()
    }

    // MARK: - Markup

    private mutating func scanProcessingInstruction() throws(Failure) -> Token {
        let start = position
        position += 2
        let target = try scanName()
        guard let end = find("?>") else { throw fail("unterminated processing instruction", at: start) }
        position = end + 2
        let isDeclaration = target == "xml" && (start == 0 || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])))
        if target.lowercased() == "xml" && !isDeclaration {
            throw fail("XML declaration not at the start", at: start)
        }
        return isDeclaration ? .declaration : .processingInstruction(target: target)
    }

    private mutating func scanComment() throws(Failure) -> Token {
        let start = position
        position += 4
        guard let end = find("--") else { throw fail("unterminated comment", at: start) }
        guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
            throw fail("'--' inside a comment", at: end)
        }
        position = end + 3
        return .comment
    }

    private mutating func scanCDATA() throws(Failure) -> Token {
        let start = position
        position += 9
        guard let end = find("]]>") else { throw fail("unterminated CDATA section", at: start) }
        let text = Self.clean(String(decoding: bytes[position..<end], as: UTF8.self))
        position = end + 3
        return .text(text)
    }

    private mutating func scanDoctype() throws(Failure) -> Token {
        let start = position
        position += 9
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw fail("DOCTYPE with an internal subset", at: position - 1)
            } else if byte == UInt8(ascii: ">") {
                return .doctype
            }
        }
        throw fail("unterminated DOCTYPE", at: start)
    }

    private mutating func scanEndTag() throws(Failure) -> Token {
        position += 2
        let name = try scanName()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw fail("malformed end tag </\(name)", at: position)
        }
        position += 1
        return .endTag(name: name)
    }

    private mutating func scanStartTag() throws(Failure) -> Token {
        position += 1
        let name = try scanName()
        var attributes: [Attribute] = []
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated tag <\(name)", at: position) }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return .startTag(name: name, attributes: attributes, selfClosing: false)
            }
            if has("/>") {
                position += 2
                return .startTag(name: name, attributes: attributes, selfClosing: true)
            }
            guard hadSpace else { throw fail("attributes of <\(name)> not separated by space", at: position) }
            let attributeName = try scanName()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw fail("attribute \(attributeName) without a value", at: position)
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw fail("unquoted value of attribute \(attributeName)", at: position)
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            // A raw `<` is not XML, but Graphviz copies URLs into attributes unescaped; the
            // value ends at its quote either way, and it is re-escaped on output.
            while position < bytes.count, bytes[position] != quote { position += 1 }
            guard position < bytes.count else { throw fail("unterminated value of attribute \(attributeName)", at: valueStart) }
            let value = Self.decode(bytes[valueStart..<position])
            position += 1
            attributes.append(Attribute(name: attributeName, value: value))
        }
    }

    // MARK: - Text

    private mutating func scanText() -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return Self.decode(bytes[start..<position])
    }

    /// Decodes entity references; an `&` that does not start a known or numeric reference
    /// stays a literal `&` (the serializer escapes it).
    private static func decode(_ slice: ArraySlice<UInt8>) -> String {
        guard slice.contains(UInt8(ascii: "&")) else {
            return clean(String(decoding: slice, as: UTF8.self))
        }
        var result = ""
        var index = slice.startIndex
        var runStart = index
        while index < slice.endIndex {
            guard slice[index] == UInt8(ascii: "&"),
                  let semicolon = slice[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                  let scalar = entity(slice[(index + 1)..<semicolon])
            else {
                index += 1
                continue
            }
            result += String(decoding: slice[runStart..<index], as: UTF8.self)
            result.unicodeScalars.append(scalar)
            index = semicolon + 1
            runStart = index
        }
        result += String(decoding: slice[runStart..<slice.endIndex], as: UTF8.self)
        return clean(result)
    }

    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case let reference where reference.hasPrefix("#x") || reference.hasPrefix("#X"):
            return UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        case let reference where reference.hasPrefix("#"):
            return UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        default:
            return nil
        }
    }

    /// Shows characters XML 1.0 does not allow (C0 controls except tab, LF, CR; U+FFFE/F) as
    /// visible escapes (`\u{1}`), as atomscope's own DOT does, so that two texts that differ
    /// only there stay different; dropping them would merge them.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isAllowed(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: TerminalText.visible(scalar).unicodeScalars)
            }
        }
        return String(result)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    // MARK: - Lexical helpers

    private mutating func scanName() throws(Failure) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else { throw fail("expected a name", at: start) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position > start
    }

    private func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
    }

    private func find(_ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { expected -> Int? in
            var index = position
            while index + count <= bytes.count {
                if bytes[index] == expected[0], (1..<count).allSatisfy({ bytes[index + $0] == expected[$0] }) {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    private func fail(_ reason: String, at offset: Int) -> Failure {
        Failure(reason: reason, offset: offset)
    }
}

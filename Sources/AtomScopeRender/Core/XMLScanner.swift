import AtomScopeKit

/// A small, strict XML scanner: it splits a document into tokens and refuses anything it does
/// not fully understand, rather than guessing. Entity references are decoded in text and
/// attribute values (the five predefined ones and numeric ones; any other `&name;` stays as
/// literal text), and a raw `<` inside a quoted attribute value is taken as text; characters
/// XML 1.0 forbids (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF) are shown as
/// visible escapes (`\u{1}`), with `\` itself shown as `\\` unless the text carries these
/// escapes already (see ``clean(_:escapingBackslashes:)``). Element names must be XML `Name`s;
/// an attribute's name is read up to its `=` whatever it holds, and ``Attribute/isName`` says
/// whether it is one, so that a caller can drop it (Graphviz copies `fontname` into its SVG
/// unescaped, and an attribute named `a×` can be smuggled in there). Used by ``SVGSanitizer``,
/// which rebuilds the document from these tokens.
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
        /// Whether the name, as read, is an XML `Name` (in valid UTF-8: ``name`` shows bytes
        /// that are not as U+FFFD); a document that holds one that is not cannot be parsed.
        var isName: Bool

        init(name: String, value: String) {
            self.init(name: name, value: value, isName: XMLName.isName(name))
        }

        init(name: String, value: String, isName: Bool) {
            self.name = name
            self.value = value
            self.isName = isName
        }
    }

    struct Failure: Error, Equatable {
        var reason: String
        var offset: Int
    }

    private let bytes: [UInt8]
    private var position = 0
    private let escapesBackslashes: Bool

    /// - Parameter escapingBackslashes: Whether a `\` in text and values is shown as `\\`, so
    ///   that `\u{1}` in the output always means a forbidden character: true unless the text
    ///   already carries atomscope's escapes (SVG drawn from DOT that `dotQuoted` wrote).
    init(_ bytes: [UInt8], escapingBackslashes: Bool = true) {
        self.bytes = bytes
        escapesBackslashes = escapingBackslashes
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
        let target = try scanName(terminators: Self.targetTerminators)
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
        let text = Self.clean(String(decoding: bytes[position..<end], as: UTF8.self), escapingBackslashes: escapesBackslashes)
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
        let name = try scanName(terminators: Self.tagNameTerminators)
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw fail("malformed end tag </\(name)", at: position)
        }
        position += 1
        return .endTag(name: name)
    }

    private mutating func scanStartTag() throws(Failure) -> Token {
        position += 1
        let name = try scanName(terminators: Self.tagNameTerminators)
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
            let (attributeName, isName) = try scanAttributeName()
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
            let value = Self.decode(bytes[valueStart..<position], escapingBackslashes: escapesBackslashes)
            position += 1
            attributes.append(Attribute(name: attributeName, value: value, isName: isName))
        }
    }

    // MARK: - Text

    private mutating func scanText() -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return Self.decode(bytes[start..<position], escapingBackslashes: escapesBackslashes)
    }

    /// Decodes entity references; an `&` that does not start a known or numeric reference
    /// stays a literal `&` (the serializer escapes it).
    private static func decode(_ slice: ArraySlice<UInt8>, escapingBackslashes: Bool) -> String {
        guard slice.contains(UInt8(ascii: "&")) else {
            return clean(String(decoding: slice, as: UTF8.self), escapingBackslashes: escapingBackslashes)
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
        return clean(result, escapingBackslashes: escapingBackslashes)
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
    /// visible escapes (`\u{1}`), so that two texts that differ only there stay different;
    /// dropping them would merge them.
    ///
    /// With `escapingBackslashes`, a `\` is shown as `\\`, as `dotQuoted` shows it in
    /// atomscope's own DOT: then every escape reads back to one text, and a name spelled
    /// `a\u{1}` cannot pass for one holding U+0001. Without it (text from `dotQuoted`, which
    /// escaped it already), backslashes stay as they are.
    static func clean(_ text: String, escapingBackslashes: Bool) -> String {
        let needsWork = text.unicodeScalars.contains { !isAllowed($0) || (escapingBackslashes && $0 == "\\") }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapingBackslashes, scalar == "\\" {
                result.append(contentsOf: #"\\"#.unicodeScalars)
            } else if isAllowed(scalar) {
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

    /// Bytes that end an element's name: whitespace and what may follow the name in a tag.
    private static let tagNameTerminators: Set<UInt8> = Set(" \t\n\r/>".utf8)
    /// Bytes that end a processing instruction's target.
    private static let targetTerminators: Set<UInt8> = Set(" \t\n\r?".utf8)
    /// Bytes that end an attribute's name: whitespace and what may follow it, and what
    /// cannot be in one without making the tag unreadable.
    private static let attributeNameTerminators: Set<UInt8> = Set(" \t\n\r=/><\"'".utf8)

    /// An element name or a processing instruction's target: the bytes up to a terminator,
    /// which must be an XML `Name`.
    private mutating func scanName(terminators: Set<UInt8>) throws(Failure) -> String {
        let start = position
        while position < bytes.count, !terminators.contains(bytes[position]) { position += 1 }
        guard position > start else { throw fail("expected a name", at: start) }
        let name = bytes[start..<position]
        guard XMLName.isName(name) else {
            throw fail("\"\(String(decoding: name, as: UTF8.self))\" is not an XML name", at: start)
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// An attribute's name: the bytes up to a terminator, whatever they are, and whether they
    /// make an XML `Name`.
    private mutating func scanAttributeName() throws(Failure) -> (name: String, isName: Bool) {
        let start = position
        while position < bytes.count, !Self.attributeNameTerminators.contains(bytes[position]) { position += 1 }
        guard position > start else { throw fail("expected a name", at: start) }
        let name = bytes[start..<position]
        return (String(decoding: name, as: UTF8.self), XMLName.isName(name))
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

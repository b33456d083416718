import Foundation

/// Makes SVG rendered from DOT that came from outside safe to open in a browser.
///
/// Graphviz escapes label text, but copies `URL`/`href` (and their edge, head, tail and label
/// variants), `fontname` and `stylesheet` into its SVG unescaped, and passes `javascript:`
/// URLs through. So the sanitizer does not patch Graphviz's text: it scans the document with
/// a strict XML scanner and writes a new one from the tokens, keeping only what it knows:
///
/// - elements: the SVG elements Graphviz draws with (`svg`, `g`, `title`, `a`, `text`,
///   `polygon`, `path`, `ellipse`, `image`, gradients, …), unprefixed. Anything else
///   (`script`, `foreignObject`, `style`, `iframe`, `animate`, `set`, `use`, …) is dropped with
///   everything inside it.
/// - attributes: no event handlers (`on…`); `href`/`xlink:href` only with a relative URL or an
///   `http`, `https`, `mailto` or `ftp` one (after decoding entities and removing
///   whitespace and control characters, as browsers do); `url(…)` only to a fragment in the
///   same document; `style` only without `url(`, `expression`, `@import`, `javascript:` or
///   escapes; no foreign prefixes (only `xlink:`, `xml:space`, `xml:lang`); `xmlns` only with
///   the SVG and XLink namespaces, which the root always declares; no `xml:base`.
/// - no processing instructions (`<?xml-stylesheet?>` from Graphviz's `stylesheet`
///   attribute), comments, DOCTYPE or CDATA (its text is kept, escaped).
///
/// Every value is re-escaped on output, and what it writes is well-formed XML: characters XML
/// forbids are shown as visible escapes (`\u{1}`, with `\` as `\\` unless the text already
/// carries such escapes, see ``TextEscaping``), and an attribute whose name is not an XML
/// `Name` (or whose prefix is not bound) is dropped. Input that is not well-formed
/// (unbalanced tags, two root elements, text outside the root, an element name that is not a
/// `Name`) is refused with ``GraphRenderError/unsafeSVG(reason:)`` rather than repaired.
public enum SVGSanitizer {
    /// What the SVG's text already carries, which decides how a backslash is shown.
    public enum TextEscaping: Sendable, Equatable {
        /// None: SVG drawn from DOT that came from outside. A character XML forbids is shown
        /// as `\u{1}` and a backslash as `\\`, so that every escape reads back to one text.
        case none
        /// atomscope's escapes: SVG drawn from DOT that `dotQuoted(_:)` wrote (a journal's
        /// graph), whose text shows forbidden characters as `\u{1}` and `\` as `\\` already.
        /// Backslashes stay as they are, so that they are not escaped twice.
        case dotQuoted
    }

    /// Sanitizes an SVG document held as text, as the `Data` form does its bytes.
    public static func sanitize(_ svg: String, textEscaping: TextEscaping = .none) throws(GraphRenderError) -> String {
        String(decoding: try sanitize(bytes: Array(svg.utf8), textEscaping: textEscaping), as: UTF8.self)
    }

    /// Sanitizes an SVG document.
    ///
    /// - Parameter textEscaping: What the document's text already carries: `.none` for SVG
    ///   from outside DOT, `.dotQuoted` for SVG of DOT that atomscope wrote.
    /// - Throws: ``GraphRenderError/unsafeSVG(reason:)`` for input that is not well-formed.
    public static func sanitize(_ svg: Data, textEscaping: TextEscaping = .none) throws(GraphRenderError) -> Data {
        Data(try sanitize(bytes: Array(svg), textEscaping: textEscaping))
    }

    // MARK: - Policy

    static let allowedElements: Set<String> = [
        "svg", "g", "title", "desc", "a", "text", "tspan",
        "ellipse", "circle", "polygon", "polyline", "path", "line", "rect", "image",
        "defs", "lineargradient", "radialgradient", "stop",
    ]

    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "ftp"]

    static let namespaces: [String: String] = [
        "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:xlink": "http://www.w3.org/1999/xlink",
    ]

    /// Attributes that load or run something on elements outside the allow-list; dropped
    /// everywhere anyway.
    static let droppedAttributes: Set<String> = ["src", "action", "formaction", "data", "codebase", "srcdoc"]

    static func isAllowedElement(_ name: String) -> Bool {
        !name.contains(":") && allowedElements.contains(name.lowercased())
    }

    /// The attribute as it may appear in the output, or nil to drop it.
    static func allowedAttribute(_ attribute: XMLScanner.Attribute) -> XMLScanner.Attribute? {
        // A parser refuses the whole document over one name that is not a Name, and a
        // namespace-aware one over a prefix it cannot bind (`XLINK:href`, `xlink:a:b`,
        // `xlink:`): only exact, bound prefixes and one colon pass.
        guard attribute.isName else { return nil }
        let name = attribute.name
        let localName: String
        if let colon = name.firstIndex(of: ":") {
            let prefix = name[..<colon]
            localName = name[name.index(after: colon)...].lowercased()
            guard !localName.isEmpty, !localName.contains(":") else { return nil }
            switch prefix {
            case "xlink": break
            case "xml": guard localName == "space" || localName == "lang" else { return nil }
            case "xmlns": return namespaces[name] == attribute.value ? attribute : nil
            default: return nil
            }
        } else {
            localName = name.lowercased()
            if name == "xmlns" { return namespaces[name] == attribute.value ? attribute : nil }
        }
        if localName.hasPrefix("on") || droppedAttributes.contains(localName) { return nil }
        if localName == "href", !isSafeURL(attribute.value) { return nil }
        if localName == "style", !isSafeStyle(attribute.value) { return nil }
        if !hasOnlyLocalReferences(attribute.value) { return nil }
        return attribute
    }

    /// A relative URL, or one whose scheme is allowed. Browsers ignore whitespace and control
    /// characters inside a scheme (`java\tscript:`), so those are removed before looking.
    static func isSafeURL(_ value: String) -> Bool {
        let compact = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
        guard let colon = compact.firstIndex(of: ":") else { return true }
        let candidate = compact[..<colon]
        if candidate.contains(where: { "/?#".contains($0) }) { return true }
        let scheme = candidate.lowercased()
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0) })
        else { return false }
        return allowedSchemes.contains(scheme)
    }

    static func isSafeStyle(_ value: String) -> Bool {
        let compact = value.lowercased().unicodeScalars.filter { $0.value > 0x20 }
        let text = String(String.UnicodeScalarView(compact))
        if text.contains("\\") || text.contains("/*") { return false }
        return !["expression", "javascript:", "vbscript:", "@import", "behavior", "-moz-binding"].contains { text.contains($0) }
    }

    /// Every `url(…)` in the value points into this document (`url(#gradient)`).
    static func hasOnlyLocalReferences(_ value: String) -> Bool {
        // Fast path without allocating: most values (coordinates, colours) have no "url".
        guard containsURLWord(value.utf8) else { return true }
        let compact = String(String.UnicodeScalarView(value.lowercased().unicodeScalars.filter { $0.value > 0x20 }))
        var rest = compact[...]
        while let range = rest.range(of: "url(") {
            let target = rest[range.upperBound...].drop { $0 == "'" || $0 == "\"" }
            guard target.hasPrefix("#") else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    private static func containsURLWord(_ bytes: String.UTF8View) -> Bool {
        var matched = 0
        let word: [UInt8] = [UInt8(ascii: "u"), UInt8(ascii: "r"), UInt8(ascii: "l")]
        for byte in bytes {
            let lower = byte | 0x20
            if lower == word[matched] {
                matched += 1
                if matched == word.count { return true }
            } else {
                matched = lower == word[0] ? 1 : 0
            }
        }
        return false
    }

    // MARK: - Rebuilding

    static func sanitize(bytes: [UInt8], textEscaping: TextEscaping = .none) throws(GraphRenderError) -> [UInt8] {
        var scanner = XMLScanner(bytes, escapingBackslashes: textEscaping == .none)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        output.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#.utf8)
        output.append(UInt8(ascii: "\n"))

        var open: [String] = []
        /// Depth in `open` at which a dropped element began, while inside it.
        var droppedFrom: Int?
        var sawRoot = false

        do throws(XMLScanner.Failure) {
            while let token = try scanner.next() {
                switch token {
                case .declaration, .processingInstruction, .comment, .doctype:
                    continue
                case .text(let text):
                    if open.isEmpty {
                        guard text.allSatisfy(\.isWhitespace) else {
                            throw XMLScanner.Failure(reason: "text outside the root element", offset: 0)
                        }
                        continue
                    }
                    if droppedFrom == nil { escape(text, into: &output, inAttribute: false) }
                case .startTag(let name, let attributes, let selfClosing):
                    let keep = droppedFrom == nil && isAllowedElement(name)
                    if keep && open.isEmpty {
                        guard !sawRoot else { throw XMLScanner.Failure(reason: "more than one root element", offset: 0) }
                        guard name == "svg" else { throw XMLScanner.Failure(reason: "root element <\(name)> is not <svg>", offset: 0) }
                        sawRoot = true
                    }
                    if keep {
                        // The root always declares the SVG and XLink namespaces, so every kept
                        // `xlink:` attribute is bound whatever the input declared.
                        let declared = open.isEmpty
                            ? namespaces.sorted { $0.key < $1.key }.map { XMLScanner.Attribute(name: $0.key, value: $0.value) }
                            : []
                        writeStartTag(name, attributes: declared + attributes, selfClosing: selfClosing, into: &output)
                    }
                    if !selfClosing {
                        if !keep && droppedFrom == nil { droppedFrom = open.count }
                        open.append(name)
                    }
                case .endTag(let name):
                    guard let last = open.last, last == name else {
                        throw XMLScanner.Failure(reason: "unexpected </\(name)>", offset: 0)
                    }
                    open.removeLast()
                    if let depth = droppedFrom {
                        if depth == open.count { droppedFrom = nil }
                        continue
                    }
                    output.append(contentsOf: "</\(name)>".utf8)
                }
            }
        } catch {
            throw .unsafeSVG(reason: error.offset > 0 ? "\(error.reason) (byte \(error.offset))" : error.reason)
        }
        guard open.isEmpty else { throw .unsafeSVG(reason: "unclosed <\(open.last!)>") }
        guard sawRoot else { throw .unsafeSVG(reason: "no <svg> root element") }
        output.append(UInt8(ascii: "\n"))
        return output
    }

    private static func writeStartTag(_ name: String, attributes: [XMLScanner.Attribute], selfClosing: Bool, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        var seen: [String] = []
        for attribute in attributes {
            // A repeated attribute (not XML, but injectable through Graphviz) keeps its first value.
            guard !seen.contains(attribute.name), let kept = allowedAttribute(attribute) else { continue }
            seen.append(attribute.name)
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: kept.name.utf8)
            output.append(contentsOf: "=\"".utf8)
            escape(kept.value, into: &output, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        output.append(contentsOf: (selfClosing ? "/>" : ">").utf8)
    }

    private static func escape(_ text: String, into output: inout [UInt8], inAttribute: Bool) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case 0x0A where inAttribute: output.append(contentsOf: "&#10;".utf8)
            case 0x0D: output.append(contentsOf: "&#13;".utf8)
            case 0x09 where inAttribute: output.append(contentsOf: "&#9;".utf8)
            default: output.append(byte)
            }
        }
    }
}

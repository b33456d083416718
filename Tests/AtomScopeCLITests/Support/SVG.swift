import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// What Foundation's XMLParser found in an SVG document.
struct ParsedSVG {
    var elementNames: [String] = []
    var attributes: [(element: String, name: String, value: String)] = []
    /// The text of every `<title>` (Graphviz puts the node name there).
    var titles: [String] = []
    /// The text of every `<text>` (one per label line).
    var texts: [String] = []
}

enum SVGParseError: Error, CustomStringConvertible {
    case notWellFormed(String)
    var description: String {
        switch self {
        case .notWellFormed(let reason): "the SVG is not well-formed XML: \(reason)"
        }
    }
}

/// Parses `data` as XML, without resolving external entities.
func parseSVG(_ data: Data) throws -> ParsedSVG {
    let collector = SVGCollector()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = collector
    guard parser.parse(), collector.error == nil else {
        throw SVGParseError.notWellFormed(collector.error ?? parser.parserError.map { "\($0)" } ?? "unknown error")
    }
    guard collector.result.elementNames.first == "svg" else {
        throw SVGParseError.notWellFormed("the root element is \(collector.result.elementNames.first ?? "missing"), not svg")
    }
    return collector.result
}

private final class SVGCollector: NSObject, XMLParserDelegate {
    var result = ParsedSVG()
    var error: String?
    private var characters = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        characters = ""
        result.elementNames.append(elementName)
        for (name, value) in attributes {
            result.attributes.append((elementName, name, value))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "title" { result.titles.append(characters) }
        if elementName == "text" { result.texts.append(characters) }
        characters = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        error = error ?? "\(parseError) at line \(parser.lineNumber), column \(parser.columnNumber)"
    }
}

/// Expects `data` to be an SVG document that libxml2 (through XMLParser) reads. Every SVG the
/// suite makes is parsed, here or by ``parseSVG(_:)`` directly.
@discardableResult
func expectWellFormedSVG(_ data: Data, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> ParsedSVG? {
    do {
        return try parseSVG(data)
    } catch {
        Issue.record("\(what): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects the SVG file at `url` to be well-formed (see ``expectWellFormedSVG(_:_:sourceLocation:)``).
@discardableResult
func expectWellFormedSVG(file url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> ParsedSVG? {
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("no SVG at \(url.path)", sourceLocation: sourceLocation)
        return nil
    }
    return expectWellFormedSVG(data, url.lastPathComponent, sourceLocation: sourceLocation)
}

/// Elements that run or embed code, or pull in other documents.
private let liveElements: Set<String> = [
    "script", "foreignobject", "iframe", "object", "embed", "handler", "listener", "animate", "set", "style",
]

/// URL schemes that run code or smuggle documents.
private let liveSchemes = ["javascript:", "vbscript:", "data:text/html"]

/// What makes an SVG live: script-like elements, event attributes (`on…`), `javascript:`-style
/// URLs in any attribute, and, in the raw text, `<script` or a processing instruction that loads
/// a stylesheet. (Text content may say anything: an atom named `javascript:x` is drawn as that
/// text, which is harmless.) Empty for inert SVG; one line per finding, in document order.
func liveMarkupFindings(_ svg: ParsedSVG, raw: Data) -> [String] {
    var findings: [String] = []
    for name in svg.elementNames {
        let local = (name.split(separator: ":").last.map(String.init) ?? name).lowercased()
        if liveElements.contains(local) { findings.append("live element <\(name)>") }
    }
    for attribute in svg.attributes {
        let local = (attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name).lowercased()
        if local.hasPrefix("on") {
            findings.append("event attribute \(attribute.name)=\"\(attribute.value)\" on <\(attribute.element)>")
        }
        // Browsers ignore whitespace and control characters inside a scheme.
        let squeezed = String(attribute.value.lowercased().unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }.map(Character.init))
        for scheme in liveSchemes where squeezed.contains(scheme) {
            findings.append("\(scheme) in \(attribute.name) on <\(attribute.element)>")
        }
    }
    let text = String(decoding: raw, as: UTF8.self).lowercased()
    if text.contains("<script") { findings.append("<script in the raw SVG") }
    if text.contains("<?xml-stylesheet") { findings.append("a stylesheet processing instruction in the raw SVG") }
    return findings
}

/// Expects ``liveMarkupFindings(_:raw:)`` to find nothing.
func expectInert(_ svg: ParsedSVG, raw: Data, sourceLocation: SourceLocation = #_sourceLocation) {
    let findings = liveMarkupFindings(svg, raw: raw)
    #expect(findings.isEmpty, "live markup: \(findings.joined(separator: "; "))", sourceLocation: sourceLocation)
}

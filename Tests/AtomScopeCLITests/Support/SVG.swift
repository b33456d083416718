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

/// Elements that run or embed code, or pull in other documents.
private let liveElements: Set<String> = [
    "script", "foreignobject", "iframe", "object", "embed", "handler", "listener", "animate", "set", "style",
]

/// URL schemes that run code or smuggle documents.
private let liveSchemes = ["javascript:", "vbscript:", "data:text/html"]

/// Checks that an SVG holds no live markup: no script-like elements, no event attributes
/// (`on…`), no `javascript:`-style URLs in any attribute, and, in the raw text, no `<script`
/// and no processing instruction that loads a stylesheet. (Text content may say anything:
/// an atom named `javascript:x` is drawn as that text, which is harmless.)
func expectInert(_ svg: ParsedSVG, raw: Data, sourceLocation: SourceLocation = #_sourceLocation) {
    for name in svg.elementNames {
        let local = (name.split(separator: ":").last.map(String.init) ?? name).lowercased()
        #expect(!liveElements.contains(local), "live element <\(name)> in the SVG", sourceLocation: sourceLocation)
    }
    for attribute in svg.attributes {
        let local = (attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name).lowercased()
        #expect(!local.hasPrefix("on"), "event attribute \(attribute.name)=\"\(attribute.value)\" on <\(attribute.element)>", sourceLocation: sourceLocation)
        // Browsers ignore whitespace and control characters inside a scheme.
        let squeezed = String(attribute.value.lowercased().unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }.map(Character.init))
        for scheme in liveSchemes {
            #expect(!squeezed.contains(scheme), "\(scheme) in \(attribute.name)=\"\(attribute.value)\" on <\(attribute.element)>", sourceLocation: sourceLocation)
        }
    }
    let text = String(decoding: raw, as: UTF8.self).lowercased()
    #expect(!text.contains("<script"), "<script in the raw SVG", sourceLocation: sourceLocation)
    #expect(!text.contains("<?xml-stylesheet"), "a stylesheet processing instruction in the raw SVG", sourceLocation: sourceLocation)
}

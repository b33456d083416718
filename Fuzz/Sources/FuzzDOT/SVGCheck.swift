import AtomScopeRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What SVG that `renderIsolated` returned must be, checked with a parser that is not the
/// sanitizer's own scanner: FoundationXML's `XMLParser` (libxml2).
enum SVGCheck {
    static func requireInertSVG(_ data: Data) {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        guard parser.parse(), collector.parseError == nil else {
            let reason = collector.parseError ?? parser.parserError.map { "\($0)" } ?? "unknown"
            fatalError("FuzzDOT: the rendered SVG is not well-formed XML (\(reason)):\n\(excerpt(data))")
        }
        guard collector.root == "svg" else {
            fatalError("FuzzDOT: the rendered document's root is \(collector.root ?? "missing"), not svg:\n\(excerpt(data))")
        }
        if let problem = collector.problems.first {
            fatalError("FuzzDOT: the sanitized SVG is not inert: \(problem):\n\(excerpt(data))")
        }
        // The sanitizer's output is a fixed point: what it wrote, it accepts unchanged. If not,
        // its writer and its scanner disagree about what well-formed SVG is. Its text already
        // carries atomscope's escapes, so it goes in as `.dotQuoted` (backslashes kept as they
        // are; as `.none` each pass would double them, by design).
        do {
            let again = try SVGSanitizer.sanitize(data, textEscaping: .dotQuoted)
            if again != data {
                fatalError("FuzzDOT: sanitizing the sanitized SVG changed it:\n\(excerpt(data))\n--- became ---\n\(excerpt(again))")
            }
        } catch {
            fatalError("FuzzDOT: the sanitizer refuses its own output (\(error)):\n\(excerpt(data))")
        }
    }

    private static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(4_000), as: UTF8.self)
        return data.count > 4_000 ? text + "…" : text
    }

    /// What a browser would run or load from outside the document: elements that execute or
    /// embed, event attributes, and links or references with other schemes than the
    /// sanitizer allows.
    private final class Collector: NSObject, XMLParserDelegate {
        var root: String?
        var problems: [String] = []
        var parseError: String?

        private static let activeElements: Set<String> = [
            "script", "foreignobject", "style", "iframe", "object", "embed", "animate", "set", "use", "handler",
        ]
        private static let allowedSchemes: Set<String> = ["http", "https", "mailto", "ftp"]

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = elementName }
            let name = elementName.lowercased()
            if Self.activeElements.contains(name) || name.contains(":") {
                problems.append("element <\(elementName)>")
            }
            for (attribute, value) in attributes {
                let local = attribute.lowercased().split(separator: ":").last.map(String.init) ?? ""
                if local.hasPrefix("on") {
                    problems.append("event attribute \(attribute) on <\(elementName)>")
                }
                if local == "href", let scheme = Self.scheme(of: value), !Self.allowedSchemes.contains(scheme) {
                    problems.append("\(attribute)=\"\(value)\" on <\(elementName)>")
                }
                if value.lowercased().contains("url("), !Self.referencesOnlyFragments(value) {
                    problems.append("\(attribute)=\"\(value)\" on <\(elementName)> loads from outside the document")
                }
            }
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            problems.append("processing instruction <?\(target)?>")
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            self.parseError = self.parseError ?? "\(parseError)"
        }

        /// The scheme a browser would see: whitespace and control characters inside it are
        /// ignored, as browsers do; nil for a relative URL.
        private static func scheme(of value: String) -> String? {
            let compact = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
            guard let colon = compact.firstIndex(of: ":") else { return nil }
            let candidate = compact[..<colon]
            if candidate.contains(where: { "/?#".contains($0) }) { return nil }
            return candidate.lowercased()
        }

        private static func referencesOnlyFragments(_ value: String) -> Bool {
            let compact = String(String.UnicodeScalarView(value.lowercased().unicodeScalars.filter { $0.value > 0x20 }))
            var rest = compact[...]
            while let range = rest.range(of: "url(") {
                let target = rest[range.upperBound...].drop { $0 == "'" || $0 == "\"" }
                if !target.hasPrefix("#") { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
    }
}

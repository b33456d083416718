import AtomScopeRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// The SVG sanitizer on any bytes: it returns inert SVG or a typed error, never traps, and
// what it returns is well-formed XML to libxml2 (through XMLParser), with either escaping.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGSanitizer(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Data(bytes: start, count: count)
    for escaping in [SVGSanitizer.TextEscaping.none, .dotQuoted] {
        guard let output = try? SVGSanitizer.sanitize(input, textEscaping: escaping) else { continue }
        let parser = XMLParser(data: output)
        parser.shouldResolveExternalEntities = false
        if !parser.parse() {
            fatalError("sanitized SVG is not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "no reason")): \(String(decoding: output.prefix(2_000), as: UTF8.self))")
        }
    }
    return 0
}

import AtomScopeRender
import Foundation

// The SVG sanitizer on any bytes: it returns inert SVG or a typed error, never traps.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGSanitizer(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? SVGSanitizer.sanitize(Data(bytes: start, count: count))
    return 0
}

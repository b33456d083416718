@testable import AtomScopeKit
import Testing

/// The format of a graph written to a file: the flag's, the extension's, DOT for a name without
/// one; never a flag the extension contradicts.
@Suite("GraphFormat for an output file")
struct GraphFormatOutputTests {
    private let flags = ["--dot", "--svg", "--png", "--pdf"]

    @Test func extensionsNameTheirFormats() {
        #expect(GraphFormat(extensionOf: "a/b.svg") == .svg)
        #expect(GraphFormat(extensionOf: "b.PNG") == .png)
        #expect(GraphFormat(extensionOf: "b.pdf") == .pdf)
        #expect(GraphFormat(extensionOf: "b.dot") == .dot)
        #expect(GraphFormat(extensionOf: "b.gv") == .dot)
        #expect(GraphFormat(extensionOf: "b.plain") == nil)
        #expect(GraphFormat(extensionOf: "./graph") == nil)
        #expect(GraphFormat(extensionOf: "dir.v2/graph") == nil)
    }

    @Test func theFlagWinsUnlessTheExtensionContradictsIt() throws {
        #expect(try GraphFormat.forOutput(flag: nil, path: nil, flags: flags) == .dot)
        #expect(try GraphFormat.forOutput(flag: .png, path: nil, flags: flags) == .png)
        #expect(try GraphFormat.forOutput(flag: .png, path: "out.png", flags: flags) == .png)
        #expect(try GraphFormat.forOutput(flag: .svg, path: "out.v2", flags: flags) == .svg)
        #expect(try GraphFormat.forOutput(flag: nil, path: "out.svg", flags: flags) == .svg)
        #expect(try GraphFormat.forOutput(flag: nil, path: "dir.v2/graph", flags: flags) == .dot)
        #expect(throws: AtomScopeError.outputFormatMismatch(path: "out.svg", flag: "--png", extensionFormat: "SVG")) {
            try GraphFormat.forOutput(flag: .png, path: "out.svg", flags: flags)
        }
        #expect(throws: AtomScopeError.unknownOutputFormat(path: "out.xyz", flags: flags)) {
            try GraphFormat.forOutput(flag: nil, path: "out.xyz", flags: flags)
        }
    }

    @Test func errorsAreOneLineThatSaysWhatToDo() {
        #expect(AtomScopeError.outputFormatMismatch(path: "out.svg", flag: "--png", extensionFormat: "SVG").description
            == "--png does not match out.svg, whose extension means SVG; drop the flag or change the extension")
        #expect(AtomScopeError.unknownOutputFormat(path: "o.x", flags: ["--svg", "--png"]).description
            == "cannot tell the format of o.x from its extension; name it .svg, .png, .pdf or .dot, or pass --svg or --png")
        #expect(AtomScopeError.unknownOutputFormat(path: "o.x", flags: []).description
            == "cannot tell the format of o.x from its extension; name it .svg, .png, .pdf or .dot")
    }
}

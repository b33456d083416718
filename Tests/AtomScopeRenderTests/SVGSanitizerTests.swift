import Foundation
import Testing
import AtomScopeKit
import Atoms
@testable import AtomScopeRender

@Suite("SVGSanitizer")
struct SVGSanitizerTests {
    /// Everything Graphviz copies into SVG unescaped, or passes through.
    static let hostileDOT = #"""
        digraph G {
          stylesheet="javascript:alert(1)\"?><script>alert(2)</script><?x y=\"";
          URL="javascript:alert('graph')";
          a [URL="javascript:alert(1)", label="<script>alert(1)</script>", tooltip="x\" onload=\"alert(1)"];
          b [href="  JaVaScRiPt:alert(2)", fontname="Times\" onload=\"alert(3)\" x=\""];
          c [label="onload=alert(1)", fillcolor="red\" onclick=\"alert(4)", style=filled, id="c\" onmouseover=\"alert(5)"];
          d [fontname="x\"/><script>alert(6)</script><foreignObject><div>hi</div></foreignObject><text x=\"", class="k\" onfocus=\"alert(7)"];
          e [URL="&#106;avascript:alert(8)", target="_blank\" onload=\"x"];
          f [URL="java&#x09;script:alert(11)", label="tab"];
          g [fontname="x\" style=\"background:url(javascript:alert(12))"];
          h [URL="https://example.com/ok?a=1&b=2", label="safe link"];
          a -> b [URL="javascript:alert(9)", edgeURL="javascript:1", headURL="javascript:2", tailURL="javascript:3", labelURL="javascript:4", label="l", headlabel="h", taillabel="t"];
          c -> d [edgehref="javascript:5", headhref="vbscript:6", labelhref="data:text/html,<script>alert(1)</script>", label="m"];
        }
        """#

    @Test func hostileDOTRendersToInertSVG() throws {
        let rendered = try GraphRenderer().render(dot: Self.hostileDOT, format: .svg)
        // What Graphviz itself produces is not even well-formed, or it is live:
        #expect(rendered.text.contains("<script>"))
        #expect(rendered.text.contains(#"xlink:href="javascript:"#))

        let clean = try SVGSanitizer.sanitize(rendered.data)
        let svg = try #require(parseSVG(clean), "sanitized SVG is not well-formed XML")
        assertInert(svg)
        // Drawing and safe content survive.
        for node in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            #expect(svg.titles.contains(node))
        }
        #expect(svg.texts.contains("<script>alert(1)</script>"))
        #expect(svg.attributes.contains { $0.name == "xlink:href" && $0.value == "https://example.com/ok?a=1&b=2" })
        #expect(svg.elementNames.contains("ellipse"))
        #expect(svg.elementNames.contains("path"))
        let text = String(decoding: clean, as: UTF8.self)
        #expect(!text.contains("<?xml-stylesheet"))
        #expect(!text.contains("<!--"))
    }

    @Test func scriptForeignObjectAndFriendsAreDroppedWithTheirContent() throws {
        let input = """
            <?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
            <script type="text/javascript">alert(1)</script>
            <SCRIPT>alert(2)</SCRIPT>
            <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(3)</script></body></foreignObject>
            <style>@import url(evil.css);</style>
            <g><animate attributeName="href" to="javascript:alert(4)"/><set attributeName="onclick" to="alert(5)"/>
            <use href="data:image/svg+xml,x"/><html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(6)</html:script>
            <text x="1">kept</text></g>
            </svg>
            """
        let output = try SVGSanitizer.sanitize(input)
        let svg = try #require(parseSVG(Data(output.utf8)))
        assertInert(svg)
        #expect(svg.elementNames == ["svg", "g", "text"])
        #expect(svg.texts == ["kept"])
        #expect(!output.contains("alert"))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:x", "\u{1}javascript:x", "vbscript:x", "data:text/html,x", "jav&#x61;script:x",
        "javascript&#58;x", "livescript:x", "j a v a s c r i p t:x",
    ])
    func unsafeLinksAreDropped(url: String) throws {
        let escaped = url.replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\u{1}", with: "")
        let input = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="\#(escaped)" href="\#(escaped)"><text>x</text></a></svg>"#
        let output = try SVGSanitizer.sanitize(input)
        let svg = try #require(parseSVG(Data(output.utf8)))
        #expect(!svg.attributes.contains { $0.name.hasSuffix("href") }, "kept \(output)")
    }

    @Test(arguments: ["https://example.com/a?b=c", "http://x", "mailto:a@b.c", "relative/page.html", "#node1", "/abs/path:with:colons", "file.svg?q=a:b"])
    func safeLinksAreKept(url: String) throws {
        let input = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="\#(url)"><text>x</text></a></svg>"#
        let svg = try #require(parseSVG(Data(try SVGSanitizer.sanitize(input).utf8)))
        #expect(svg.attributes.contains { $0.name == "xlink:href" && $0.value == url })
    }

    @Test func styleAndURLReferencesMustStayInTheDocument() throws {
        let input = """
            <svg xmlns="http://www.w3.org/2000/svg">
            <defs><linearGradient id="l_0"><stop offset="0" style="stop-color:red;stop-opacity:1.0;"/></linearGradient></defs>
            <polygon fill="url(#l_0)" points="0,0 1,1"/>
            <polygon fill="url(https://evil.example/track.svg#x)" points="0,0"/>
            <polygon style="fill:url(javascript:alert(1))" points="0,0"/>
            <polygon style="behavior:url(x.htc)" points="0,0"/>
            <polygon style="f\\69ll:red" points="0,0"/>
            </svg>
            """
        let svg = try #require(parseSVG(Data(try SVGSanitizer.sanitize(input).utf8)))
        let fills = svg.attributes.filter { $0.name == "fill" }.map(\.value)
        #expect(fills == ["url(#l_0)"])
        let styles = svg.attributes.filter { $0.name == "style" }.map(\.value)
        #expect(styles == ["stop-color:red;stop-opacity:1.0;"])
    }

    @Test func foreignPrefixesNamespacesAndBaseAreDropped() throws {
        let input = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ev="http://www.w3.org/2001/xml-events" xml:base="javascript:/">
            <g xmlns="http://www.w3.org/1999/xhtml" ev:event="click" xml:space="preserve" xlink:title="t"><text>x</text></g>
            </svg>
            """
        let output = try SVGSanitizer.sanitize(input)
        let svg = try #require(parseSVG(Data(output.utf8)))
        let names = Set(svg.attributes.map(\.name))
        #expect(!names.contains("xml:base"))
        #expect(!names.contains("ev:event"))
        #expect(!names.contains("xmlns:ev"))
        #expect(names.contains("xml:space"))
        #expect(names.contains("xlink:title"))
        #expect(output.components(separatedBy: "xmlns=").count == 2, "only the root's SVG namespace: \(output)")
    }

    @Test func entitiesAndControlCharactersComeOutWellFormed() throws {
        let input = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text a=\"&quot;&lt;&#65;&#x42;\">1 &lt; 2 &amp; &nbsp; \u{1}&#1;&unknown; &</text><title><![CDATA[<b>&]]></title></svg>"
        let output = try SVGSanitizer.sanitize(input)
        let svg = try #require(parseSVG(Data(output.utf8)), "not well-formed: \(output)")
        // A raw U+0001 and `&#1;` are shown as visible escapes, never dropped.
        #expect(svg.texts == [#"1 < 2 & &nbsp; \u{1}\u{1}&unknown; &"#])
        #expect(svg.titles == ["<b>&"])
        #expect(svg.attributes.contains { $0.name == "a" && $0.value == "\"<AB" })
    }

    @Test(arguments: [
        ("<svg><g></svg>", "unexpected </svg>"),
        ("<svg></svg><svg></svg>", "more than one root element"),
        ("<svg></svg>trailing", "text outside the root element"),
        ("<html></html>", "no <svg> root element"),
        ("<g></g>", "root element <g> is not <svg>"),
        ("<svg><g a=\"1\"b=\"2\"></g></svg>", "not separated by space"),
        ("<svg a=1></svg>", "unquoted value"),
        ("<!DOCTYPE svg [<!ENTITY x \"y\">]><svg>&x;</svg>", "internal subset"),
        ("<svg><!-- a -- b --></svg>", "'--' inside a comment"),
        ("<svg>", "unclosed <svg>"),
        ("<svg><text>x</svg>", "unexpected </svg>"),
    ])
    func malformedSVGIsRefusedNotRepaired(input: String, reason: String) {
        #expect {
            try SVGSanitizer.sanitize(input)
        } throws: { error in
            guard case .unsafeSVG(let message) = error as? GraphRenderError else { return false }
            return message.contains(reason)
        }
    }

    /// Graphviz copies `fontname` into `font-family="…"` unescaped, so outside DOT can add an
    /// attribute with any name. One whose name is not an XML Name (`a×`: U+00D7 is no name
    /// character; U+FFFE; a C1 control; bytes that are not UTF-8) or whose prefix no parser
    /// can bind is dropped, and libxml2 reads the rest.
    @Test func attributesWhoseNamesAreNotXMLNamesAreDropped() throws {
        let rendered = try GraphRenderer().render(dot: #"digraph { a [fontname="x\" a×=\"1"] }"#, format: .svg)
        #expect(rendered.text.contains("a×=\"1\""), "Graphviz no longer copies fontname raw: \(rendered.text)")
        let fromGraphviz = try #require(parseSVG(try SVGSanitizer.sanitize(rendered.data)), "not well-formed")
        #expect(fromGraphviz.texts == ["a"])
        #expect(!fromGraphviz.attributes.contains { $0.name.contains("×") })

        let names = ["a×", "a\u{FFFE}", "a\u{85}", "\u{9B}x", "1a", "-a", "·a", "XLINK:href", "xlink:a:b", "xlink:", ":a", "Xml:space"]
        for name in names {
            let input = #"<svg xmlns="http://www.w3.org/2000/svg"><g "# + name + #"="1" id="kept"><text>x</text></g></svg>"#
            let output = try SVGSanitizer.sanitize(Data(input.utf8))
            let svg = try #require(parseSVG(output), "\(name): not well-formed: \(String(decoding: output, as: UTF8.self))")
            #expect(svg.attributes.map(\.name).sorted() == ["id", "xmlns", "xmlns:xlink"], "\(name)")
        }
        var notUTF8 = Data(#"<svg xmlns="http://www.w3.org/2000/svg"><g a"#.utf8)
        notUTF8 += Data([0xC3, 0x28]) + Data(#"="1"><text>x</text></g></svg>"#.utf8)
        let output = try SVGSanitizer.sanitize(notUTF8)
        let svg = try #require(parseSVG(output), "not well-formed: \(String(decoding: output, as: UTF8.self))")
        #expect(!svg.attributes.contains { $0.element == "g" })
        // Names from the wider ranges of the production stay.
        let wide = try SVGSanitizer.sanitize(#"<svg xmlns="http://www.w3.org/2000/svg"><g é·-9="1" 名="2" _x.y="3"/></svg>"#)
        let kept = try #require(parseSVG(Data(wide.utf8)), "not well-formed: \(wide)")
        #expect(Set(kept.attributes.filter { $0.element == "g" }.map(\.name)) == ["é·-9", "名", "_x.y"])
    }

    /// An element whose name is not an XML Name cannot be dropped cleanly (its end tag must
    /// match it), so the document is refused.
    @Test(arguments: ["g×", "g\u{85}", "\u{FFFE}", "9g"])
    func elementsWhoseNamesAreNotXMLNamesAreRefused(name: String) {
        #expect {
            try SVGSanitizer.sanitize("<svg><\(name)></\(name)></svg>")
        } throws: { error in
            guard case .unsafeSVG(let message) = error as? GraphRenderError else { return false }
            return message.contains("is not an XML name")
        }
    }

    /// A forbidden character is shown as `\u{1}` and a backslash as `\\`, as `dotQuoted`
    /// shows them, so that a text that spells `\u{1}` never reads like one holding U+0001.
    /// Text already escaped that way (a journal's graph) keeps its backslashes as they are.
    @Test func forbiddenCharactersAndBackslashesReadBackToOneText() throws {
        let texts = ["a\u{1}", #"a\u{1}"#, #"a\"#, #"a\\"#, "a&#1;", "a&#92;u{1}"]
        func shown(_ text: String, _ escaping: SVGSanitizer.TextEscaping) throws -> String {
            let output = try SVGSanitizer.sanitize("<svg><text>\(text)</text><g id=\"\(text)\"/></svg>", textEscaping: escaping)
            let svg = try #require(parseSVG(Data(output.utf8)), "not well-formed: \(output)")
            #expect(svg.attributes.first { $0.name == "id" }?.value == svg.texts.first, "\(output)")
            return try #require(svg.texts.first)
        }
        #expect(try texts.map { try shown($0, .none) } == [#"a\u{1}"#, #"a\\u{1}"#, #"a\\"#, #"a\\\\"#, #"a\u{1}"#, #"a\\u{1}"#])
        #expect(try texts.map { try shown($0, .dotQuoted) } == [#"a\u{1}"#, #"a\u{1}"#, #"a\"#, #"a\\"#, #"a\u{1}"#, #"a\u{1}"#])
        // dotQuoted agrees: the label Graphviz draws from it is what `.none` shows.
        for (name, expected) in [("a\u{1}", #"a\u{1}"#), (#"a\u{1}"#, #"a\\u{1}"#), (#"a\"#, #"a\\"#)] {
            let rendered = try GraphRenderer().render(dot: "digraph { \(dotQuoted(name)) }", format: .svg)
            let svg = try #require(parseSVG(try SVGSanitizer.sanitize(rendered.data, textEscaping: .dotQuoted)))
            #expect(svg.texts == [expected])
        }
    }

    @Test func aRawLessThanInAnAttributeIsTextAndComesOutEscaped() throws {
        let output = try SVGSanitizer.sanitize(#"<svg xmlns="http://www.w3.org/2000/svg"><a xlink:title="a<script>b" href="data:x,<script>"><text>x</text></a></svg>"#)
        #expect(output.contains(#"xlink:title="a&lt;script&gt;b""#))
        #expect(!output.contains("href"))
        #expect(parseSVG(Data(output.utf8)) != nil)
    }

    @Test func ourOwnSVGPassesThroughWithItsDrawingIntact() throws {
        let rendered = try GraphRenderer().render(dot: dependencyGraph(nodes: 30), format: .svg)
        let before = try #require(parseSVG(rendered.data))
        let after = try #require(parseSVG(try SVGSanitizer.sanitize(rendered.data)))
        #expect(before.elementNames == after.elementNames)
        #expect(before.titles == after.titles)
        #expect(before.texts == after.texts)
        #expect(before.attributes.count == after.attributes.count)
    }

    private func assertInert(_ svg: ParsedSVG, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let banned: Set<String> = ["script", "foreignobject", "style", "iframe", "animate", "set", "use", "handler"]
        #expect(!svg.elementNames.contains { banned.contains($0.lowercased()) }, sourceLocation: sourceLocation)
        #expect(!svg.attributes.contains { $0.name.lowercased().split(separator: ":").last!.hasPrefix("on") }, sourceLocation: sourceLocation)
        for attribute in svg.attributes where attribute.name.hasSuffix("href") {
            let compact = attribute.value.lowercased().filter { !$0.isWhitespace }
            #expect(!compact.hasPrefix("javascript:") && !compact.hasPrefix("vbscript:") && !compact.hasPrefix("data:"), "live link \(attribute.value)", sourceLocation: sourceLocation)
        }
        #expect(!svg.attributes.contains { $0.value.lowercased().contains("javascript:") }, sourceLocation: sourceLocation)
    }
}

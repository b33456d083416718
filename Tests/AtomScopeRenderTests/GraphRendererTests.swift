import Foundation
import Testing
import Atoms
import AtomScopeKit
@testable import AtomScopeRender

@Suite("GraphRenderer in process")
struct GraphRendererTests {
    let renderer = GraphRenderer()

    @Test func svgOfASmallGraphParsesAndNamesEveryNode() throws {
        let names = ["CounterAtom", "DoubledAtom", "TodosAtom", "FilteredTodosAtom", "View.swift:12"]
        let dot = """
            digraph G {
              "CounterAtom" -> "DoubledAtom";
              "TodosAtom" -> "FilteredTodosAtom" -> "View.swift:12";
              "DoubledAtom" -> "View.swift:12";
            }
            """
        let rendered = try renderer.render(dot: dot, format: .svg)
        #expect(rendered.format == .svg)
        #expect(rendered.layout == .dot)
        #expect(rendered.warnings.isEmpty)
        let svg = try #require(parseSVG(rendered.data), "SVG is not well-formed XML")
        #expect(svg.elementNames.first == "svg")
        for name in names {
            #expect(svg.titles.contains(name), "no <title> for \(name)")
            #expect(svg.texts.contains(name), "no <text> for \(name)")
        }
    }

    @Test func pngStartsWithThePNGSignature() throws {
        let rendered = try renderer.render(dot: "digraph { a -> b }", format: .png)
        #expect(Array(rendered.data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func pdfStartsWithPercentPDF() throws {
        let rendered = try renderer.render(dot: "digraph { a -> b }", format: .pdf)
        #expect(rendered.data.starts(with: Array("%PDF".utf8)))
    }

    @Test func layoutDOTAndPlainAreText() throws {
        let dot = try renderer.render(dot: "digraph { a -> b }", format: .dot)
        #expect(dot.text.contains("pos="))
        let plain = try renderer.render(dot: "digraph { a -> b }", format: .plain)
        #expect(plain.text.hasPrefix("graph "))
        #expect(plain.text.contains("node a "))
    }

    @Test(arguments: GraphLayout.allCases)
    func everyLayoutRenders(layout: GraphLayout) throws {
        let rendered = try renderer.render(dot: dependencyGraph(nodes: 12), format: .svg, layout: layout)
        #expect(rendered.layout == layout)
        let svg = try #require(parseSVG(rendered.data))
        #expect(svg.titles.contains("Atom11"))
    }

    @Test func invalidDOTIsATypedErrorWithGraphvizsMessageAndNothingIsPrinted() throws {
        let (result, printed) = capturingStandardError {
            Result { () throws(GraphRenderError) in try renderer.render(dot: "digraph { a -> ; }", format: .svg) }
        }
        guard case .failure(.invalidDOT(let message)) = result else {
            Issue.record("expected invalidDOT, got \(result)")
            return
        }
        #expect(message == "syntax error in line 1 near ';'")
        #expect(!printed.contains("syntax error"))
        #expect(!printed.contains("Error:"))
    }

    @Test func unterminatedStringIsInvalidDOT() {
        #expect {
            try renderer.render(dot: "digraph { a -> \"b }", format: .svg)
        } throws: { error in
            guard case .invalidDOT(let message) = error as? GraphRenderError else { return false }
            return message.contains("missing endquote")
        }
    }

    @Test func emptyInputAndNULBytesAreInvalidDOT() {
        #expect(throws: GraphRenderError.invalidDOT(message: "no graph found in the input")) {
            try renderer.render(dot: "  \n", format: .svg)
        }
        #expect(throws: GraphRenderError.invalidDOT(message: "the input contains a NUL byte")) {
            try renderer.render(dot: "digraph { a\u{0} -> b }", format: .svg)
        }
    }

    @Test func aRenderAfterAnErrorStillWorks() throws {
        _ = try? renderer.render(dot: "digraph { a -> ; }", format: .svg)
        let rendered = try renderer.render(dot: "digraph { after -> error }", format: .svg)
        #expect(parseSVG(rendered.data)?.titles.contains("after") == true)
    }

    @Test func warningsAreCapturedNotPrinted() throws {
        // Graphviz warns about an unknown shape once per process: use a fresh name.
        let shape = "bogus\(UInt32.random(in: 0...UInt32.max))"
        let (rendered, printed) = try capturingStandardError {
            try renderer.render(dot: "digraph { a [shape=\(shape)]; a -> b [color=nocolor] }", format: .svg)
        }
        expectWellFormedSVG(rendered.data, "a graph with warnings")
        #expect(rendered.warnings.contains("using box for unknown shape \(shape)"))
        #expect(rendered.warnings.contains("nocolor is not a known color."))
        #expect(!printed.contains("unknown shape"))
    }

    @Test func anUnknownLayoutAttributeIsIgnoredAndANamedLayoutWins() throws {
        let own = try renderer.render(dot: "digraph { layout=neato; a -> b }", format: .svg)
        #expect(own.layout == .neato)
        expectWellFormedSVG(own.data, "layout=neato")
        let bogus = try renderer.render(dot: "digraph { layout=bogus; a -> b }", format: .svg)
        #expect(bogus.layout == .dot)
        expectWellFormedSVG(bogus.data, "layout=bogus")
        let named = try renderer.render(dot: "digraph { layout=neato; a -> b }", format: .dot, layout: .sfdp)
        #expect(named.layout == .sfdp)
        #expect(named.text.contains("layout=sfdp"))
    }

    /// Proves the pango plugin is loaded: without it, text widths (and so the drawing's size)
    /// differ from the `dot` binary's.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "needs the dot binary (apt-get install graphviz)"))
    func sizeMatchesTheDotBinary() throws {
        let dot = #"digraph { node [shape=box]; "A rather long atom name" -> "WWWWWWWWWW" -> "iiiiiiiiii" }"#
        let rendered = try renderer.render(dot: dot, format: .svg)
        expectWellFormedSVG(rendered.data, "the graph sized against dot's")
        let ours = rendered.text
        let dotBinary = ChildProcess(executable: "/usr/bin/dot", arguments: ["-Tsvg"], timeout: .seconds(60))
        let theirs = String(decoding: try dotBinary.run(input: Array(dot.utf8)).standardOutput, as: UTF8.self)
        func size(_ svg: String) -> String? {
            svg.split(separator: "\n").first { $0.hasPrefix("<svg width=") }.map(String.init)
        }
        #expect(size(ours) != nil)
        #expect(size(ours) == size(theirs))
    }

    @Test func clusterWithLabelledEdgesDoesNotCorruptLaterRenders() throws {
        // Without the workaround the second iteration aborts the test process.
        for _ in 0..<5 {
            let rendered = try renderer.render(dot: clusterWithLabelledEdgesDOT, format: .svg, layout: .dot)
            #expect(parseSVG(rendered.data)?.titles.contains("n10") == true)
            for index in 0..<4 {
                expectWellFormedSVG(try renderer.render(dot: "digraph { subgraph cluster_a { x -> y } a\(index) -> b -> x }", format: .svg).data, "cluster \(index)")
            }
        }
    }

    @Test func concurrentRendersAreSerializedAndEachGetsItsOwnGraph() async throws {
        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var last = Data()
                    for round in 0..<10 {
                        let format: GraphFormat = round % 3 == 2 ? .png : .svg
                        let rendered = try GraphRenderer().render(dot: dependencyGraph(nodes: 6, prefix: "T\(task)N"), format: format)
                        if format == .svg {
                            expectWellFormedSVG(rendered.data, "task \(task), round \(round)")
                            last = rendered.data
                        }
                        else { #expect(rendered.data.starts(with: [0x89, 0x50, 0x4E, 0x47])) }
                    }
                    return (task, last)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 8)
        for (task, data) in results {
            let svg = try #require(parseSVG(data))
            #expect(svg.titles.contains("T\(task)N5"))
            #expect(!svg.titles.contains { $0.hasPrefix("T") && !$0.hasPrefix("T\(task)N") && !$0.contains("->") })
        }
    }

    @Test func aThousandSequentialRendersInOneProcess() throws {
        var rendered = 0
        for index in 0..<1_000 {
            let result = try renderer.render(dot: "digraph { a\(index) -> b -> c; b -> d }", format: .svg)
            if parseSVG(result.data) != nil { rendered += 1 }
        }
        #expect(rendered == 1_000)
    }

    /// Atom names and values escaped with `dotQuoted(_:)` cannot break the DOT or put live
    /// markup into the SVG.
    @Test func hostileNamesQuotedWithDotQuotedStayText() throws {
        let names = [
            #"Quote"Atom"#, #"Back\slash\N\G"#, "Multi\nLine", "<script>alert(1)</script>",
            #"x" onload="alert(1)"#, "subgraph cluster_x { }", "node [URL=\"javascript:1\"]",
            "Amp & &amp; &#60;", "Control\u{1}\u{7}Chars", "} digraph { evil",
        ]
        var lines = ["digraph G {"]
        for (index, name) in names.enumerated() {
            lines.append("n\(index) [label=\(dotQuoted(name))];")
            lines.append("\(dotQuoted(name)) -> n\(index);")
        }
        lines.append("}")
        let rendered = try renderer.render(dot: lines.joined(separator: "\n"), format: .svg)
        let svg = try #require(parseSVG(rendered.data), "SVG is not well-formed XML")
        let allowed: Set<String> = ["svg", "g", "title", "text", "ellipse", "polygon", "path"]
        #expect(Set(svg.elementNames).isSubset(of: allowed), "unexpected elements \(Set(svg.elementNames).subtracting(allowed))")
        #expect(!svg.attributes.contains { $0.name.lowercased().hasPrefix("on") })
        #expect(!svg.attributes.contains { $0.value.lowercased().contains("javascript") })
        #expect(svg.texts.contains("<script>alert(1)</script>"))
        #expect(svg.texts.contains(#"x" onload="alert(1)"#))
        // A backslash is shown escaped, as `\\` (so `\N` stays literal text and every escape
        // reads back); ids keep DOT's backslashes. Controls are shown, not dropped.
        #expect(svg.texts.contains(#"Back\\slash\\N\\G"#))
        #expect(svg.titles.contains(#"Back\\\\slash\\\\N\\\\G"#))
        #expect(svg.texts.contains(#"Control\u{1}\u{7}Chars"#))
        #expect(svg.titles.count == 1 + names.count * 2 + names.count)
    }
}

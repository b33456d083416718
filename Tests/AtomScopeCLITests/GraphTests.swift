import AtomJournal
import Atoms
import Foundation
import Testing

/// The atom ids of the state after a step, from the state file `restore` exports for it
/// (every atom of the state is in exactly one of its sections).
func stateAtomIDs(_ journal: String, step: Int) throws -> Set<String> {
    let result = try CLI.run(["restore", journal, "--step", String(step)])
    expectSuccess(result)
    let file = try AtomStateFile(jsonData: result.stdout)
    return Set(file.entries.keys.map(\.rawValue))
}

@Suite("Graph")
struct GraphTests {
    static let todoSteps = Array(0...14)
    static let counterSteps = [0, 1, 2, 3, 50, 151, 304]

    @Test(arguments: todoSteps)
    func todoSVGParsesAndNamesEveryAtom(step: Int) throws {
        try expectSVGNamesEveryAtom(Repo.todo, step: step)
    }

    @Test(arguments: counterSteps)
    func counterSVGParsesAndNamesEveryAtom(step: Int) throws {
        try expectSVGNamesEveryAtom(Repo.counter, step: step)
    }

    private func expectSVGNamesEveryAtom(_ journal: String, step: Int) throws {
        let atoms = try stateAtomIDs(journal, step: step)
        let result = try CLI.run(["graph", journal, "--step", String(step), "--svg"])
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        expectInert(svg, raw: result.stdout)
        for atom in atoms {
            #expect(svg.titles.contains(atom), "step \(step): \(atom) is not a node of the SVG")
            #expect(svg.texts.contains(atom), "step \(step): \(atom) is not a label of the SVG")
        }
    }

    @Test func todoAtStepEightHasTheKnownAtomsAndEdges() throws {
        let atoms = try stateAtomIDs(Repo.todo, step: 8)
        #expect(atoms == ["FilterAtom", "FilteredTodosAtom", "ProgressAtom", "SessionTokenAtom", "StatsAtom", "TodosAtom"])
        let result = try CLI.run(["graph", Repo.todo, "--step", "8", "--svg"])
        let svg = try parseSVG(result.stdout)
        for edge in ["FilterAtom->FilteredTodosAtom", "TodosAtom->FilteredTodosAtom", "TodosAtom->StatsAtom", "TodosAtom->ProgressAtom"] {
            #expect(svg.titles.contains(edge), "no edge \(edge)")
        }
    }

    @Test func outputFileFormatFollowsTheExtension() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let svgFile = folder.file("graph.svg")
        let result = try CLI.run(["graph", Repo.todo, "--step", "5", "-o", svgFile.path])
        expectSuccess(result)
        #expect(result.stdout.isEmpty)
        let written = try Data(contentsOf: svgFile)
        let svg = try parseSVG(written)
        #expect(svg.titles.contains("TodosAtom"))
        let dotFile = folder.file("graph.dot")
        expectSuccess(try CLI.run(["graph", Repo.todo, "--step", "5", "-o", dotFile.path]))
        #expect(String(decoding: try Data(contentsOf: dotFile), as: UTF8.self).hasPrefix("digraph"))
    }

    @Test func aJournalOnStandardInputIsToldFromDOT() throws {
        let journal = try Data(contentsOf: Repo.url(Repo.todo))
        let result = try CLI.run(["graph", "--step", "8", "--svg"], stdin: journal)
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        for atom in try stateAtomIDs(Repo.todo, step: 8) {
            #expect(svg.titles.contains(atom))
        }
    }

    // MARK: DOT from outside

    /// DOT as `Snapshot.graphDescription()` prints it, from a small store built here.
    @MainActor
    static func snapshotDOT() -> String {
        let root = AtomRoot()
        let context = root.context()
        _ = context.watch(PipedTotalAtom())
        context.set(3, for: PipedCountAtom())
        return context.snapshot().graphDescription()
    }

    @Test(arguments: [[String](), ["-"]])
    @MainActor
    func snapshotDOTFromStandardInputRendersAsSVG(input: [String]) throws {
        let dot = Self.snapshotDOT()
        #expect(dot.contains("\"PipedCountAtom\" -> \"PipedTotalAtom\""), "unexpected DOT: \(dot)")
        let result = try CLI.run(["graph"] + input + ["--svg"], stdin: Data(dot.utf8))
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        expectInert(svg, raw: result.stdout)
        #expect(svg.titles.contains("PipedCountAtom"))
        #expect(svg.titles.contains("PipedTotalAtom"))
        #expect(svg.titles.contains("PipedCountAtom->PipedTotalAtom"))
        #expect(svg.titles.contains { $0.hasPrefix("AtomScopeCLITests/GraphTests.swift:") }, "no subscriber node: \(svg.titles)")
    }

    @Test func dotFromAFileRendersAsSVG() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("in.dot")
        try Data("digraph { \"a b\" -> c; c -> \"d\\\"e\" }".utf8).write(to: file)
        let result = try CLI.run(["graph", file.path, "--svg"])
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        #expect(svg.titles.contains("a b"))
        #expect(svg.titles.contains("d\"e"))
    }

    /// DOT written to attack whoever opens the SVG: `javascript:` URLs in every attribute
    /// that takes one, `<script>` in labels, event attributes smuggled through attributes that
    /// Graphviz copies unescaped.
    static let hostileDOT = #"""
        digraph G {
          graph [stylesheet="javascript:alert(0)", URL="javascript:alert('graph')"]
          a [URL="javascript:alert(1)", label="<script>alert(1)</script>", tooltip="x\" onload=\"alert(1)"];
          b [href="  JaVaScRiPt:alert(2)", label="x onload=alert(2)", fontname="Times\" onload=\"alert(3)\" x=\""];
          c [id="c\" onmouseover=\"alert(5)", class="k\" onfocus=\"alert(7)", fillcolor="red\" onclick=\"alert(4)", style=filled];
          d [label=<<b onmouseover="alert(6)">bold</b>>, target="_blank\" onload=\"x"];
          e [URL="&#106;avascript:alert(8)"];
          f [URL="java&#x09;script:alert(11)", label="tab"];
          h [URL="https://example.com/ok?a=1&b=2", label="safe link"];
          a -> b [URL="javascript:alert(9)", edgeURL="javascript:1", headURL="javascript:2", tailURL="javascript:3", labelURL="javascript:4", label="l"];
          c -> d [edgehref="javascript:5", headhref="vbscript:6", labelhref="data:text/html,<script>alert(1)</script>", label="m"];
          d -> e [onload="alert(10)", href="javascript:alert(12)"];
        }
        """#

    @Test func hostileDOTBecomesInertSVG() throws {
        let result = try CLI.run(["graph", "--svg"], stdin: Data(Self.hostileDOT.utf8))
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        expectInert(svg, raw: result.stdout)
        // No label here says "javascript:", so it may not appear anywhere.
        #expect(!result.out.lowercased().contains("javascript:"))
        #expect(!result.out.lowercased().contains("vbscript:"))
        for node in ["a", "b", "c", "d", "e", "f", "h"] {
            #expect(svg.titles.contains(node), "node \(node) is missing")
        }
        // Labels are text, drawn as written.
        #expect(svg.texts.contains("<script>alert(1)</script>"))
        #expect(svg.texts.contains("x onload=alert(2)"))
        #expect(svg.attributes.contains { $0.name == "xlink:href" && $0.value == "https://example.com/ok?a=1&b=2" })
    }

    @Test func fontnameThatClosesTheTextElementIsNeverLive() throws {
        // Graphviz copies fontname into the SVG unescaped. The output must be inert SVG, or
        // a one-line refusal with nothing on stdout.
        let dot = #"digraph { a [fontname="\"><script>alert(3)</script><x a=\""] }"#
        let result = try CLI.run(["graph", "--svg"], stdin: Data(dot.utf8))
        expectNoCrash(result)
        if result.status == 0 {
            let svg = try parseSVG(result.stdout)
            expectInert(svg, raw: result.stdout)
        } else {
            expectOneLineError(result)
            #expect(result.stdout.isEmpty)
        }
        #expect(!result.out.lowercased().contains("<script"))
    }

    @Test func theInertnessCheckCatchesLiveMarkup() throws {
        // The check the tests above rely on must itself fail on live SVG.
        let live = Data(#"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">
            <a xlink:href=" java	script:alert(2)"><text>x</text></a><script>alert(3)</script>
            </svg>
            """#.utf8)
        #expect(liveMarkupFindings(try parseSVG(live), raw: live) == [
            "live element <script>",
            #"event attribute onload="alert(1)" on <svg>"#,
            "javascript: in xlink:href on <a>",
            "<script in the raw SVG",
        ])
        let inert = Data(##"<svg xmlns="http://www.w3.org/2000/svg"><a href="#n1"><text>javascript:x</text></a></svg>"##.utf8)
        #expect(liveMarkupFindings(try parseSVG(inert), raw: inert).isEmpty)
    }

    /// 45 bytes of DOT that ask Graphviz for a bitmap of gigabytes: the worker's own memory
    /// limit makes it fail fast with one line (it took 7.9 GB without one).
    @Test func aDOTAskingForAHugeBitmapFailsInOneLine() throws {
        let dot = #"digraph{graph[size="1000,1000!",dpi=2000];a}"#
        let result = try CLI.run(["graph", "--png"], stdin: Data(dot.utf8), timeout: 60)
        expectOneLineError(result, mentions: [["worker"]])
        #expect(result.stdout.isEmpty)
    }

    /// Standard input and DOT are read up to --input-limit (64 MiB by default); a journal file
    /// is read by the reader as it needs, whatever the limit.
    @Test func inputIsReadUpToTheLimit() throws {
        let dot = Data(("digraph { a -> b }" + String(repeating: " ", count: 200)).utf8)
        let over = try CLI.run(["graph", "--svg", "--input-limit", "100"], stdin: dot)
        expectOneLineError(over, mentions: [["standard input is over 100 bytes"], ["--input-limit"]])
        #expect(over.stdout.isEmpty)
        let journalOnStdin = try CLI.run(["graph", "--dot", "--input-limit", "100"], stdin: try Data(contentsOf: Repo.url(Repo.todo)))
        expectOneLineError(journalOnStdin, mentions: [["over 100 bytes"]])
        expectSuccess(try CLI.run(["graph", Repo.todo, "--dot", "--input-limit", "10"]))
        let atTheLimit = try CLI.run(["graph", "--svg"], stdin: dot)
        expectSuccess(atTheLimit)
        expectWellFormedSVG(atTheLimit.stdout, "graph --svg of piped DOT")
    }

    /// --input-limit takes 1 byte to 16 GiB; anything else, the largest `Int` included
    /// (whose `+ 1` trapped), is a usage error in one line, and nothing is read or written.
    @Test func theInputLimitHasADocumentedRange() throws {
        let dot = Data("digraph { a -> b }".utf8)
        for bad in [String(Int.max), String(Int.max - 1), String((16 << 30) + 1), "0"] {
            let result = try CLI.run(["graph", "--svg", "--input-limit", bad], stdin: dot)
            expectOneLineError(result, status: 64, mentions: [["--input-limit"], ["from 1 to \(16 << 30)"]])
            #expect(result.stdout.isEmpty)
        }
        let largest = try CLI.run(["graph", "--dot", "--input-limit", String(16 << 30)], stdin: dot)
        expectSuccess(largest)
        #expect(largest.out.contains("digraph"))
    }

    /// A layout that would run for minutes (dot on a chain of 200 with fan-out) is stopped at
    /// --timeout, with one line that says what to do; without --layout the size and shape pick
    /// sfdp and it draws at once.
    @Test func aLongLayoutStopsAtTheTimeoutAndSaysWhatToDo() throws {
        var lines = ["digraph G {"]
        for index in 1..<200 { lines += ["n\(index - 1) -> n\(index);", "n0 -> n\(index);"] }
        let dot = Data((lines + ["}"]).joined(separator: "\n").utf8)
        let stopped = try CLI.run(["graph", "--svg", "--layout", "dot", "--timeout", "1"], stdin: dot)
        expectOneLineError(stopped, mentions: [["within 1.0 seconds"], ["--focus"], ["--layout sfdp"], ["--timeout"]])
        let automatic = try CLI.run(["graph", "--svg"], stdin: dot)
        expectSuccess(automatic)
        expectWellFormedSVG(automatic.stdout, "graph --svg of a chain with fan-out")
        for bad in ["0", "-1", "nan", "4000"] {
            expectOneLineError(try CLI.run(["graph", "--svg", "--timeout", bad], stdin: dot), status: 64)
        }
    }

    @Test func invalidDOTIsOneLine() throws {
        let result = try CLI.run(["graph", "--svg"], stdin: Data("digraph { a -> ".utf8))
        expectOneLineError(result, mentions: [["DOT"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func emptyStandardInputIsOneLine() throws {
        for format in ["--svg", "--dot"] {
            let result = try CLI.run(["graph", format])
            expectOneLineError(result)
            #expect(result.stdout.isEmpty)
        }
    }
}

/// A small atom family for the snapshot DOT.
struct PipedCountAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 1 }
}

struct PipedTotalAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(PipedCountAtom()) * 10 }
}

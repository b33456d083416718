import AtomJournal
import Atoms
import Foundation
import Testing

/// A state atom named by the test. Its description is its name, so its id is
/// `HostileAtom(<name>)` with the name verbatim: quotes, backslashes, newlines and markup
/// reach the journal, the DOT and the SVG unchanged.
struct HostileAtom: StateAtom, Hashable, CustomStringConvertible {
    let name: String
    var description: String { name }
    func defaultValue(context: Context) -> String { "" }
}

/// A derived atom, so that the graph has edges between hostile ids.
struct HostileDerivedAtom: ValueAtom, Hashable, CustomStringConvertible {
    let name: String
    let upstream: String
    var description: String { name }
    func value(context: Context) -> String { "derived: " + context.watch(HostileAtom(name: upstream)) }
}

/// Atoms whose whole id is a DOT keyword (an id is its type name when it has no stored
/// properties).
enum DOTKeywordAtoms {
    struct node: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "node [shape=box]" }
    }

    struct edge: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "edge [URL=\"javascript:alert(1)\"]" }
    }

    struct digraph: ValueAtom, Hashable {
        func value(context: Context) -> String { context.watch(node()) + " -> " + context.watch(edge()) }
    }

    struct subgraph: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "subgraph cluster_x { }" }
    }
}

/// Atom names and values built to break out of DOT strings, SVG text or attributes.
@Suite("Injection")
struct InjectionTests {
    /// Names of the state atoms (none ends with `)`, which would make the id rule use only
    /// the part from the first parenthesis).
    static let names = [
        #"quote " and backslash \ and \" and \\"#,
        "line one\nline two\nline three",
        "</text><script>alert(1)</script><text>",
        #"x" onload="alert(2)" y=""#,
        #""]; evil [URL="javascript:alert(3)", label="pwned"]; x [label=""#,
        "digraph { a -> b } subgraph cluster_0 { node [shape=box] } strict graph",
        "&amp; &lt;b&gt; & <b onmouseover=alert(4)>bold</b>",
        #"\N \G \L \l \n \r escapes"#,
        "<<html-like label>>",
        "ünïcödé ☃ and emoji 🚀 ok",
    ]

    /// Values set on the atoms above, in order.
    static let values = [
        "<script>alert('value')</script>",
        "\" onload=\"alert(5)\" x=\"",
        "line\nbreak \\ backslash",
        "javascript:alert(6)",
        "]; node [URL=\"javascript:alert(7)\"]; x [",
        "</svg><svg onload=alert(8)>",
        "&lt;script&gt;",
        "\\\"",
        "{\"json\": \"<img src=x onerror=alert(9)>\"}",
        "plain",
    ]

    static let derivedName = #"derived "quoted" <i>from</i> \ the first"#

    /// Every id the hostile journal holds after its last step.
    static var allIDs: [String] {
        names.map { "HostileAtom(\($0))" }
            + ["HostileDerivedAtom(\(derivedName))", "node", "edge", "digraph", "subgraph"]
    }

    /// Records the hostile journal: watches every atom from a context whose source
    /// location is hostile too, then sets every value. Returns its path.
    @MainActor
    static func recordJournal(in folder: TemporaryDirectory) throws -> URL {
        let url = folder.file("hostile.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let context = root.context(fileID: #"Evil"<script>alert(10)</script>\.swift"#, line: 1)
        for name in names {
            _ = context.watch(HostileAtom(name: name), fileID: #"Evil"<script>alert(10)</script>\.swift"#, line: 1)
        }
        _ = context.watch(HostileDerivedAtom(name: derivedName, upstream: names[0]), fileID: "onload=\"x\".swift", line: 2)
        _ = context.watch(DOTKeywordAtoms.digraph(), fileID: "node.swift", line: 3)
        _ = context.watch(DOTKeywordAtoms.subgraph(), fileID: "graph [URL=\"javascript:x\"].swift", line: 4)
        for (name, value) in zip(names, values) {
            context.set(value, for: HostileAtom(name: name))
        }
        recorder.mark("</text><script>alert('mark')</script>")
        try recorder.close()
        #expect(recorder.lastError == nil)
        withExtendedLifetime(context) {}
        return url
    }

    @Test @MainActor
    func theJournalHoldsEveryHostileIDVerbatim() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.recordJournal(in: folder)
        let stat = try CLI.run(["stat", journal.path, "--json"])
        expectSuccess(stat)
        let perAtom = try #require(try jsonObject(stat.out)["perAtom"] as? [[String: Any]])
        #expect(Set(perAtom.compactMap { $0["id"] as? String }) == Set(Self.allIDs))
        // The state file round-trips the ids and values exactly.
        let state = try CLI.run(["restore", journal.path, "--step", String(try jsonObject(stat.out)["steps"] as? Int ?? 0)])
        expectSuccess(state)
        let file = try AtomStateFile(jsonData: state.stdout)
        for (name, value) in zip(Self.names, Self.values) {
            guard case .value(let fragment)? = file.entries[AtomID("HostileAtom(\(name))")] else {
                Issue.record("no value for HostileAtom(\(name))")
                continue
            }
            #expect(try fragment.decode(String.self) == value)
        }
    }

    @Test(arguments: [["--values"], ["--values", "--changes"], []])
    @MainActor
    func svgIsValidInertAndNamesEveryAtom(options: [String]) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.recordJournal(in: folder)
        let result = try CLI.run(["graph", journal.path, "--svg"] + options)
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        expectInert(svg, raw: result.stdout)
        Self.expectEveryAtomDrawn(svg)
        if options.contains("--values") {
            // Values are drawn as text too (cut at 40 characters, newlines flattened).
            #expect(svg.texts.contains("\"<script>alert('value')</script>\""), "\(svg.texts)")
            #expect(svg.texts.contains("\"javascript:alert(6)\""), "\(svg.texts)")
        }
    }

    @Test @MainActor
    func dotIsValidAndRendersFromStandardInputToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.recordJournal(in: folder)
        let dot = try CLI.run(["graph", journal.path, "--dot", "--values"])
        expectSuccess(dot)
        // Valid DOT: one graph, and Graphviz (through the isolated worker that renders
        // outside DOT) draws it with every atom, inert.
        #expect(dot.out.hasPrefix("digraph atoms {"))
        #expect(dot.out.components(separatedBy: "digraph atoms").count == 2, "an id opened a second graph")
        // Every user string is inside a quoted DOT string: outside them there is only our
        // own syntax, with no HTML-like label and none of the attributes Graphviz does not
        // escape.
        let syntax = Self.outsideQuotedStrings(dot.out)
        #expect(!syntax.contains("<"), "an HTML-like label: \(syntax)")
        for attribute in ["url", "href", "stylesheet", "target", "id="] {
            #expect(!syntax.lowercased().contains(attribute), "\(attribute) outside a quoted string: \(syntax)")
        }
        let statements = syntax.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(statements.first == "digraph atoms {")
        #expect(statements.last == "}")
        #expect(statements.dropFirst().dropLast().allSatisfy { !$0.contains("{") && !$0.contains("}") }, "an id opened or closed a block: \(syntax)")
        let rendered = try CLI.run(["graph", "--svg"], stdin: dot.stdout)
        expectSuccess(rendered)
        let svg = try parseSVG(rendered.stdout)
        expectInert(svg, raw: rendered.stdout)
        // DOT from standard input is DOT from outside: nothing tells that atomscope escaped
        // its text, so each backslash is escaped again and the labels read back to that text.
        Self.expectEveryAtomDrawn(svg, escapedAgain: true)
    }

    @Test @MainActor
    func textCommandsPrintTheIDsAndNeverCrash() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.recordJournal(in: folder)
        for arguments in [["log"], ["log", "--json"], ["replay"], ["diff", "0", "1"], ["diff", "0", "1", "--json"], ["stat"], ["verify"]] {
            let result = try CLI.run([arguments[0], journal.path] + arguments.dropFirst())
            expectSuccess(result)
        }
        for line in try CLI.run(["log", journal.path, "--json"]).outLines {
            _ = try jsonObject(line)
        }
        let atomLog = try CLI.run(["log", journal.path, "--atom", "HostileAtom(x\" onload="])
        expectSuccess(atomLog)
        #expect(atomLog.stepLines.count == 2, "watched, then set: \(atomLog)")
    }

    /// DOT text with the contents of every quoted string removed (the quotes stay, as `""`).
    static func outsideQuotedStrings(_ dot: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        for character in dot {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    result.append(character)
                }
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
        }
        return result
    }

    /// Every atom is drawn: each line of its id is the text of a label line, and its id is
    /// a node's title. With `escapedAgain`, the SVG was drawn from atomscope's DOT read back as
    /// DOT from outside, whose backslashes the sanitizer escapes once more.
    static func expectEveryAtomDrawn(_ svg: ParsedSVG, escapedAgain: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for id in allIDs {
            // Drawn with a backslash as `\\` and other controls as `\u{…}` (dotQuoted).
            var shown = ""
            for scalar in id.unicodeScalars {
                switch scalar {
                case "\\": shown += "\\\\"
                case "\n": shown += "\n"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        shown += "\\u{\(String(scalar.value, radix: 16))}"
                    } else {
                        shown.unicodeScalars.append(scalar)
                    }
                }
            }
            if escapedAgain { shown = shown.replacingOccurrences(of: "\\", with: "\\\\") }
            let lines = shown.components(separatedBy: "\n")
            for line in lines {
                #expect(svg.texts.contains(line), "label line \"\(line)\" of \(id) is not drawn", sourceLocation: sourceLocation)
            }
            // A node's <title> is its DOT id, where a backslash or newline stays escaped.
            if !id.contains("\\"), !id.contains("\n") {
                #expect(svg.titles.contains(id), "\(id) is not a node's title", sourceLocation: sourceLocation)
            }
        }
    }
}

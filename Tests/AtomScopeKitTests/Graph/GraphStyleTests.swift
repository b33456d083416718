import AtomScopeKit
import Testing

@Suite("GraphStyle")
struct GraphStyleTests {
    private let sample = GraphModel(
        nodes: [
            .init(id: "TodosAtom", kind: .state, value: "[{\"text\":\"milk\"}]", changed: true),
            .init(id: "FilteredTodosAtom", kind: .value, value: "[]"),
            .init(id: "App/List.swift:12", kind: .subscriber),
        ],
        edges: [
            .init(from: "TodosAtom", to: "FilteredTodosAtom"),
            .init(from: "FilteredTodosAtom", to: "App/List.swift:12"),
        ]
    )

    @Test func drawsEachKindWithItsShapeAndHighlightsChanges() {
        let dot = GraphStyle().dot(for: sample)
        #expect(dot.hasPrefix("digraph atoms {\n"))
        #expect(dot.contains("\"TodosAtom\" [label=\"TodosAtom\", shape=box"))
        #expect(dot.contains("\"FilteredTodosAtom\" [label=\"FilteredTodosAtom\", shape=ellipse"))
        #expect(dot.contains("\"App/List.swift:12\" [label=\"App/List.swift:12\", shape=note"))
        #expect(dot.contains("\"TodosAtom\" -> \"FilteredTodosAtom\""))
        let changedLine = dot.split(separator: "\n").first { $0.contains("\"TodosAtom\" [") } ?? ""
        #expect(changedLine.contains("penwidth"))
        let unchangedLine = dot.split(separator: "\n").first { $0.contains("\"FilteredTodosAtom\" [") } ?? ""
        #expect(!unchangedLine.contains("penwidth"))
    }

    @Test func aNodeWithALabelIsDrawnWithIt() {
        let graph = GraphModel(
            nodes: [.init(id: "App/List.swift:12 TodoScreen", kind: .subscriber, label: "TodoScreen")],
            edges: []
        )
        #expect(GraphStyle().dot(for: graph).contains("\"App/List.swift:12 TodoScreen\" [label=\"TodoScreen\", shape=note"))
    }

    @Test func isDeterministicWhateverTheInputOrder() {
        var shuffled = sample
        shuffled.nodes.reverse()
        shuffled.edges.reverse()
        #expect(GraphStyle().dot(for: shuffled) == GraphStyle().dot(for: sample))
    }

    @Test func valuesAreShownOnRequestAndTruncated() {
        let style = GraphStyle(showsValues: true, valueLimit: 8)
        let dot = style.dot(for: sample)
        #expect(dot.contains("label=\"TodosAtom\\n[{\\\"text…\""))
        #expect(!GraphStyle().dot(for: sample).contains("milk"))
    }

    @Test func scopesBecomeClustersAndEdgesCarryNoLabels() {
        var graph = sample
        graph.nodes[0].scope = "SearchScope"
        let dot = GraphStyle().dot(for: graph)
        #expect(dot.contains("subgraph \"cluster_0\" {"))
        #expect(dot.contains("label=\"SearchScope\""))
        for line in dot.split(separator: "\n") where line.contains("->") {
            #expect(!line.contains("["))
        }
    }

    @Test func hostileTextStaysInsideQuotedStrings() {
        let hostile = ["a\"] ; x [URL=\"javascript:alert(1)\"", "<script>alert(1)</script>", "back\\slash\\", "line\nbreak", "&lt;b&gt;", "node", "x\u{01}\u{1B}y"]
        let graph = GraphModel(nodes: hostile.map { .init(id: $0, kind: .value, value: $0) }, edges: [.init(from: hostile[0], to: hostile[1])])
        let dot = GraphStyle(showsValues: true).dot(for: graph)
        #expect(!dot.contains("\u{01}") && !dot.contains("\u{1B}"))
        #expect(!dot.contains("URL=\"javascript"))
        // Every statement line is well formed: outside quoted strings only DOT syntax remains.
        for line in dot.split(separator: "\n") {
            let outside = Self.textOutsideQuotes(String(line))
            #expect(!outside.contains("javascript") && !outside.contains("script") && !outside.contains("URL"), "\(line)")
        }
    }

    @Test func focusKeepsTheNeighbourhoodWithinTheDepth() {
        let chain = GraphModel(
            nodes: (0..<6).map { .init(id: "n\($0)", kind: .value) },
            edges: (0..<5).map { .init(from: "n\($0)", to: "n\($0 + 1)") }
        )
        let focused = chain.focused(on: "n2", depth: 1)
        #expect(Set(focused.nodes.map(\.id)) == ["n1", "n2", "n3"])
        #expect(focused.edges.count == 2)
        #expect(chain.focused(on: "n2", depth: 0).nodes.map(\.id) == ["n2"])
        #expect(chain.focused(on: "missing", depth: 3).nodes.isEmpty)
    }

    /// The characters of a DOT line that are not inside double-quoted strings.
    static func textOutsideQuotes(_ line: String) -> String {
        var result = ""
        var inside = false
        var escaped = false
        for character in line {
            if inside {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inside = false }
            } else if character == "\"" {
                inside = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

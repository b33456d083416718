import Atoms
import Foundation

/// Turns a ``GraphModel`` into DOT that Graphviz draws well and that no atom name or value
/// can break.
///
/// Every id and label is quoted and escaped with `dotQuoted(_:)` (`"` and `&` escaped,
/// newlines as DOT's `\n`, other control characters, DEL, U+FFFE and U+FFFF shown as visible
/// escapes such as `\u{1}` and a backslash as `\\`, so that no two names read alike); user
/// text never goes into HTML-like labels or into
/// attributes Graphviz does not escape (`fontname`, `URL`, `href`, `stylesheet`). Edges carry
/// no labels: Graphviz 2.42 crashes when a graph has both clusters and labelled edges.
public struct GraphStyle: Sendable {
    /// Whether node labels include values.
    public var showsValues: Bool
    /// The longest value text shown; longer values are cut with an ellipsis.
    public var valueLimit: Int
    /// Whether nodes that changed at the drawn step are highlighted.
    public var highlightsChanges: Bool

    /// Creates a style.
    public init(showsValues: Bool = false, valueLimit: Int = 40, highlightsChanges: Bool = true) {
        self.showsValues = showsValues
        self.valueLimit = max(1, valueLimit)
        self.highlightsChanges = highlightsChanges
    }

    /// The DOT for a graph, with statements in a stable order.
    public func dot(for graph: GraphModel) -> String {
        var lines = [
            "digraph atoms {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11]",
            "  node [fontname=\"Helvetica\", fontsize=10]",
            "  edge [color=\"#64748b\"]",
        ]
        let nodes = graph.nodes.sorted { ($0.scope ?? "", $0.id) < ($1.scope ?? "", $1.id) }
        var clusterIndex = 0
        var index = 0
        while index < nodes.count {
            let scope = nodes[index].scope
            var end = index
            while end < nodes.count, nodes[end].scope == scope { end += 1 }
            if let scope {
                lines.append("  subgraph \"cluster_\(clusterIndex)\" {")
                lines.append("    label=\(dotQuoted(scope))")
                lines.append("    style=\"rounded,dashed\"")
                lines.append("    color=\"#94a3b8\"")
                for node in nodes[index..<end] {
                    lines.append("    " + statement(for: node))
                }
                lines.append("  }")
                clusterIndex += 1
            } else {
                for node in nodes[index..<end] {
                    lines.append("  " + statement(for: node))
                }
            }
            index = end
        }
        for edge in graph.edges.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
            lines.append("  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func statement(for node: GraphModel.Node) -> String {
        var label = node.label ?? node.id
        if showsValues, let value = node.value {
            label += "\n" + truncated(value)
        }
        var attributes = ["label=\(dotQuoted(label))"]
        switch node.kind {
        case .state:
            attributes += ["shape=box", "style=\"rounded,filled\"", "fillcolor=\"#dbeafe\""]
        case .value:
            attributes += ["shape=ellipse", "style=filled", "fillcolor=\"#dcfce7\""]
        case .async:
            attributes += ["shape=hexagon", "style=filled", "fillcolor=\"#ffedd5\""]
        case .subscriber:
            attributes += ["shape=note", "style=filled", "fillcolor=\"#e5e7eb\""]
        }
        if highlightsChanges, node.changed {
            attributes += ["color=\"#dc2626\"", "penwidth=2.5"]
        }
        return "\(dotQuoted(node.id)) [\(attributes.joined(separator: ", "))]"
    }

    private func truncated(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\n", with: " ")
        guard flat.count > valueLimit else { return flat }
        return String(flat.prefix(valueLimit - 1)) + "…"
    }
}

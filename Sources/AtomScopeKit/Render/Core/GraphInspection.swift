import CGraphviz

/// Questions about a parsed graph, asked before layout (call under the session lock).
enum GraphInspection {
    typealias Graph = UnsafeMutablePointer<Agraph_t>

    /// The engine for `graph`: the one the caller named; otherwise the graph's own `layout`
    /// attribute when it names one of ours; otherwise ``GraphLayout/automatic(nodeCount:)``.
    ///
    /// libgvc lets a graph's `layout` attribute override the engine passed to `gvLayout`, so
    /// when the graph declares that attribute it is set to the chosen engine: the engine that
    /// runs is always the one reported.
    static func chooseLayout(for graph: Graph, requested: GraphLayout?) -> GraphLayout {
        let declared = withMutableCString("layout") { agattr(graph, AGRAPH, $0, nil) } != nil
        let own: GraphLayout? = declared
            ? withMutableCString("layout") { agget(graph, $0) }.flatMap { GraphLayout(rawValue: String(cString: $0)) }
            : nil
        let engine = requested ?? own ?? GraphLayout.automatic(nodeCount: Int(agnnodes(graph)))
        if declared {
            withMutableCString("layout") { name in
                withMutableCString(engine.rawValue) { value in
                    withMutableCString("") { _ = agsafeset(graph, name, value, $0) }
                }
            }
        }
        return engine
    }

    /// Whether the graph has a cluster subgraph (at any depth) and an edge with a label
    /// (`label`, `xlabel`, `headlabel` or `taillabel`): the combination that makes Graphviz
    /// 2.42/2.43's `gvFreeLayout` free a stale pointer after a `dot` layout.
    ///
    /// Deliberately broad: the prefix test ignores case, and the engine is not considered.
    static func hasClusterAndLabelledEdges(_ graph: Graph) -> Bool {
        guard containsCluster(graph) else { return false }
        let symbols = ["label", "xlabel", "headlabel", "taillabel"].compactMap { name in
            withMutableCString(name) { agattr(graph, AGEDGE, $0, nil) }
        }
        guard !symbols.isEmpty else { return false }
        var node = agfstnode(graph)
        while let current = node {
            var edge = agfstout(graph, current)
            while let currentEdge = edge {
                for symbol in symbols {
                    if let value = agxget(currentEdge, symbol), value.pointee != 0 { return true }
                }
                edge = agnxtout(graph, currentEdge)
            }
            node = agnxtnode(graph, current)
        }
        return false
    }

    /// Iterative, so hostile nesting depth cannot overflow the stack.
    private static func containsCluster(_ graph: Graph) -> Bool {
        var pending: [Graph] = [graph]
        while let parent = pending.popLast() {
            var child = agfstsubg(parent)
            while let subgraph = child {
                if let name = agnameof(subgraph), String(cString: name).lowercased().hasPrefix("cluster") {
                    return true
                }
                pending.append(subgraph)
                child = agnxtsubg(subgraph)
            }
        }
        return false
    }

    /// cgraph takes `char *` for names it only reads (or copies into its own string pool).
    private static func withMutableCString<R>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
        var bytes = Array(text.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

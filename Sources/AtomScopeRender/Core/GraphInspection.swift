import CGraphviz

/// Questions about a parsed graph, asked before layout (call under the session lock).
enum GraphInspection {
    typealias Graph = UnsafeMutablePointer<Agraph_t>

    /// The engine for `graph`, with its attributes set: the engine the caller named;
    /// otherwise the graph's own `layout` attribute when it names one of ours (both with
    /// ``GraphLayoutPlan/named(_:)``'s attributes); otherwise
    /// ``GraphLayoutPlan/automatic(for:)`` for the graph's measured ``GraphShape``.
    ///
    /// libgvc lets a graph's `layout` attribute override the engine passed to `gvLayout`, so
    /// when the graph declares that attribute it is set to the chosen engine: the engine that
    /// runs is always the one reported. The plan's other attributes are set only where the
    /// graph gives no value of its own.
    static func chooseLayout(for graph: Graph, requested: GraphLayout?) -> GraphLayout {
        let declared = withMutableCString("layout") { agattr(graph, AGRAPH, $0, nil) } != nil
        let own: GraphLayout? = declared
            ? withMutableCString("layout") { agget(graph, $0) }.flatMap { GraphLayout(rawValue: String(cString: $0)) }
            : nil
        let plan = (requested ?? own).map(GraphLayoutPlan.named) ?? GraphLayoutPlan.automatic(for: shape(of: graph))
        if declared {
            set("layout", to: plan.layout.rawValue, in: graph)
        }
        // In name order: cgraph writes declared attributes in declaration order (`-Tdot`),
        // and a dictionary's order changes from run to run.
        for (name, value) in plan.attributes.sorted(by: { $0.key < $1.key }) where !hasValue(name, in: graph) {
            set(name, to: value, in: graph)
        }
        return plan.layout
    }

    /// The graph's size and the shape of its ranks: nodes, edges, and a longest-path ranking
    /// (after dropping the edges that close cycles, as `dot` reverses them) with, for every
    /// edge, the ranks it spans minus one summed into the virtual nodes. `dot` ranks by
    /// network simplex, which minimizes the total edge span, so the virtual count is an upper
    /// bound. O(nodes + edges), iterative.
    static func shape(of graph: Graph) -> GraphShape {
        typealias Node = UnsafeMutablePointer<Agnode_t>
        var index: [Node: Int] = [:]
        var nodes: [Node] = []
        var current = agfstnode(graph)
        while let node = current {
            index[node] = nodes.count
            nodes.append(node)
            current = agnxtnode(graph, node)
        }
        var successors = [[Int]](repeating: [], count: nodes.count)
        var edges: [(tail: Int, head: Int)] = []
        for (tail, node) in nodes.enumerated() {
            var edge = agfstout(graph, node)
            while let out = edge {
                // `agfstout`/`agnxtout` return the out-half of an edge, whose `node` is the
                // head (what cgraph's `aghead` macro, not visible to Swift, reads).
                if let headNode = out.pointee.node, let head = index[headNode] {
                    successors[tail].append(head)
                    edges.append((tail, head))
                }
                edge = agnxtout(graph, out)
            }
        }

        // Depth-first post-order, ignoring edges back into the current path (cycle closers).
        enum Mark { case unseen, onPath, done }
        var marks = [Mark](repeating: .unseen, count: nodes.count)
        var postOrder: [Int] = []
        postOrder.reserveCapacity(nodes.count)
        var acyclic = [[Int]](repeating: [], count: nodes.count)
        for root in nodes.indices where marks[root] == .unseen {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            marks[root] = .onPath
            while let top = stack.last {
                let successorsOfTop = successors[top.node]
                if top.next < successorsOfTop.count {
                    stack[stack.count - 1].next += 1
                    let successor = successorsOfTop[top.next]
                    switch marks[successor] {
                    case .onPath: continue
                    case .done: acyclic[top.node].append(successor)
                    case .unseen:
                        acyclic[top.node].append(successor)
                        marks[successor] = .onPath
                        stack.append((successor, 0))
                    }
                } else {
                    marks[top.node] = .done
                    postOrder.append(top.node)
                    stack.removeLast()
                }
            }
        }
        var rank = [Int](repeating: 0, count: nodes.count)
        for node in postOrder.reversed() {
            for successor in acyclic[node] where rank[successor] < rank[node] + 1 {
                rank[successor] = rank[node] + 1
            }
        }
        var virtual = 0
        for edge in edges {
            virtual &+= max(0, abs(rank[edge.head] - rank[edge.tail]) - 1)
        }
        return GraphShape(
            nodeCount: nodes.count,
            edgeCount: edges.count,
            rankCount: nodes.isEmpty ? 0 : (rank.max() ?? 0) + 1,
            virtualNodeCount: virtual
        )
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

    /// Whether the graph itself gives attribute `name` a value (not empty).
    private static func hasValue(_ name: String, in graph: Graph) -> Bool {
        guard withMutableCString(name, { agattr(graph, AGRAPH, $0, nil) }) != nil,
              let value = withMutableCString(name, { agget(graph, $0) }) else { return false }
        return value.pointee != 0
    }

    /// Sets graph attribute `name` on the root graph, declaring it (default empty) if needed.
    private static func set(_ name: String, to value: String, in graph: Graph) {
        withMutableCString(name) { name in
            withMutableCString(value) { value in
                withMutableCString("") { _ = agsafeset(graph, name, value, $0) }
            }
        }
    }

    /// cgraph takes `char *` for names it only reads (or copies into its own string pool).
    private static func withMutableCString<R>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
        var bytes = Array(text.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

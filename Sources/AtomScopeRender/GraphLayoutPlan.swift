/// How a graph is laid out: an engine, and the graph attributes atomscope sets for it.
///
/// The attributes are set only where the graph does not set them itself, so DOT from outside
/// keeps its own `nslimit` or `overlap`.
///
/// Without a named engine, ``automatic(for:)`` picks one from the graph's ``GraphShape``:
/// `dot`, whose layered drawing is the readable one, for as much as `dot` lays out in a
/// couple of seconds, first with Graphviz's defaults and then with limits on its work; `sfdp`
/// beyond.
public struct GraphLayoutPlan: Sendable, Hashable {
    /// The engine.
    public var layout: GraphLayout
    /// Graph attributes (name to value) set before layout where the graph sets none.
    public var attributes: [String: String]

    /// Creates a plan.
    public init(layout: GraphLayout, attributes: [String: String] = [:]) {
        self.layout = layout
        self.attributes = attributes
    }

    /// The plan for an engine the user named (`--layout`, or the graph's own `layout`
    /// attribute): the engine as Graphviz runs it, with no limits on its work, except that
    /// ``GraphLayout/sfdp`` always gets ``sfdpAttributes``, without which its nodes pile up.
    public static func named(_ layout: GraphLayout) -> GraphLayoutPlan {
        GraphLayoutPlan(layout: layout, attributes: layout == .sfdp ? sfdpAttributes : [:])
    }

    /// The plan for a graph of this shape when the user named no engine: the first row of
    /// ``dotTiers`` whose bounds the shape stays within, otherwise ``GraphLayout/sfdp`` with
    /// ``sfdpAttributes``.
    ///
    /// Measured with Graphviz 2.43 on this project's machine (2 cores, shared with other
    /// builds: load average 5 to 6, so an idle machine takes about half), `dot -Tsvg` and
    /// `sfdp -Tsvg` with each row's attributes, in seconds; "+ virtual" is
    /// ``GraphShape/virtualNodeCount``, and the bold figure is the automatic choice:
    ///
    /// | graph                                 | nodes |  edges | + virtual |      dot | moderate |   strong |     sfdp |
    /// |---------------------------------------|------:|-------:|----------:|---------:|---------:|---------:|---------:|
    /// | ExampleLargeApp, 300 atoms             |   326 |    766 |     1,420 | **0.13** |     0.10 |     0.08 |     0.08 |
    /// | ExampleLargeApp, 1,000 atoms           | 1,087 |  2,676 |     5,908 |     2.58 | **1.43** |     0.99 |     0.49 |
    /// | ExampleLargeApp, 1,500 atoms           | 1,631 |  4,003 |     9,485 |     5.67 |     2.49 | **2.08** |     0.77 |
    /// | ExampleLargeApp, 2,000 atoms           | 2,176 |  5,323 |    12,908 |     9.24 |     5.30 | **2.53** |     0.61 |
    /// | ExampleLargeApp, 3,000 atoms           | 3,266 |  8,010 |    19,215 |      >20 |     15.4 |     5.54 | **1.03** |
    /// | chain of 200, fan-out from its root    |   200 |    299 |     9,900 |      >20 |     0.42 | **0.35** |     0.06 |
    /// | chain of 300, fan-out from its root    |   300 |    449 |    22,350 |      >20 |     16.1 |     2.24 | **0.06** |
    /// | 200 nodes, 8 random upstreams each     |   200 |  1,475 |    14,166 |      >20 |     13.7 | **3.05** |     0.09 |
    /// | 3,000 nodes, 2 upstreams each, 9 ranks | 3,000 |  5,995 |        20 |     2.46 |     2.22 |     1.78 | **0.90** |
    /// | 141 × 141, every node to every node    |   282 | 19,881 |         0 |     6.51 |     7.49 |     9.50 | **0.24** |
    ///
    /// The limits cut `dot`'s network simplex (`nslimit`, `nslimit1`: iterations per node) and
    /// crossing minimization (`mclimit`) short: ranks and order stay, edges are a little less
    /// straight and cross a little more (on the 1,000-atom app, 38,260 crossings with the
    /// moderate limits and 42,955 with the strong ones, where the defaults leave 36,550). A
    /// chain with fan-out, which keeps unlimited `dot` busy for minutes, takes a third of a
    /// second with them.
    public static func automatic(for shape: GraphShape) -> GraphLayoutPlan {
        guard let tier = dotTier(for: shape) else {
            return GraphLayoutPlan(layout: .sfdp, attributes: sfdpAttributes)
        }
        return GraphLayoutPlan(layout: .dot, attributes: dotTiers[tier].attributes)
    }

    /// The position in ``dotTiers`` of the row ``automatic(for:)`` picks for a graph of this
    /// shape, or `nil` when it picks ``GraphLayout/sfdp``.
    public static func dotTier(for shape: GraphShape) -> Int? {
        dotTiers.firstIndex { $0.admits(shape) }
    }

    /// One row of the automatic choice: the largest graph `dot` lays out with these
    /// attributes.
    public struct DotTier: Sendable, Hashable {
        /// The most placed nodes (``GraphShape/placedNodeCount``).
        public var placedNodes: Int
        /// The most edges: `dot`'s edge routing grows faster than linearly with them.
        public var edges: Int
        /// The most nodes of the graph's own.
        public var nodes: Int
        /// The graph attributes `dot` runs with.
        public var attributes: [String: String]

        /// Whether a graph of `shape` stays within every bound.
        public func admits(_ shape: GraphShape) -> Bool {
            shape.placedNodeCount <= placedNodes && shape.edgeCount <= edges && shape.nodeCount <= nodes
        }
    }

    /// The automatic choice's `dot` rows, smallest first: Graphviz's defaults; moderate limits
    /// (about half of `dot`'s time, 5% more crossings); strong limits (about a third, 18% more
    /// crossings). Each row's bounds keep the graphs it takes at about 3 s or
    /// less on the measured machine under load. The node bound stays at 2,500 because `dot`'s
    /// cost grows with its own nodes even without virtual ones (4,000 nodes in 9 ranks took
    /// 4.9 s with moderate limits, 3.7 s with strong ones).
    public static let dotTiers: [DotTier] = [
        DotTier(placedNodes: 2_500, edges: 2_500, nodes: 2_500, attributes: [:]),
        DotTier(placedNodes: 8_000, edges: 8_000, nodes: 2_500, attributes: ["mclimit": "0.5", "nslimit": "1", "nslimit1": "1"]),
        DotTier(placedNodes: 16_000, edges: 8_000, nodes: 2_500, attributes: ["mclimit": "0.2", "nslimit": "0.5", "nslimit1": "0.5", "searchsize": "10"]),
    ]

    /// How `sfdp` draws: node overlaps removed (`prism`, at most 20 rounds: on a 5,000-atom
    /// graph Graphviz's default of 1,000 rounds took 10 s more to move the last few nodes, and
    /// `sfdp`'s own default leaves 140,000 pairs of nodes on top of each other), 48 points
    /// kept around every node so that 20 rounds leave almost none touching, straight edges
    /// (routing splines around thousands of nodes costs more than the layout), and edges drawn
    /// before nodes so that no edge crosses a label.
    public static let sfdpAttributes = ["overlap": "prism20", "sep": "+48", "splines": "false", "outputorder": "edgesfirst"]
}

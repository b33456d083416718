/// A Graphviz layout engine used by ``GraphRenderer``.
///
/// The raw value is Graphviz's engine name. When none is named, the engine and its settings
/// come from the graph's size and shape: ``GraphLayoutPlan/automatic(for:)``.
public enum GraphLayout: String, Sendable, CaseIterable, Hashable {
    /// Hierarchical layout: the clearest for dependency graphs, but super-linear in size.
    case dot
    /// Scalable force-directed layout: the only choice for thousands of nodes.
    case sfdp
    /// Spring-model layout.
    case neato

    /// Parses an engine name such as `dot` (case-insensitive).
    public init(name: String) throws(GraphRenderError) {
        guard let layout = GraphLayout(rawValue: name.lowercased()) else {
            throw .unknownLayout(name)
        }
        self = layout
    }
}

/// An output format of a graph: what `atomscope graph` and the REPL write, and what the
/// renderer (`AtomScopeRender`) draws.
///
/// The raw value is Graphviz's `-T` name. SVG, `dot` and `plain` come from Graphviz's core
/// plugin; PNG and PDF from its cairo/pango plugin.
public enum GraphFormat: String, Sendable, CaseIterable, Hashable {
    /// SVG (Graphviz's core SVG renderer, the same one `dot -Tsvg` uses).
    case svg
    /// PNG through cairo.
    case png
    /// PDF through cairo.
    case pdf
    /// The input graph as DOT, with the layout written into `pos`, `bb`, … attributes.
    case dot
    /// Graphviz's line-oriented `plain` layout description.
    case plain

    /// Whether the output is text (UTF-8) rather than binary.
    public var isText: Bool {
        switch self {
        case .svg, .dot, .plain: true
        case .png, .pdf: false
        }
    }
}

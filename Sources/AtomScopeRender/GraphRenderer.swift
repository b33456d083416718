import AtomScopeKit
import Foundation

/// Renders DOT text to SVG, PNG, PDF (or laid-out DOT and `plain`) with Graphviz's libgvc:
/// in this process with ``render(dot:format:layout:)``, or in a worker process with
/// `renderIsolated`, which `atomscope` uses for every layout.
///
/// All renderers share the process's one Graphviz context and one lock: libgvc is not
/// thread-safe, so concurrent calls from any number of threads or tasks are serialized, and
/// each call blocks its thread until its own render is done.
///
/// Use ``render(dot:format:layout:)`` for DOT this project wrote (escaped with
/// `dotQuoted(_:)`), and ``renderIsolated(dot:format:layout:timeout:executable:textEscaping:waiting:)`` for DOT
/// from outside (a file, stdin): Graphviz 2.42/2.43 can abort or run for minutes on
/// some inputs, and there that costs a worker process, not the caller.
///
/// Graphviz's messages are never printed: warnings come back in
/// ``RenderedGraph/warnings`` and errors as ``GraphRenderError``.
public struct GraphRenderer: Sendable {
    /// How long ``renderIsolated(dot:format:layout:timeout:executable:textEscaping:waiting:)`` waits by default.
    public static let defaultIsolationTimeout: Duration = .seconds(60)

    public init() {}

    /// Renders `dot` in this process.
    ///
    /// - Parameters:
    ///   - dot: a DOT graph (only the first graph is read).
    ///   - format: the output format.
    ///   - layout: the engine; `nil` uses the graph's own `layout` attribute when it names
    ///     one of ``GraphLayout``'s engines, otherwise the engine and limits of
    ///     ``GraphLayoutPlan/automatic(for:)`` for the graph's shape. A named engine overrides
    ///     the graph's `layout` attribute and runs as ``GraphLayoutPlan/named(_:)`` says.
    public func render(dot: String, format: GraphFormat, layout: GraphLayout? = nil) throws(GraphRenderError) -> RenderedGraph {
        try GraphvizSession.shared.render(dot: dot.utf8, format: format, layout: layout)
    }

    /// Parses `dot` in this process and measures what the automatic layout choice looks at;
    /// `GraphLayoutPlan.automatic(for: shape)` is then the plan a render without a named
    /// engine follows. For DOT this project wrote, as ``render(dot:format:layout:)``.
    public func measure(dot: String) throws(GraphRenderError) -> GraphShape {
        try GraphvizSession.shared.measure(dot: dot.utf8)
    }
}

import AtomScopeKit
import CGraphviz
import Foundation
import Synchronization

/// The process's one libgvc context, and the one lock around every libgvc call.
///
/// libgvc is not thread-safe: its DOT parser, its error state and the context's job list are
/// process-global. Every call into libgvc/cgraph in this module happens inside
/// `state.withLock` below (the worker renders through here too). The context is created on first use and never freed: a context
/// per render leaks and then corrupts the pango plugin (measured with Graphviz 2.42/2.43).
///
/// `Sendable` without `@unchecked`: the only stored property is a `Mutex`, and the C pointers
/// never leave its critical section.
final class GraphvizSession: Sendable {
    static let shared = GraphvizSession()

    private struct State {
        var context: OpaquePointer?
        var startupFailure: GraphRenderError?
        var textLayoutFailure: String?
    }

    private let state = Mutex(State())

    private init() {}

    /// Parses, lays out and renders `dot` (UTF-8 bytes) while holding the lock.
    func render(dot: some Collection<UInt8>, format: GraphFormat, layout: GraphLayout?) throws(GraphRenderError) -> RenderedGraph {
        let input = try Self.terminated(dot)
        return try state.withLock { (state) throws(GraphRenderError) -> RenderedGraph in
            let context = try Self.context(in: &state)
            if !format.isRenderedByCore, let reason = state.textLayoutFailure {
                throw .renderFailed(message: "\(format.rawValue.uppercased()) needs Graphviz's cairo/pango plugin, which did not load: \(reason)")
            }
            return try Self.render(input, format: format, layout: layout, context: context)
        }
    }

    /// Parses `dot` (UTF-8 bytes) and measures its ``GraphShape`` while holding the lock.
    func measure(dot: some Collection<UInt8>) throws(GraphRenderError) -> GraphShape {
        let input = try Self.terminated(dot)
        return try state.withLock { (state) throws(GraphRenderError) -> GraphShape in
            _ = try Self.context(in: &state)
            GraphvizDiagnostics.reset()
            _ = agreseterrors()
            let graph = try Self.parse(input)
            defer { agclose(graph) }
            _ = GraphvizDiagnostics.take()
            return GraphInspection.shape(of: graph)
        }
    }

    /// The DOT bytes with the NUL that cgraph's parser needs at the end; a NUL inside would
    /// silently cut the graph short, so it is an error.
    private static func terminated(_ dot: some Collection<UInt8>) throws(GraphRenderError) -> [UInt8] {
        var text = Array(dot)
        guard !text.contains(0) else {
            throw .invalidDOT(message: "the input contains a NUL byte")
        }
        text.append(0)
        return text
    }

    // MARK: - Under the lock

    private static func context(in state: inout State) throws(GraphRenderError) -> OpaquePointer {
        if let context = state.context { return context }
        if let failure = state.startupFailure { throw failure }
        GraphvizDiagnostics.install()
        do throws(GraphRenderError) {
            let plugins = try GraphvizPlugins.load()
            GraphvizDiagnostics.reset()
            guard let context = gvContextPlugins(plugins.symbols, 0) else {
                let messages = GraphvizDiagnostics.take()
                throw .pluginsUnavailable(message: messages.errorText(or: "gvContextPlugins returned no context"))
            }
            _ = GraphvizDiagnostics.take()
            state.context = context
            state.textLayoutFailure = plugins.textLayoutFailure
            return context
        } catch {
            state.startupFailure = error
            throw error
        }
    }

    /// Parses NUL-terminated DOT under the lock, after the caller reset the diagnostics and
    /// cgraph's error count; a graph with syntax errors is closed and reported.
    private static func parse(_ input: [UInt8]) throws(GraphRenderError) -> UnsafeMutablePointer<Agraph_t> {
        let parsed = input.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { agmemread($0) }
        }
        guard let graph = parsed else {
            let messages = GraphvizDiagnostics.take()
            throw .invalidDOT(message: messages.errorText(or: "no graph found in the input"))
        }
        if agerrors() > 0 {
            let messages = GraphvizDiagnostics.take()
            agclose(graph)
            throw .invalidDOT(message: messages.errorText(or: "the DOT text has errors"))
        }
        return graph
    }

    /// `input` is NUL-terminated.
    private static func render(_ input: [UInt8], format: GraphFormat, layout requested: GraphLayout?, context: OpaquePointer) throws(GraphRenderError) -> RenderedGraph {
        GraphvizDiagnostics.reset()
        _ = agreseterrors()
        let graph = try parse(input)

        let engine = GraphInspection.chooseLayout(for: graph, requested: requested)
        // Graphviz 2.42/2.43: after `dot` lays out a graph with a cluster and labelled edges,
        // gvFreeLayout frees a pointer that flat-edge processing reallocated, and the next
        // render aborts the process. For such a graph we skip gvFreeLayout (agclose alone is
        // clean under valgrind) and leak its layout data instead of crashing.
        let freesLayout = !GraphInspection.hasClusterAndLabelledEdges(graph)

        guard gvLayout(context, graph, engine.rawValue) == 0 else {
            let messages = GraphvizDiagnostics.take()
            agclose(graph)
            throw .layoutFailed(message: messages.errorText(or: "the \(engine.rawValue) layout engine failed"))
        }

        var result: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format.rawValue, &result, &length)
        var data = Data()
        if let result {
            if status == 0 { data = Data(bytes: result, count: Int(length)) }
            gvFreeRenderData(result)
        }
        if freesLayout { _ = gvFreeLayout(context, graph) }
        agclose(graph)

        let messages = GraphvizDiagnostics.take()
        guard status == 0 else {
            throw .renderFailed(message: messages.errorText(or: "Graphviz could not render \(format.rawValue)"))
        }
        return RenderedGraph(data: data, format: format, layout: engine, warnings: messages.warnings + messages.errors)
    }
}

extension GraphFormat {
    /// Rendered by Graphviz's core plugin (the others need cairo/pango).
    fileprivate var isRenderedByCore: Bool {
        switch self {
        case .svg, .dot, .plain: true
        case .png, .pdf: false
        }
    }
}

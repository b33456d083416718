import AtomScopeKit
import Foundation

/// The result of rendering a graph: the bytes plus what Graphviz said on the way.
public struct RenderedGraph: Sendable, Hashable {
    /// The rendered document (UTF-8 text for SVG, `dot` and `plain`; binary for PNG and PDF).
    public var data: Data
    /// The format of ``data``.
    public var format: GraphFormat
    /// The engine that laid the graph out (the automatic choice when none was named).
    public var layout: GraphLayout
    /// Graphviz's warnings (for example an unknown colour or shape), one message per element,
    /// without the `Warning: ` prefix. Graphviz never prints them itself.
    public var warnings: [String]

    public init(data: Data, format: GraphFormat, layout: GraphLayout, warnings: [String] = []) {
        self.data = data
        self.format = format
        self.layout = layout
        self.warnings = warnings
    }

    /// ``data`` decoded as UTF-8 (meaningful for the text formats).
    public var text: String {
        String(decoding: data, as: UTF8.self)
    }
}

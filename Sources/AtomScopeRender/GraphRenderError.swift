import AtomScopeKit

/// Why a graph could not be rendered.
///
/// Every message Graphviz produced is captured (never printed) and carried in the case it
/// explains, without Graphviz's `Error: ` prefix.
public enum GraphRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The DOT text did not parse (or held no graph). `message` is Graphviz's, for example
    /// `syntax error in line 1 near ';'`.
    case invalidDOT(message: String)
    /// No such output format (see ``GraphFormat``).
    case unknownFormat(String)
    /// No such layout engine (see ``GraphLayout``).
    case unknownLayout(String)
    /// The layout engine gave up (for example a `layout` attribute naming an unknown engine).
    case layoutFailed(message: String)
    /// The renderer gave up after a successful layout.
    case renderFailed(message: String)
    /// Graphviz's plugins could not be loaded, so nothing can be rendered.
    case pluginsUnavailable(message: String)
    /// SVG that ``SVGSanitizer`` refused because it is not well-formed enough to clean safely.
    case unsafeSVG(reason: String)
    /// The worker process could not be started.
    case workerLaunchFailed(message: String)
    /// The worker process died from a signal (for example Graphviz aborting on a corrupt heap).
    case workerCrashed(signal: Int32, message: String)
    /// The worker process did not finish in time and was killed.
    case workerTimedOut(after: Duration)
    /// The worker process failed without a message this library understands.
    case workerFailed(status: Int32, message: String)

    /// One line, suitable for `error: …` on stderr.
    public var description: String {
        let text: String = switch self {
        case .invalidDOT(let message):
            "invalid DOT: \(message)"
        case .unknownFormat(let name):
            "unknown format '\(name)' (use one of: \(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownLayout(let name):
            "unknown layout '\(name)' (use one of: \(GraphLayout.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .layoutFailed(let message):
            "layout failed: \(message)"
        case .renderFailed(let message):
            "rendering failed: \(message)"
        case .pluginsUnavailable(let message):
            "Graphviz plugins unavailable: \(message)"
        case .unsafeSVG(let reason):
            "refusing unsafe SVG: \(reason)"
        case .workerLaunchFailed(let message):
            "could not start the render worker: \(message)"
        case .workerCrashed(let signal, let message):
            "the render worker crashed (signal \(signal))" + (message.isEmpty ? "" : ": \(message)")
        case .workerTimedOut(let duration):
            "the layout did not finish within \(duration) and was stopped; draw fewer atoms "
                + "(atomscope graph --focus ATOM --depth N), a faster layout (--layout sfdp), or allow more time (--timeout SECONDS)"
        case .workerFailed(let status, let message):
            "the render worker failed (exit status \(status))" + (message.isEmpty ? "" : ": \(message)")
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    }
}

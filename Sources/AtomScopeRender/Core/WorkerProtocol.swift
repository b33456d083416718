import AtomScopeKit

/// What the render worker writes on stderr besides nothing: one line per fact, each starting
/// with ``prefix``, so the parent can rebuild a ``RenderedGraph`` or a typed
/// ``GraphRenderError`` from it. Messages are escaped onto one line (`\\`, `\n`, `\r`).
///
///     atomscope-render layout sfdp
///     atomscope-render warning <message>
///     atomscope-render error <kind> <message>
enum WorkerProtocol {
    static let prefix = "atomscope-render "

    /// Exit statuses of the worker.
    static let success: Int32 = 0
    static let renderFailure: Int32 = 1
    static let usageFailure: Int32 = 2

    /// The arguments that follow ``GraphRenderWorker/commandName``.
    static func arguments(format: GraphFormat, layout: GraphLayout?) -> [String] {
        [format.rawValue, layout?.rawValue ?? "auto"]
    }

    static func layoutLine(_ layout: GraphLayout) -> String {
        prefix + "layout " + layout.rawValue + "\n"
    }

    static func warningLine(_ message: String) -> String {
        prefix + "warning " + escape(message) + "\n"
    }

    static func errorLine(_ error: GraphRenderError) -> String {
        let (kind, message): (String, String) = switch error {
        case .invalidDOT(let message): ("invalid-dot", message)
        case .unknownFormat(let name): ("unknown-format", name)
        case .unknownLayout(let name): ("unknown-layout", name)
        case .layoutFailed(let message): ("layout-failed", message)
        case .renderFailed(let message): ("render-failed", message)
        case .pluginsUnavailable(let message): ("plugins-unavailable", message)
        default: ("failed", error.description)
        }
        return prefix + "error " + kind + " " + escape(message) + "\n"
    }

    struct Report: Equatable {
        var layout: GraphLayout?
        var warnings: [String] = []
        var error: GraphRenderError?
        /// Lines that are not part of the protocol (for example a crash message).
        var otherText: String = ""
    }

    static func parse(_ text: String) -> Report {
        var report = Report()
        var other: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard line.hasPrefix(prefix) else {
                other.append(line)
                continue
            }
            let body = line.dropFirst(prefix.count)
            let (word, rest) = splitWord(body)
            switch word {
            case "layout":
                report.layout = GraphLayout(rawValue: String(rest))
            case "warning":
                report.warnings.append(unescape(rest))
            case "error":
                let (kind, message) = splitWord(rest)
                report.error = decodeError(kind: kind, message: unescape(message))
            default:
                other.append(line)
            }
        }
        report.otherText = other.joined(separator: "\n")
        return report
    }

    private static func decodeError(kind: Substring, message: String) -> GraphRenderError {
        switch kind {
        case "invalid-dot": .invalidDOT(message: message)
        case "unknown-format": .unknownFormat(message)
        case "unknown-layout": .unknownLayout(message)
        case "layout-failed": .layoutFailed(message: message)
        case "render-failed": .renderFailed(message: message)
        case "plugins-unavailable": .pluginsUnavailable(message: message)
        default: .workerFailed(status: renderFailure, message: message)
        }
    }

    private static func splitWord(_ text: Substring) -> (Substring, Substring) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (text[..<space], text[text.index(after: space)...])
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    static func unescape(_ text: Substring) -> String {
        var result = ""
        var escaping = false
        for character in text.unicodeScalars {
            if escaping {
                switch character {
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

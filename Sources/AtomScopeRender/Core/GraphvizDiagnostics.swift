import CGraphviz
import Synchronization

/// What Graphviz said during one render, split into messages by level.
struct GraphvizMessages: Sendable, Equatable {
    var errors: [String] = []
    var warnings: [String] = []

    /// The errors as one text, or `fallback` when Graphviz said nothing.
    func errorText(or fallback: String) -> String {
        errors.isEmpty ? fallback : errors.joined(separator: "\n")
    }
}

/// Receives Graphviz's messages through `agseterrf` instead of letting cgraph print them.
///
/// cgraph (2.42/2.43) delivers one message as several calls of the handler: the level
/// (`"Error"` or `"Warning"`), then `": "`, then the formatted text, which may itself be split
/// when a continuation (`AGPREV`) follows. The pieces are accumulated here and split into
/// messages by ``take()``.
enum GraphvizDiagnostics {
    /// The pieces received since the last ``take()``.
    ///
    /// Graphviz calls the handler only from inside libgvc calls, and those only happen while
    /// ``GraphvizSession``'s lock is held, so this lock is never contended; it is here so the
    /// C callback (which cannot capture context) touches shared state safely by construction.
    /// Lock order: session lock, then this one; never the reverse.
    private static let pieces = Mutex<[String]>([])

    /// Routes every cgraph message to this type. Idempotent; call under the session lock.
    static func install() {
        _ = agseterr(AGWARN)
        _ = agseterrf { piece in
            guard let piece else { return 0 }
            let text = String(cString: piece)
            GraphvizDiagnostics.pieces.withLock { $0.append(text) }
            return 0
        }
    }

    /// Forgets everything received so far.
    static func reset() {
        pieces.withLock { $0.removeAll(keepingCapacity: true) }
    }

    /// Returns the messages received since the last call (or ``reset()``) and forgets them.
    static func take() -> GraphvizMessages {
        let received = pieces.withLock { pieces in
            defer { pieces.removeAll(keepingCapacity: true) }
            return pieces
        }
        return split(received)
    }

    /// Splits handler pieces into messages: a piece that is exactly `Error` or `Warning`
    /// followed by a piece `": "` opens a message; any other piece continues the open one.
    static func split(_ pieces: [String]) -> GraphvizMessages {
        var messages = GraphvizMessages()
        var current: (isError: Bool, text: String)?

        func flush() {
            guard let open = current else { return }
            let text = open.text.trimmingTrailingNewlines()
            if !text.isEmpty {
                if open.isError { messages.errors.append(text) } else { messages.warnings.append(text) }
            }
            current = nil
        }

        var index = pieces.startIndex
        while index < pieces.endIndex {
            let piece = pieces[index]
            let next = pieces.index(after: index)
            if piece == "Error" || piece == "Warning", next < pieces.endIndex, pieces[next] == ": " {
                flush()
                current = (piece == "Error", "")
                index = pieces.index(after: next)
                continue
            }
            if current == nil { current = (false, "") }
            current!.text += piece
            index = next
        }
        flush()
        return messages
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last.isNewline || last == " " { result.removeLast() }
        return String(result)
    }
}

import AtomJournal
import Foundation

/// The REPL's engine: a cursor over a ``Timeline`` that turns each command line into text.
/// It knows nothing of terminals; the CLI feeds it lines and prints what it returns.
public final class ReplSession {
    /// What one line produced.
    public struct Result: Equatable, Sendable {
        /// The text to print (may be empty).
        public var text: String
        /// Whether the user asked to leave.
        public var quits: Bool
        /// Whether the line failed (the text says why).
        public var failed: Bool
    }

    /// Draws DOT into a format; the CLI passes the in-process renderer.
    public typealias Renderer = (_ dot: String, _ format: GraphFormat) throws -> Data

    /// The journal being explored.
    public let timeline: Timeline
    /// The current step: 0 (before the first step) to the last step.
    public private(set) var current = 0
    private var bookmarks: [(name: String, step: Int)] = []
    private let formatter: StepFormatter
    private let render: Renderer

    /// Starts at step 0, the state before the first step.
    public init(timeline: Timeline, style: TextStyle = TextStyle(colored: false), render: @escaping Renderer) {
        self.timeline = timeline
        formatter = StepFormatter(style: style)
        self.render = render
    }

    /// The prompt, showing where the cursor is.
    public var prompt: String { "atomscope \(current)/\(timeline.stepCount)> " }

    /// What the REPL says when it starts.
    public var introduction: String {
        "\(line(timeline.path)): \(timeline.stepCount) steps, \(timeline.atomIDs.count) atoms, \(timeline.ending). "
            + "At step 0 (before the first step). Type help for commands."
    }

    /// Runs one line.
    public func execute(_ line: String) -> Result {
        do {
            let command = try ReplCommand(parsing: line)
            if command == .quit { return Result(text: "", quits: true, failed: false) }
            return Result(text: try run(command), quits: false, failed: false)
        } catch let error as ReplParseError {
            return Result(text: "error: \(error.description)", quits: false, failed: true)
        } catch let error as any Error & CustomStringConvertible {
            return Result(text: "error: \(error.description)", quits: false, failed: true)
        } catch {
            return Result(text: "error: \(error)", quits: false, failed: true)
        }
    }

    /// Completion candidates for the word being typed: command words first, atom ids after a
    /// command that takes one, mark names after `goto`.
    ///
    /// An id or a mark that holds a character that could drive the terminal, a line break or
    /// a tab is left out: libedit prints the list of matches as it is, and an escaped form
    /// would complete to text that names nothing. Such an atom is still reached by typing an
    /// unambiguous part of its id.
    public func completions(line: String, word: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        let typingFirstWord = words.isEmpty || (words.count == 1 && !line.hasSuffix(" "))
        if typingFirstWord { return ReplCommand.words.filter { $0.hasPrefix(word) } }
        let command = String(words[0])
        let candidates: [String]
        if ReplCommand.atomCommands.contains(command) {
            candidates = timeline.atomIDs(completing: word)
        } else if command == "goto" {
            candidates = (timeline.marks.map(\.label) + bookmarks.map(\.name)).filter { $0.hasPrefix(word) }
        } else {
            candidates = []
        }
        return candidates.filter(Self.isPrintable)
    }

    /// Whether a candidate can be shown raw on one line of a terminal.
    private static func isPrintable(_ candidate: String) -> Bool {
        !candidate.unicodeScalars.contains { TerminalText.isDangerous($0) || $0 == "\n" || $0 == "\t" }
    }

    private func run(_ command: ReplCommand) throws -> String {
        switch command {
        case .next(let count):
            guard current < timeline.stepCount else { return "already at the last step (\(timeline.stepCount))" }
            // Compared before adding: `next 9223372036854775807` would overflow the sum.
            return try move(to: count >= timeline.stepCount - current ? timeline.stepCount : current + count)
        case .previous(let count):
            guard current > 0 else { return "already at step 0, before the first step" }
            return try move(to: count >= current ? 0 : current - count)
        case .goto(.step(let step)):
            guard timeline.stateRange.contains(step) else {
                throw AtomScopeError.stepOutOfRange(path: timeline.path, step: step, valid: timeline.stateRange)
            }
            return try move(to: step)
        case .goto(.mark(let name)):
            if let bookmark = bookmarks.last(where: { $0.name == name }) { return try move(to: bookmark.step) }
            if let mark = timeline.marks.first(where: { $0.label == name }) { return try move(to: mark.step) }
            let names = timeline.marks.map(\.label) + bookmarks.map(\.name)
            let nearest = names.min { editDistance($0, name) < editDistance($1, name) }
            return "no mark \(QuotedText.quoted(name))" + (nearest.map { "; did you mean \(QuotedText.quoted($0))?" } ?? "; `marks` lists them")
        case .first:
            return try move(to: 0)
        case .last:
            return try move(to: timeline.stepCount)
        case .show(nil):
            return try showCurrent()
        case .show(let query?):
            return try show(atom: timeline.resolve(atom: query))
        case .diff(nil, _):
            guard current > 0 else { return "step 0 is the first state; go forward to diff a step" }
            return text(of: try timeline.diff(step: current))
        case .diff(let from?, nil):
            return text(of: try timeline.diff(from: from, to: current))
        case .diff(let from?, let to?):
            return text(of: try timeline.diff(from: from, to: to))
        case .graph(let output):
            return try graph(output: output)
        case .when(let query):
            let id = try timeline.resolve(atom: query)
            let steps = timeline.changes(of: id)
            guard !steps.isEmpty else { return "\(line(id)) never changed" }
            return try (["\(line(id)) changed in \(steps.count) steps:"] + steps.map { formatter.logLine(try timeline.step($0)) })
                .joined(separator: "\n")
        case .nextChange(let query):
            let id = try timeline.resolve(atom: query)
            guard let step = timeline.nextChange(of: id, after: current) else { return "\(line(id)) does not change after step \(current)" }
            return try move(to: step)
        case .previousChange(let query):
            let id = try timeline.resolve(atom: query)
            guard let step = timeline.previousChange(of: id, before: current) else { return "\(line(id)) does not change before step \(current)" }
            return try move(to: step)
        case .why(let query):
            return try why(timeline.resolve(atom: query))
        case .mark(let name):
            bookmarks.append((name, current))
            return "bookmarked step \(current) as \(QuotedText.quoted(name))"
        case .marks:
            // Quoted as `log` and `replay` quote marks, so a label holding a newline stays one line.
            let lines = timeline.marks.map { "  step \($0.step): mark \(QuotedText.quoted($0.label))" }
                + bookmarks.map { "  step \($0.step): bookmark \(QuotedText.quoted($0.name))" }
            return lines.isEmpty ? "no marks; `mark NAME` bookmarks the current step" : lines.joined(separator: "\n")
        case .help:
            return Self.help
        case .quit, .nothing:
            return ""
        }
    }

    private func move(to step: Int) throws -> String {
        current = step
        guard step > 0 else { return "step 0: the state before the first step (\(try timeline.state(at: 0).values.count) atoms)" }
        let decoded = try timeline.step(step)
        return formatter.block(decoded, diff: try timeline.diff(of: decoded)).joined(separator: "\n")
    }

    private func showCurrent() throws -> String {
        let state = try timeline.state(at: current)
        var lines = [current == 0 ? "step 0: before the first step" : formatter.header(try timeline.step(current))]
        for id in state.atomIDs {
            lines.append("  \(line(id)) = \(Self.display(state.value(of: id), limit: 100))")
        }
        if state.atomIDs.isEmpty { lines.append("  (no atoms)") }
        return lines.joined(separator: "\n")
    }

    private func show(atom id: String) throws -> String {
        let state = try timeline.state(at: current)
        guard let value = state.value(of: id) else {
            let last = timeline.lastChange(of: id, atOrBefore: current)
            return "\(line(id)) does not exist at step \(current)" + (last.map { " (last changed at step \($0))" } ?? "")
        }
        var lines = ["\(line(id)) at step \(current):"]
        if case .json(let text) = value, let pretty = Self.pretty(json: text) {
            lines += pretty.split(separator: "\n").map { "  " + $0 }
        } else {
            lines.append("  " + Self.display(value, limit: nil))
        }
        if let atom = state.atom(id) {
            lines.append("  kind \(line(atom.kind)), type \(line(atom.valueType))" + (atom.isSensitive ? ", sensitive" : "") + (atom.isRestorable ? "" : ", display-only"))
        }
        let upstreams = state.upstreams(of: id)
        let downstreams = state.downstreams(of: id)
        let subscribers = state.subscribers(of: id)
        if !upstreams.isEmpty { lines.append("  watches \(upstreams.map(line).joined(separator: ", "))") }
        if !downstreams.isEmpty { lines.append("  watched by \(downstreams.map(line).joined(separator: ", "))") }
        if !subscribers.isEmpty { lines.append("  subscribers \(subscribers.map(line).joined(separator: ", "))") }
        if let last = timeline.lastChange(of: id, atOrBefore: current) { lines.append("  last changed at step \(last)") }
        return lines.joined(separator: "\n")
    }

    private func why(_ id: String) throws -> String {
        guard let explanation = try timeline.explain(id, at: current) else {
            return "\(line(id)) has not changed by step \(current)"
        }
        var lines = ["\(line(id)) last changed at step \(explanation.step) (\(line(explanation.operation))"
            + (explanation.causeAtom.map { " \(line($0))" } ?? "") + (explanation.causeLocation.map { " at \(line($0))" } ?? "") + ")"]
        if explanation.isCause {
            lines.append("  it was the operation's target itself")
        }
        for upstream in explanation.upstreams {
            lines.append("  because \(line(upstream.atom)) changed (\(upstream.path.map(line).joined(separator: " -> ")))")
        }
        if let root = explanation.rootCause, !explanation.isCause {
            lines.append("  root cause: \(line(root))")
        }
        if explanation.upstreams.isEmpty, !explanation.isCause {
            lines.append("  no upstream atom changed in that step")
        }
        return lines.joined(separator: "\n")
    }

    private func graph(output: String?) throws -> String {
        // Before any work: the format must be clear and the file must not be the journal.
        let format = try GraphFormat.forOutput(flag: nil, path: output, flags: [])
        if let output {
            try OutputFile.refuse(output, ifSameAs: timeline.fileIdentity, inputName: timeline.path)
        }
        let dot = try timeline.graph(at: current, highlightingChanges: true)
        guard let output else { return dot.trimmingCharacters(in: .newlines) }
        let data = format == .dot ? Data(dot.utf8) : try render(dot, format)
        try OutputFile.write(data, to: output, durable: false)
        return "wrote the graph at step \(current) to \(line(output))"
    }

    private func text(of diff: StateDiff) -> String {
        diff.isEmpty ? "no difference" : diff.lines(maximumValueLength: 200).joined(separator: "\n")
    }

    /// A name or a journal's text as one line, for the lines the REPL prints: a newline shows
    /// as `\n` and a control character as `\u{1b}`, so that it can neither split a line nor
    /// fake one.
    private func line(_ text: String) -> String {
        QuotedText.oneLine(text)
    }

    /// A value on one line (recorded JSON and descriptions come from the journal, whatever
    /// they hold), cut to `limit` characters.
    static func display(_ value: JournalValue?, limit: Int?) -> String {
        let text: String
        switch value {
        case .json(let json)?: text = QuotedText.oneLine(json)
        case .text(let description)?: text = QuotedText.oneLine(description) + " (display only)"
        case .redacted?: text = "<redacted>"
        case .absent?, nil: text = "<no value>"
        }
        guard let limit, text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    static func pretty(json: String) -> String? {
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(data: pretty, encoding: .utf8)
    }

    static let help = """
        next [n]          go forward n steps (n, default 1)
        prev [n]          go back n steps (p)
        goto N | MARK     go to step N (0 is the state before the first step) or to a mark
        first, last       go to step 0 or to the last step
        show [ATOM]       the current step's atoms, or one atom's value and neighbours
        diff [A [B]]      this step's changes; step A against now; or A against B
        graph [-o FILE]   the graph now as DOT, or drawn to FILE (.svg, .png, .pdf, .dot)
        when ATOM         every step where ATOM changed
        next-change ATOM  go to the next step that changes ATOM (nc)
        prev-change ATOM  go to the previous step that changed ATOM (pc)
        why ATOM          which upstream atoms changed in the step that changed ATOM
        mark NAME         bookmark this step; marks lists recorded marks and bookmarks
        help, quit        this text; leave (q, or end of input)
        Atom ids complete with Tab; an unambiguous part of an id is enough.
        """
}

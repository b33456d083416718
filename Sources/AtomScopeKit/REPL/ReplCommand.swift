import Foundation

/// One command of the `atomscope repl`, parsed from a line.
public enum ReplCommand: Equatable, Sendable {
    /// Step forward `count` steps.
    case next(Int)
    /// Step back `count` steps.
    case previous(Int)
    /// Go to a step number, or to a mark by name.
    case goto(ReplTarget)
    /// Go to the state before the first step.
    case first
    /// Go to the last step.
    case last
    /// Show the current step, or one atom's value.
    case show(atom: String?)
    /// Diff two steps: none given is the current step against the one before it; one is
    /// that step against the current one.
    case diff(from: Int?, to: Int?)
    /// Draw the graph at the current step, to a file or as DOT.
    case graph(output: String?)
    /// Every step where an atom changed.
    case when(atom: String)
    /// The next step after the current one where an atom changed.
    case nextChange(atom: String)
    /// The last step before the current one where an atom changed.
    case previousChange(atom: String)
    /// The upstream atoms that changed in the step that last changed an atom.
    case why(atom: String)
    /// Bookmark the current step under a name.
    case mark(String)
    /// List the journal's marks and the session's bookmarks.
    case marks
    /// Show the commands.
    case help
    /// Leave the REPL.
    case quit
    /// An empty line: do nothing.
    case nothing
}

/// Where `goto` goes.
public enum ReplTarget: Equatable, Sendable {
    /// A step number.
    case step(Int)
    /// A mark or bookmark name.
    case mark(String)
}

/// Why a line is not a command; the description says what to type instead.
public struct ReplParseError: Error, Equatable, CustomStringConvertible {
    /// The message.
    public let description: String

    /// Creates an error with its message.
    public init(description: String) {
        self.description = description
    }
}

extension ReplCommand {
    /// The command words, for completion and help.
    public static let words = [
        "next", "prev", "goto", "first", "last", "show", "diff", "graph", "when",
        "next-change", "prev-change", "why", "mark", "marks", "help", "quit",
    ]

    /// Commands whose argument is an atom id, for completion.
    public static let atomCommands: Set<String> = ["show", "when", "next-change", "prev-change", "why"]

    /// Parses a line. Words are separated by spaces; an atom id may contain spaces, so
    /// everything after the command word is its argument.
    public init(parsing line: String) throws(ReplParseError) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            self = .nothing
            return
        }
        let word: Substring
        let rest: String
        if let space = trimmed.firstIndex(of: " ") {
            word = trimmed[..<space]
            rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = Substring(trimmed)
            rest = ""
        }
        let arguments = rest.split(separator: " ").map(String.init)
        switch word.lowercased() {
        case "next", "n":
            self = .next(try Self.count(arguments, command: "next"))
        case "prev", "p", "previous":
            self = .previous(try Self.count(arguments, command: "prev"))
        case "goto", "g":
            guard !rest.isEmpty else { throw ReplParseError(description: "goto needs a step number or a mark name: goto 12") }
            self = .goto(Int(rest).map(ReplTarget.step) ?? .mark(rest))
        case "first":
            self = .first
        case "last":
            self = .last
        case "show", "s":
            self = .show(atom: rest.isEmpty ? nil : rest)
        case "diff", "d":
            guard arguments.count <= 2 else { throw ReplParseError(description: "diff takes at most two step numbers: diff 3 7") }
            let steps = try arguments.map { argument throws(ReplParseError) -> Int in
                guard let step = Int(argument) else { throw ReplParseError(description: "diff takes step numbers, not \"\(argument)\"") }
                return step
            }
            self = .diff(from: steps.first, to: steps.count == 2 ? steps[1] : nil)
        case "graph":
            if arguments.isEmpty {
                self = .graph(output: nil)
            } else if arguments.count == 2, arguments[0] == "-o" {
                self = .graph(output: arguments[1])
            } else {
                throw ReplParseError(description: "usage: graph [-o FILE] (.svg, .png, .pdf or .dot)")
            }
        case "when":
            self = .when(atom: try Self.atom(rest, command: "when"))
        case "next-change", "nc":
            self = .nextChange(atom: try Self.atom(rest, command: "next-change"))
        case "prev-change", "pc":
            self = .previousChange(atom: try Self.atom(rest, command: "prev-change"))
        case "why":
            self = .why(atom: try Self.atom(rest, command: "why"))
        case "mark":
            guard !rest.isEmpty else { throw ReplParseError(description: "mark needs a name: mark before-login") }
            self = .mark(rest)
        case "marks":
            self = .marks
        case "help", "h", "?":
            self = .help
        case "quit", "q", "exit":
            self = .quit
        default:
            let suggestion = Self.words.min { editDistance($0, String(word)) < editDistance($1, String(word)) }
            throw ReplParseError(description: "unknown command \"\(word)\"\(suggestion.map { "; did you mean \"\($0)\"?" } ?? ""); type help")
        }
    }

    private static func count(_ arguments: [String], command: String) throws(ReplParseError) -> Int {
        guard let first = arguments.first else { return 1 }
        guard arguments.count == 1, let count = Int(first), count > 0 else {
            throw ReplParseError(description: "\(command) takes one positive number of steps: \(command) 5")
        }
        return count
    }

    private static func atom(_ rest: String, command: String) throws(ReplParseError) -> String {
        guard !rest.isEmpty else { throw ReplParseError(description: "\(command) needs an atom id: \(command) TodosAtom") }
        return rest
    }
}

import AtomJournal

/// The command line: `ExampleCounter JOURNAL [--steps N] [--flush never|interval|write|sync]
/// [--report] [--forever] [--keyframe-interval K]`.
struct CounterOptions {
    static let usage = """
        usage: ExampleCounter JOURNAL [--steps N] [--flush never|interval|write|sync] [--report] [--forever] [--keyframe-interval K]
          JOURNAL               where to record the counter session (replaced if it exists)
          --steps N             how many user actions (commits) the session makes (default 100)
          --flush POLICY        when records reach the file: never, interval (every 100 ms),
                                write (write(2) every commit, the default) or sync (write and
                                fsync every commit); every-commit is the old name of sync
          --report              print `flushed <steps>` to stdout after each commit whose records
                                have reached the file
          --forever             keep committing until killed (ignores --steps)
          --keyframe-interval K write a keyframe every K steps (default 256)
        """

    var journalPath = ""
    var steps = 100
    var flushPolicy = JournalFlushPolicy.writeEachCommit
    var flushName = "write"
    var report = false
    var forever = false
    var keyframeInterval: Int?

    /// Parses the arguments after the program name; the error is a one-line message.
    init(arguments: [String]) throws(CounterOptionsError) {
        var rest = arguments[...]
        var path: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--steps":
                steps = try Self.count(after: argument, rest.popFirst(), minimum: 0)
            case "--keyframe-interval":
                keyframeInterval = try Self.count(after: argument, rest.popFirst(), minimum: 1)
            case "--flush":
                guard let name = rest.popFirst() else { throw CounterOptionsError("--flush needs never, interval, write or sync") }
                switch name {
                case "never": flushPolicy = .never
                case "interval": flushPolicy = .interval(.milliseconds(100))
                case "write": flushPolicy = .writeEachCommit
                case "sync", "every-commit": flushPolicy = .syncEachCommit
                default: throw CounterOptionsError("unknown flush policy '\(name)' (never, interval, write or sync)")
                }
                flushName = name
            case "--report":
                report = true
            case "--forever":
                forever = true
            default:
                guard !argument.hasPrefix("-") else { throw CounterOptionsError("unknown option '\(argument)'") }
                guard path == nil else { throw CounterOptionsError("more than one journal path ('\(path ?? "")' and '\(argument)')") }
                path = argument
            }
        }
        guard let path else { throw CounterOptionsError("missing the JOURNAL path") }
        journalPath = path
    }

    private static func count(after option: String, _ text: String?, minimum: Int) throws(CounterOptionsError) -> Int {
        guard let text, let value = Int(text), value >= minimum else {
            throw CounterOptionsError("\(option) needs a whole number of at least \(minimum)")
        }
        return value
    }
}

struct CounterOptionsError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

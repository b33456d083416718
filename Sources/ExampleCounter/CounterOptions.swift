import AtomJournal
import ExampleSupport

/// The command line: `ExampleCounter JOURNAL [--steps N] [--flush never|interval|write|sync]
/// [--report] [--forever] [--keyframe-interval K] [--die fatal|exit|segv] [--free-before-close FILE]`.
struct CounterOptions {
    static let usage = """
        usage: ExampleCounter JOURNAL [--steps N] [--flush never|interval|write|sync] [--report] [--forever] [--keyframe-interval K] [--die fatal|exit|segv] [--free-before-close FILE]
          JOURNAL               where to record the counter session (replaced if it exists)
          --steps N             how many user actions (commits) the session makes (default 100)
          --flush POLICY        when records reach the file: never, interval (every 100 ms),
                                write (write(2) every commit, the default) or sync (write and
                                fsync every commit); every-commit is the old name of sync
          --report              write `committed <n>` to stdout (one write(2), unbuffered) each
                                time a commit returns; n is the app's own count
          --forever             keep committing until killed (ignores --steps)
          --keyframe-interval K write a keyframe every K steps (default 256)
          --die HOW             after the last action, die without closing the journal:
                                fatal (fatalError), exit (exit(0)) or segv (SIGSEGV)
          --free-before-close FILE
                                delete FILE before closing the journal (a test fills a small
                                disk with it, then frees the space)
        """

    var journalPath = ""
    var steps = 100
    var flushPolicy = JournalFlushPolicy.writeEachCommit
    var flushName = "write"
    var report = false
    var forever = false
    var keyframeInterval: Int?
    var death: Death?
    var fileToFree: String?

    /// How `--die` ends the app.
    enum Death: String {
        case fatal, exit, segv
    }

    /// Parses the arguments after the program name; the error is a one-line message.
    init(arguments: [String]) throws(ExampleUsageError) {
        var rest = arguments[...]
        var path: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--steps":
                steps = try ExampleUsageError.wholeNumber(after: argument, rest.popFirst(), minimum: 0)
            case "--keyframe-interval":
                keyframeInterval = try ExampleUsageError.wholeNumber(after: argument, rest.popFirst(), minimum: 1)
            case "--flush":
                guard let name = rest.popFirst() else { throw ExampleUsageError("--flush needs never, interval, write or sync") }
                switch name {
                case "never": flushPolicy = .never
                case "interval": flushPolicy = .interval(.milliseconds(100))
                case "write": flushPolicy = .writeEachCommit
                case "sync", "every-commit": flushPolicy = .syncEachCommit
                default: throw ExampleUsageError("unknown flush policy '\(name)' (never, interval, write or sync)")
                }
                flushName = name
            case "--report":
                report = true
            case "--forever":
                forever = true
            case "--free-before-close":
                guard let file = rest.popFirst() else { throw ExampleUsageError("--free-before-close needs a file") }
                fileToFree = file
            case "--die":
                guard let name = rest.popFirst(), let how = Death(rawValue: name) else {
                    throw ExampleUsageError("--die needs fatal, exit or segv")
                }
                death = how
            default:
                path = try ExampleUsageError.journalPath(argument, after: path)
            }
        }
        guard let path else { throw ExampleUsageError("missing the JOURNAL path") }
        journalPath = path
    }
}

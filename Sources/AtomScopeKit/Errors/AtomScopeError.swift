import AtomJournal

/// Why `atomscope` could not do what it was asked. Each description is one line that says
/// what went wrong and what to do about it; the CLI prints it on standard error as it is.
public enum AtomScopeError: Error, Equatable, CustomStringConvertible {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be opened or read.
    case cannotOpen(path: String, reason: String)
    /// The file is not a journal (empty, or it does not start with the journal magic).
    case notAJournal(path: String, reason: String)
    /// The journal's header is damaged or incomplete, so nothing in it can be read.
    case damagedHeader(path: String, reason: String)
    /// The journal was written by a newer major version of the format.
    case newerJournalFormat(path: String, found: UInt16, supported: UInt16)
    /// A frame in the middle of the journal is damaged; valid records follow it.
    case damagedJournal(path: String, offset: Int, reason: String)
    /// A step number outside the journal. `valid` is the range that exists, or `nil` when
    /// the journal has no step of the kind asked for.
    case stepOutOfRange(path: String, step: Int, valid: ClosedRange<Int>?)
    /// A range of steps whose first step comes after its last (`--from 10 --to 5`); `valid`
    /// is the range of steps that exists.
    case emptyStepRange(path: String, from: Int, to: Int, valid: ClosedRange<Int>)
    /// No atom id matches the query; `suggestions` are the nearest ids, nearest first.
    case unknownAtom(path: String, query: String, suggestions: [String])
    /// The query matches more than one atom id.
    case ambiguousAtom(query: String, matches: [String])
    /// A file could not be written. `reason` is the system's, such as "Permission denied".
    case cannotWrite(path: String, reason: String)
    /// An output path names the file being read (through any path or link): writing it would
    /// destroy the input.
    case outputIsInput(path: String, input: String)
    /// A format flag and the output file's extension name different formats.
    case outputFormatMismatch(path: String, flag: String, extensionFormat: String)
    /// The output file's extension names no format, and no flag chose one. `flags` are the
    /// flags that would, where there are any.
    case unknownOutputFormat(path: String, flags: [String])
    /// Any other error of the journal library.
    case journal(JournalError)
    /// A step whose frame is intact but whose content makes no sense: it refers to an atom,
    /// subscriber or location the journal never defines, or its commit does not follow the
    /// previous step's.
    case malformedStep(path: String, step: Int, reason: String)
    /// An input (a DOT text, a journal on standard input) longer than the limit read.
    case inputTooLarge(name: String, limit: Int)
    /// An input with nothing in it but whitespace.
    case emptyInput(name: String)
    /// An input that is neither a journal nor UTF-8 text.
    case notJournalOrDOT(name: String)
    /// A replay speed that is not a finite number in the accepted range.
    case invalidSpeed(speed: Double, valid: ClosedRange<Double>)
    /// A keyframe that differs from the state the steps before it replay to.
    case inconsistentKeyframe(path: String, step: Int, reason: String)
    /// The journal `verify --repair` was to cut is no longer the file it verified: another
    /// file is at its path, or it was written to since.
    case journalChanged(path: String)
    /// A repair was asked of a journal that a running recorder holds.
    case journalInUse(path: String)
    /// Binary output (PNG, PDF) asked for on standard output while it is a terminal.
    case binaryOutputToTerminal(format: String)

    /// The message, on one line whatever the names and reasons in it hold: an atom id, a
    /// suggestion or a journal's text with a newline shows it as `\n`, so that it can neither
    /// split the error nor fake a second one.
    public var description: String {
        QuotedText.oneLine(message)
    }

    private var message: String {
        switch self {
        case .fileNotFound(let path):
            "no such file: \(path); check the path"
        case .cannotOpen(let path, let reason):
            "cannot open \(path): \(reason); pass a journal file you can read"
        case .notAJournal(let path, let reason):
            "\(path) is not an atomscope journal (\(reason)); pass a file written by JournalRecorder"
        case .damagedHeader(let path, let reason):
            "\(path) has a damaged header (\(reason)); nothing in it can be read"
        case .newerJournalFormat(let path, let found, let supported):
            "\(path) uses journal format \(found).x, newer than this atomscope (\(supported).x); update atomscope to read it"
        case .damagedJournal(let path, let offset, let reason):
            "\(path) is damaged at offset \(offset) (\(reason)); later records cannot be trusted: "
                + "run `atomscope verify \(path)` to see what is intact"
        case .stepOutOfRange(let path, let step, let valid?):
            "step \(step) is out of range: \(path) has steps \(valid.lowerBound) to \(valid.upperBound)"
                + (valid.lowerBound == 0 ? " (0 is the state before the first step)" : "")
        case .stepOutOfRange(let path, let step, nil):
            "step \(step) is out of range: \(path) has no steps"
        case .emptyStepRange(let path, let from, let to, let valid):
            "the range \(from) to \(to) is empty: its first step comes after its last; "
                + "\(path) has steps \(valid.lowerBound) to \(valid.upperBound)"
        case .unknownAtom(let path, let query, let suggestions):
            if suggestions.isEmpty {
                "no atom \(Self.quoted(query)) in \(path); `atomscope stat \(path)` lists its atoms"
            } else {
                "no atom \(Self.quoted(query)) in \(path); did you mean \(Self.list(suggestions, conjunction: "or"))?"
            }
        case .ambiguousAtom(let query, let matches):
            "\(Self.quoted(query)) matches \(matches.count) atoms (\(Self.list(Array(matches.prefix(5)), conjunction: "and"))"
                + (matches.count > 5 ? ", …" : "") + "); type more of the id"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); choose a file in a folder that exists and that you can write"
        case .outputIsInput(let path, let input):
            "will not write \(path): it is the input \(input) itself, which writing would destroy; choose another output path"
        case .outputFormatMismatch(let path, let flag, let extensionFormat):
            "\(flag) does not match \(path), whose extension means \(extensionFormat); drop the flag or change the extension"
        case .unknownOutputFormat(let path, let flags):
            "cannot tell the format of \(path) from its extension; name it .svg, .png, .pdf or .dot"
                + (flags.isEmpty ? "" : ", or pass \(Self.list(flags, conjunction: "or"))")
        case .journal(let error):
            error.description
        case .inputTooLarge(let name, let limit):
            "\(name) is over \(limit) bytes; raise --input-limit to read it"
        case .emptyInput(let name):
            "\(name) is empty: pass a journal or a DOT file"
        case .notJournalOrDOT(let name):
            "\(name) is neither a journal nor UTF-8 DOT text"
        case .invalidSpeed(let speed, let valid):
            "--speed \(speed) is not a speed: give a number from \(valid.lowerBound) to \(Int(valid.upperBound)) (2 is twice as fast, 0.5 half)"
        case .malformedStep(let path, let step, let reason):
            "\(path): step \(step) is malformed (\(reason)); its frame is intact, so a faulty writer made it: "
                + "`atomscope verify \(path)` checks the rest"
        case .journalInUse(let path):
            "\(path) is being recorded by a running app, so nothing was cut; "
                + "run `atomscope verify --repair \(path)` once the app has stopped"
        case .journalChanged(let path):
            "\(path) changed after it was verified (another file is there, or it was written to), so nothing was cut; "
                + "run `atomscope verify --repair \(path)` again once nothing writes it"
        case .binaryOutputToTerminal(let format):
            "will not write \(format) to the terminal, which would read its bytes as control sequences; "
                + "pass -o FILE or redirect standard output to a file"
        case .inconsistentKeyframe(let path, let step, let reason):
            "\(path): the keyframe after step \(step) does not match the steps before it (\(reason)); "
                + "seeking from it would show a state the app never had"
        }
    }

    private static func quoted(_ text: String) -> String {
        QuotedText.quoted(text)
    }

    private static func list(_ items: [String], conjunction: String) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: "\(items[0]) \(conjunction) \(items[1])"
        default: items.dropLast().joined(separator: ", ") + ", \(conjunction) \(items[items.count - 1])"
        }
    }
}

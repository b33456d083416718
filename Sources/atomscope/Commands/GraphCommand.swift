import ArgumentParser
import AtomJournal
import AtomScopeKit
import AtomScopeRender
import Foundation

struct GraphCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the atom graph of a journal step, or render DOT, as DOT, SVG, PNG or PDF.",
        discussion: """
            INPUT is a journal or a DOT file; `-` or nothing reads standard input, and the two are \
            told apart by content, so `app | atomscope graph --svg > graph.svg` works with the DOT \
            that `Snapshot.graphDescription()` prints. Graphviz runs in this process; DOT from \
            outside is rendered by a worker process. Without a format flag the format follows the \
            -o file's extension (.svg, .png, .pdf, .dot), and is DOT otherwise; a flag that \
            contradicts the extension is an error. -o never overwrites INPUT.
            """
    )

    @Argument(help: "A journal or DOT file; `-` or nothing for standard input. DOT from outside comes back laid out and checked.")
    var input: String?

    // `.unconditional` so that `--step -1` reaches the range check, which names the valid
    // states, instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: "Draw the state after this journal step; default the last (\(StepHelp.state)).")
    var step: Int?

    @Flag(help: "The output format.")
    var format: OutputFormat?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The layout engine: dot, sfdp or neato (default: by graph size).")
    var layout: String?

    @Flag(help: "Highlight the atoms that the step changed.")
    var changes = false

    @Flag(help: "Show values in the nodes (truncated).")
    var values = false

    @Option(help: "Draw only the neighbourhood of this atom.")
    var focus: String?

    @Option(parsing: .unconditional, help: "How many edges away from --focus to draw (default 1).")
    var depth: Int?

    @Option(help: "Seconds the layout may take before it is stopped (default 60, at most 3600).")
    var timeout: Double = 60

    @Option(help: "The most bytes of DOT, or of a journal on standard input, to read (default 64 MiB; a journal file is read as needed).")
    var inputLimit = 64 << 20

    enum OutputFormat: String, EnumerableFlag {
        case dot, svg, png, pdf
    }

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be a number of seconds from more than 0 to 3600") }
        if inputLimit < 1 { throw ValidationError("--input-limit must be a positive number of bytes") }
        if focus == nil, depth != nil { throw ValidationError("--depth needs --focus ATOM: it is how far from that atom to draw") }
    }

    func execute(console: Console) throws {
        // Before any work: the format must be clear and the output must not be the input.
        let chosenFormat = try GraphFormat.forOutput(
            flag: try format.map { flag throws(GraphRenderError) in try GraphFormat(name: flag.rawValue) },
            path: output,
            flags: OutputFormat.allCases.map { "--\($0.rawValue)" }
        )
        if let output, let input, input != "-" {
            try OutputFile.refuse(output, ifSameAs: FileIdentity(path: input), inputName: input)
        }
        let bytes = try readInput()
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw ValidationError("\(inputName) is empty: pass a journal or a DOT file")
        }
        let chosenLayout = try layout.map { name throws(GraphRenderError) in try GraphLayout(name: name) }
        let rendered: Data
        if bytes.starts(with: JournalFormat.magic) {
            let timeline = try openTimeline(bytes, console: console)
            let (dot, _) = try timeline.graph(
                at: step ?? timeline.stepCount,
                style: GraphStyle(showsValues: values),
                highlightingChanges: changes,
                focus: focus,
                depth: depth ?? 1
            )
            if chosenFormat == .dot {
                rendered = Data(dot.utf8)
            } else {
                // gvLayout cannot be interrupted, so the layout runs in the worker process,
                // under --timeout; without --layout the worker picks by size and shape.
                rendered = try GraphRenderer().renderIsolated(dot: dot, format: chosenFormat, layout: chosenLayout, timeout: layoutTimeout).data
            }
        } else {
            guard step == nil, focus == nil, !changes, !values else {
                throw ValidationError("--step, --changes, --values and --focus apply to journals; the input is DOT")
            }
            guard let dot = String(data: bytes, encoding: .utf8) else {
                throw ValidationError("the input is neither a journal nor UTF-8 DOT text")
            }
            // Even DOT out is parsed (by the worker): text that is not DOT is an error, not
            // output.
            rendered = try GraphRenderer().renderIsolated(dot: dot, format: chosenFormat, layout: chosenLayout, timeout: layoutTimeout).data
        }
        if let output {
            // Not synced: a graph can be drawn again.
            try OutputFile.write(rendered, to: output, durable: false)
        } else {
            console.write(rendered)
        }
    }

    private var layoutTimeout: Duration {
        .milliseconds(Int64((timeout * 1000).rounded()))
    }

    private var inputName: String {
        guard let input, input != "-" else { return "standard input" }
        return input
    }

    /// The input, read up to ``inputLimit``: all of a DOT text or of a journal on standard
    /// input, but of a journal file only enough to recognise it (the reader opens the file
    /// itself and reads what it needs), so that no input can make the command hold more than
    /// the limit in memory.
    private func readInput() throws -> Data {
        let handle: FileHandle
        if let input, input != "-" {
            guard FileManager.default.fileExists(atPath: input) else {
                throw AtomScopeError.fileNotFound(path: input)
            }
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
            } catch {
                throw AtomScopeError.cannotOpen(path: input, reason: error.localizedDescription)
            }
        } else {
            handle = FileHandle.standardInput
        }
        defer { if handle !== FileHandle.standardInput { try? handle.close() } }
        do {
            let head = try handle.read(upToCount: JournalFormat.magic.count) ?? Data()
            if head.elementsEqual(JournalFormat.magic), let input, input != "-" {
                return head
            }
            let rest = try handle.read(upToCount: inputLimit + 1 - head.count) ?? Data()
            guard head.count + rest.count <= inputLimit else {
                throw ValidationError("\(inputName) is over \(inputLimit) bytes; raise --input-limit to read it")
            }
            return head + rest
        } catch let error as ValidationError {
            throw error
        } catch {
            throw AtomScopeError.cannotOpen(path: inputName, reason: error.localizedDescription)
        }
    }

    /// A journal read from standard input goes through a temporary file, because the reader
    /// needs random access. The file is made as every temporary is (``AtomicFile``: a new file
    /// under a random name, mode 0600, since it holds app state) and removed as soon as the
    /// reader has it open.
    private func openTimeline(_ bytes: Data, console: Console) throws -> Timeline {
        if let input, input != "-" {
            return try console.openTimeline(input)
        }
        let file = try OutputFile.scratchCopy(of: bytes)
        // Never renamed: `file` removes the temporary when it goes, which must not be before
        // the reader has opened it.
        return try withExtendedLifetime(file) {
            try console.openTimeline(file.temporaryPath, shownPath: "standard input")
        }
    }
}

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
            that `Snapshot.graphDescription()` prints. Every layout runs in a worker process of \
            atomscope, the journal's graph as much as DOT from outside, under --timeout and limits \
            on memory and CPU; only a journal's graph as DOT is written without one. Without a \
            format flag the format follows the -o file's extension (.svg, .png, .pdf, .dot), and \
            is DOT otherwise; a flag that contradicts the extension is an error. -o never \
            overwrites INPUT, nor a file read on standard input, and refuses a symbolic link to a \
            device or pipe. To a terminal, DOT and SVG are written with control characters \
            escaped, and PNG and PDF are refused; to a pipe or file, the bytes are exact.

            Without --layout, the layout follows the graph's size and shape. dot counts the \
            nodes it places: the graph's own plus one virtual node for each rank an edge \
            crosses. Up to 2,500 placed nodes and 2,500 edges: dot as Graphviz runs it. Up to \
            8,000, then 16,000 placed nodes (with at most 8,000 edges and 2,500 nodes): dot with \
            moderate, then strong limits on its work (mclimit, nslimit, nslimit1, searchsize), \
            which keep the layered drawing and cost a few more edge crossings. Beyond: sfdp, \
            with node overlaps removed (overlap=prism20, sep=+48) and straight edges drawn \
            under the nodes. On 2 cores, an app of 1,000 atoms draws with dot in about 1.5 s, \
            one of 5,000 with sfdp in about 3 s. --layout always wins and runs the engine \
            without limits (sfdp keeps its overlap removal); attributes that DOT input sets \
            itself win over these. --timeout bounds every layout.
            """
    )

    @Argument(help: "A journal or DOT file; `-` or nothing for standard input. DOT from outside comes back laid out and checked.")
    var input: String?

    // `.unconditional` so that `--step -1` is refused as a step out of range, saying how
    // states are numbered, instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: "Draw the state after this journal step; default the last (\(StepHelp.state)).")
    var step: Int?

    @Flag(help: "The output format.")
    var format: OutputFormat?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The layout engine: dot, sfdp or neato (default: chosen by the graph's size and shape).")
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
    var timeout = LayoutTimeout.defaultSeconds

    @Option(help: "The most bytes of DOT, or of a journal on standard input, to read (default 64 MiB, at most 16 GiB; a journal file is read as needed).")
    var inputLimit = 64 << 20

    enum OutputFormat: String, EnumerableFlag {
        case dot, svg, png, pdf
    }

    func validate() throws {
        try StepHelp.refuseNegativeState(step)
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        try LayoutTimeout.validate(timeout)
        if !(1...GraphInput.maximumLimit).contains(inputLimit) {
            throw ValidationError("--input-limit must be a number of bytes from 1 to \(GraphInput.maximumLimit) (16 GiB)")
        }
        if focus == nil, depth != nil { throw ValidationError("--depth needs --focus ATOM: it is how far from that atom to draw") }
    }

    func execute(console: Console) throws {
        // Before any work: the format must be clear and the output must not be the input.
        let chosenFormat = try GraphFormat.forOutput(
            flag: try format.map { flag throws(GraphRenderError) in try GraphFormat(name: flag.rawValue) },
            path: output,
            flags: OutputFormat.allCases.map { "--\($0.rawValue)" }
        )
        if output == nil {
            try console.refuseBinaryOnTerminal(chosenFormat)
        }
        if let output {
            // A journal or DOT read from standard input (`graph < j -o j`) is a file too.
            let fromStandardInput = input == nil || input == "-"
            let identity = fromStandardInput ? FileIdentity.standardInput : input.flatMap(FileIdentity.init(path:))
            try OutputFile.refuse(output, ifSameAs: identity, inputName: fromStandardInput ? "standard input" : input ?? "")
        }
        let chosenLayout = try layout.map { name throws(GraphRenderError) in try GraphLayout(name: name) }
        let dot: String
        var fromJournal = true
        switch try GraphInput.read(path: input, limit: inputLimit) {
        case .journalFile(let path):
            dot = try journalDOT(console.openTimeline(path))
        case .journalBytes(let bytes):
            // The reader needs random access: a temporary made as every temporary is
            // (AtomicFile: a new file under a random name, mode 0600), removed when `file` goes,
            // which must not be before the reader has opened it.
            let file = try OutputFile.scratchCopy(of: bytes)
            dot = try withExtendedLifetime(file) {
                try journalDOT(console.openTimeline(file.temporaryPath, shownPath: "standard input"))
            }
        case .dot(let text):
            guard step == nil, focus == nil, !changes, !values else {
                throw ValidationError("--step, --changes, --values and --focus apply to journals; the input is DOT")
            }
            dot = text
            fromJournal = false
        }
        // gvLayout cannot be interrupted, so every layout runs in the worker process, under
        // --timeout; without --layout the worker picks the engine by size and shape. Even DOT
        // out of DOT in is parsed there: text that is not DOT is an error, not output.
        let rendered: Data
        if chosenFormat == .dot && fromJournal {
            rendered = Data(dot.utf8)
        } else {
            let progress = ProgressLine.onTerminal("laying out the graph")
            defer { progress?.finish() }
            rendered = try GraphRenderer().renderIsolated(
                dot: dot, format: chosenFormat, layout: chosenLayout, timeout: LayoutTimeout.duration(timeout),
                textEscaping: fromJournal ? .dotQuoted : .none, waiting: progress.map { line in { line.tick() } }
            ).data
        }
        if let output {
            // Not synced: a graph can be drawn again.
            try OutputFile.write(rendered, to: output, durable: false)
        } else {
            if chosenFormat.isText {
                console.write(text: rendered)
            } else {
                console.write(binary: rendered)
            }
        }
    }

    /// The DOT of a journal's graph, as the options ask.
    private func journalDOT(_ timeline: Timeline) throws -> String {
        try timeline.graph(
            at: step ?? timeline.stepCount,
            style: GraphStyle(showsValues: values),
            highlightingChanges: changes,
            focus: focus,
            depth: depth ?? 1
        )
    }
}

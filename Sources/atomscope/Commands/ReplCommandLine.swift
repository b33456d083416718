import ArgumentParser
import AtomScopeKit
import AtomScopeRender
import Foundation

struct ReplCommandLine: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Step back and forth through a journal and ask when and why atoms changed.",
        discussion: """
            On a terminal, lines are edited with libedit: history with the arrow keys, Tab completes \
            commands and atom ids. With standard input from a pipe or file, commands are read line \
            by line, so a script can drive it; then the exit status is 1 if any command failed. \
            The graph command's layout runs in a worker process, stopped after --timeout seconds.
            """
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Option(help: "Seconds the graph command's layout may take before it is stopped (default 60, at most 3600).")
    var timeout = LayoutTimeout.defaultSeconds

    func validate() throws {
        try LayoutTimeout.validate(timeout)
    }

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        // The layout runs in the worker, under its deadline, so that a graph too big for `dot`
        // cannot hang the REPL (gvLayout cannot be interrupted).
        let session = ReplSession(timeline: timeline, style: console.style) { dot, format in
            let progress = ProgressLine.onTerminal("laying out the graph")
            defer { progress?.finish() }
            return try GraphRenderer().renderIsolated(
                dot: dot, format: format, timeout: LayoutTimeout.duration(timeout),
                textEscaping: .dotQuoted, waiting: progress.map { line in { line.tick() } }
            ).data
        }
        let interactive = Console.stdinIsTerminal
        var failures = 0
        try MainActor.assumeIsolated {
            var reader: any LineReader = interactive
                ? EditLineReader { line, word in session.completions(line: line, word: word) }
                : PlainLineReader()
            if interactive { console.print(session.introduction) }
            while let line = reader.readLine(prompt: session.prompt) {
                let result = session.execute(line)
                if !result.text.isEmpty { console.print(result.text) }
                if result.failed { failures += 1 }
                if result.quits { break }
            }
            if !interactive, failures > 0 {
                throw ExitCode.failure
            }
        }
    }
}

import ArgumentParser
import AtomScopeKit
import Foundation

struct LogCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Print one line per step: its cause, source location and the atoms it changed.",
        discussion: """
            Marks (JournalRecorder.mark) are printed where they fall, after the step they follow, \
            also with --atom: they are landmarks. With --json a mark is a line of its own, with a \
            `mark` key instead of `step`.
            """
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Option(help: "Only the steps where this atom changed (an id, or an unambiguous part of one).")
    var atom: String?

    @Flag(help: "Print one JSON object per line (documented in docs/CLI-JSON.md).")
    var json = false

    @Flag(help: "Also show atoms recomputed to an equal value (not changes); with --atom, also the steps that only recomputed it.")
    var recomputed = false

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        let steps: [Int]
        if let atom {
            let id = try timeline.resolve(atom: atom)
            steps = recomputed
                ? Array(Set(timeline.changes(of: id)).union(timeline.recomputes(of: id))).sorted()
                : timeline.changes(of: id)
        } else {
            steps = Array(timeline.stateRange.dropFirst())
        }
        let formatter = StepFormatter(style: console.style)
        // Read once: a flag's property wrapper costs hundreds of instructions a read, and a
        // large journal has a million lines.
        let json = json
        let recomputed = recomputed
        // Without colours, a line is written from the step's record (`LogLineWriter`), the
        // same bytes as the formatter's, at a third of the cost.
        var writer = json || console.style.colored ? nil : timeline.logLineWriter()
        for entry in timeline.entries(steps: steps) {
            switch entry {
            case .step(let number):
                if writer != nil, let line = try timeline.logLine(number, recomputed: recomputed, writer: &writer!) {
                    console.print(line)
                    continue
                }
                let step = try timeline.summary(number)
                if json {
                    console.print(jsonLine: LogEntry(step))
                } else {
                    console.print(formatter.logLineBytes(step, recomputed: recomputed))
                }
            case .mark(let mark):
                if json {
                    console.print(jsonLine: LogMarkEntry(mark))
                } else {
                    console.print(formatter.markLine(mark))
                }
            }
        }
    }
}

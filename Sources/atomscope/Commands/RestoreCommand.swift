import ArgumentParser
import AtomScopeKit
import Foundation

struct RestoreCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Export the state after a step as a state file that an app loads with `restore(from:)`, or cut the journal there.",
        discussion: "Without -o, the state file is printed. The format is documented in docs/STATE-FILE.md. Files are written with mode 0600; neither output may be the journal itself."
    )

    @Argument(help: "The journal file.")
    var journal: String

    // `.unconditional` so that `--step -1` is refused as a step out of range, saying how
    // states are numbered, instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: "Export the state after this step (\(StepHelp.state)).")
    var step: Int

    @Option(name: .shortAndLong, help: "Write the state file here.")
    var output: String?

    @Option(help: "Also write a new journal of steps 1 to --step (none for --step 0).")
    var journalOut: String?

    func validate() throws {
        try StepHelp.refuseNegativeState(step)
    }

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        // Neither output may be the journal, whatever path or link names it: checked before
        // anything is written, so that a refusal leaves nothing half done.
        for path in [output, journalOut].compactMap(\.self) {
            try OutputFile.refuse(path, ifSameAs: timeline.fileIdentity, inputName: journal)
        }
        let state = try timeline.stateFile(at: step)
        if let output {
            // The same write as `AtomStateFile.write(to:)`, with the CLI's error for a path.
            try OutputFile.write(state.jsonData(), to: output, durable: true)
            console.print("wrote the state after step \(step) to \(output) (\(state.entries.count) atoms)")
        } else if journalOut == nil {
            console.write(json: state.jsonData())
        }
        if let journalOut {
            try timeline.writeJournal(upTo: step, to: URL(fileURLWithPath: journalOut))
            console.print(step == 0
                ? "wrote a journal with no steps to \(journalOut)"
                : "wrote a journal of steps 1 to \(step) to \(journalOut)")
        }
    }
}

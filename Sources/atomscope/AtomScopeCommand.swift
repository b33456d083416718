import ArgumentParser
import AtomJournal

/// The `atomscope` command: a time-travel debugger and graph inspector for atom journals.
struct AtomScopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atomscope",
        abstract: "Time-travel debugger and graph inspector for atom journals.",
        version: "atomscope 0.1.0 (journal format \(JournalFormat.majorVersion).\(JournalFormat.minorVersion), state file \(AtomStateFile.currentVersion))",
        subcommands: [
            ReplayCommand.self, LogCommand.self, DiffCommand.self, RestoreCommand.self, GraphCommand.self,
            ReplCommandLine.self, StatCommand.self, VerifyCommand.self,
        ]
    )
}

import ArgumentParser

/// The `atomscope` command: a time-travel debugger and graph inspector for atom journals.
struct AtomScopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atomscope",
        abstract: "Time-travel debugger and graph inspector for atom journals.",
        subcommands: [
            ReplayCommand.self, LogCommand.self, DiffCommand.self, RestoreCommand.self, GraphCommand.self,
            ReplCommandLine.self, StatCommand.self, VerifyCommand.self,
        ]
    )
}

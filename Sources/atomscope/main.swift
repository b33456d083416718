import AtomScopeKit
import AtomScopeRender

// The render worker is a hidden mode of this same executable: DOT from outside is rendered
// in a child process, so that a Graphviz crash or a runaway layout costs the child only.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == GraphRenderWorker.commandName {
    GraphRenderWorker.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
}

// Parsing and running as `AtomScopeCommand.main()` would, except that a usage error is one
// line on stderr, as every other error is (see `UsageError`).
do {
    var command = try AtomScopeCommand.parseAsRoot()
    try command.run()
} catch {
    UsageError.exit(error)
}

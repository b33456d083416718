import ArgumentParser
import AtomScopeKit
import Foundation

struct DiffCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what differs between the states after two steps: values by path, atoms, edges and subscriptions.",
        discussion: "Step 0 is the state before the first step."
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Argument(help: "The earlier step.")
    var a: Int

    @Argument(help: "The later step.")
    var b: Int

    @Flag(help: "Print JSON (documented in docs/CLI-JSON.md).")
    var json = false

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        let diff = try timeline.diff(from: a, to: b)
        if json {
            console.print(JSONOutput.document(diff))
        } else if diff.isEmpty {
            console.print("steps \(a) and \(b) have the same state")
        } else {
            for line in diff.lines(maximumValueLength: 200) {
                console.print(line)
            }
        }
    }
}

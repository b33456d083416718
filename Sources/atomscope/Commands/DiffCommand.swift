import ArgumentParser
import AtomScopeKit
import Foundation

struct DiffCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what differs between the states after two steps: values by path, atoms, edges and subscriptions.",
        usage: "atomscope diff <journal> <A> <B> [--json]",
        discussion: "Step 0 is the state before the first step. A may come after B: the diff then runs backwards."
    )

    @Argument(help: "The journal file.")
    var journal: String

    // The two states are read as text, and as every input ArgumentParser does not recognize,
    // so that a negative number (`diff j 0 -1`) is refused as a step out of range, saying how
    // states are numbered, instead of reading as an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Two states, A then B: the states after steps A and B (\(StepHelp.state)).", valueName: "A B")
    )
    var states: [String] = []

    @Flag(help: "Print JSON (documented in docs/CLI-JSON.md).")
    var json = false

    func validate() throws {
        _ = try steps()
    }

    /// A and B, or why they are not two step numbers.
    private func steps() throws(ValidationError) -> (a: Int, b: Int) {
        // `--` (which lets a shell user pass `-1` to other tools) arrives here as text.
        let states = states.filter { $0 != "--" }
        if let option = states.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
            throw ValidationError("unknown option '\(option)'")
        }
        guard states.count == 2 else {
            throw ValidationError("diff takes two states, A and B, such as `diff \(journal) 3 8`; got \(states.count)")
        }
        guard let a = Int(states[0]), let b = Int(states[1]) else {
            let word = Int(states[0]) == nil ? states[0] : states[1]
            throw ValidationError("\"\(word)\" is not a step number; A and B are steps (\(StepHelp.state))")
        }
        try StepHelp.refuseNegativeState(a)
        try StepHelp.refuseNegativeState(b)
        return (a, b)
    }

    func execute(console: Console) throws {
        let (a, b) = try steps()
        let timeline = try console.openTimeline(journal)
        let diff = try timeline.diff(from: a, to: b)
        if json {
            console.print(json: diff)
        } else if diff.isEmpty {
            console.print("steps \(a) and \(b) have the same state")
        } else {
            for line in diff.lines(maximumValueLength: 200) {
                console.print(line)
            }
        }
    }
}

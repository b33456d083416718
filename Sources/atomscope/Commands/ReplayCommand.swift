import ArgumentParser
import AtomScopeKit
import Foundation

struct ReplayCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a journal: every step with its cause, source location and value diffs."
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Option(help: "The first step to show.")
    var from: Int?

    @Option(help: "The last step to show.")
    var to: Int?

    @Flag(help: "Wait between steps as long as the app did when it recorded them.")
    var live = false

    @Option(help: "Like --live, this many times faster (2 = twice as fast).")
    var speed: Double?

    @Flag(help: "Also list the atoms each step recomputed to an equal value (not changes).")
    var recomputed = false

    func validate() throws {
        if let speed, !(speed > 0) {
            throw ValidationError("--speed must be a positive number, such as 2 or 0.5")
        }
        if live, speed != nil {
            throw ValidationError("use either --live or --speed, not both")
        }
    }

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        guard timeline.stepCount > 0 else {
            console.print("\(timeline.path) has no steps")
            return
        }
        let first = from ?? 1
        let last = to ?? timeline.stepCount
        for bound in [first, last] where !(1...timeline.stepCount).contains(bound) {
            throw AtomScopeError.stepOutOfRange(path: timeline.path, step: bound, valid: 1...timeline.stepCount)
        }
        let pace = speed ?? (live ? 1 : nil)
        let formatter = StepFormatter(style: console.style)
        var previousTime: Int64?
        for number in first...max(first, last) {
            let step = try timeline.step(number)
            if let pace, let previousTime, step.time > previousTime {
                Thread.sleep(forTimeInterval: Double(step.time - previousTime) / 1_000_000 / pace)
            }
            previousTime = step.time
            for line in formatter.block(step, diff: try timeline.diff(step: number), recomputed: recomputed) {
                console.print(line)
            }
        }
    }
}

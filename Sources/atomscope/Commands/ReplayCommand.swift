import ArgumentParser
import AtomScopeKit
import Foundation

struct ReplayCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a journal: every step with its cause, source location and value diffs.",
        discussion: """
            Marks (JournalRecorder.mark) are shown where they fall: after the step they follow, \
            including a mark just before the first step shown.
            """
    )

    @Argument(help: "The journal file.")
    var journal: String

    // `.unconditional` so that `--from -1` is refused as a step out of range, saying how
    // steps are numbered, instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: "The first step to show; default 1 (\(StepHelp.step)).")
    var from: Int?

    @Option(parsing: .unconditional, help: "The last step to show; default the last (\(StepHelp.step)).")
    var to: Int?

    @Flag(help: "Wait between steps as long as the app did when it recorded them (at most 10 s each).")
    var live = false

    // Unconditional, so that `--speed -1` is refused as a speed, not taken for an option.
    @Option(parsing: .unconditional, help: "Like --live, this many times faster: 0.001 to 1000 (2 = twice as fast).")
    var speed: Double?

    @Flag(help: "Also list the atoms each step recomputed to an equal value (not changes).")
    var recomputed = false

    func validate() throws {
        try StepHelp.refuseNegativeStep(from)
        try StepHelp.refuseNegativeStep(to)
        if let speed {
            do {
                _ = try ReplayPace(speed: speed)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if live, speed != nil {
            throw ValidationError("use either --live or --speed, not both")
        }
    }

    func execute(console: Console) throws {
        let timeline = try console.openTimeline(journal)
        let formatter = StepFormatter(style: console.style)
        guard timeline.stepCount > 0 else {
            if let bound = from ?? to {
                throw AtomScopeError.stepOutOfRange(path: timeline.path, step: bound, valid: nil)
            }
            console.print("\(timeline.path) has no steps")
            for mark in timeline.marks {
                console.print(formatter.markLine(mark))
            }
            return
        }
        let valid = 1...timeline.stepCount
        for bound in [from, to].compactMap(\.self) where !valid.contains(bound) {
            throw AtomScopeError.stepOutOfRange(path: timeline.path, step: bound, valid: valid)
        }
        let first = from ?? 1
        let last = to ?? timeline.stepCount
        guard first <= last else {
            throw AtomScopeError.emptyStepRange(path: timeline.path, from: first, to: last, valid: valid)
        }
        // A mark that follows the step before the first shown is the landmark the range
        // starts from, so it is shown too.
        let marks = timeline.marks.filter { (first - 1...last).contains($0.step) }
        let pace = try (speed ?? (live ? 1 : nil)).map { speed throws(AtomScopeError) in try ReplayPace(speed: speed) }
        var previousTime: Int64?
        for entry in timeline.entries(steps: Array(first...last), marks: marks) {
            switch entry {
            case .mark(let mark):
                console.print(formatter.markLine(mark))
            case .step(let number):
                let step = try timeline.step(number)
                if let pace, let previousTime {
                    let wait = pace.wait(from: previousTime, to: step.time)
                    Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
                }
                previousTime = step.time
                for line in formatter.block(step, diff: try timeline.diff(of: step), recomputed: recomputed) {
                    console.print(line)
                }
            }
        }
    }
}

import ArgumentParser
import AtomJournal
import AtomScopeKit
import Foundation

struct VerifyCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every frame of a journal and what its records mean; with --repair, cut a torn tail.",
        discussion: "Exits 0 when the journal is intact, 1 when it is damaged (a torn tail counts unless --repair cut it)."
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Flag(help: "Truncate a torn tail, after saying what will be cut.")
    var repair = false

    func execute(console: Console) throws {
        let verification = try JournalVerification(url: URL(fileURLWithPath: journal))
        let style = console.style
        switch verification.ending {
        case .closed, .open:
            console.print(style.green("ok") + ": \(verification.frames) frames, \(verification.steps) steps, every step's references defined, "
                + "\(verification.keyframesChecked) later keyframes equal to their replayed state, \(verification.ending)")
        case .tornTail:
            console.print(style.yellow("torn") + ": \(verification.frames) valid frames, \(verification.steps) steps, then \(verification.ending)")
            guard let plan = verification.repairPlan else { return }
            if repair {
                console.print("repair: \(plan)")
                try verification.repair()
                console.print(style.green("repaired") + ": \(verification.path) now ends after its last valid frame")
            } else {
                console.error("\(verification.path) has a \(verification.ending); run `atomscope verify --repair \(journal)` to \(plan)")
                throw ExitCode.failure
            }
        }
    }
}

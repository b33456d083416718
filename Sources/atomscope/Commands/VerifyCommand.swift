import ArgumentParser
import AtomJournal
import AtomScopeKit
import Foundation

struct VerifyCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every frame of a journal and what its records mean; with --repair, cut a torn tail.",
        discussion: """
            Exits 0 when the journal is intact, 1 when it is damaged (a torn tail counts unless --repair cut it). \
            Damage in the middle of the file is read past: each damaged run is listed with where valid frames resume, \
            and the valid frames after it are counted. Only a torn tail can be repaired; cutting anywhere else would \
            lose the frames after the damage. A journal that a running app is still recording is never cut. Zeros after \
            the last frame are space the recorder reserved and has not written (it is recording, or its app died): \
            not damage, and reported as such.
            """
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Flag(help: "Truncate a torn tail, after saying what will be cut.")
    var repair = false

    func execute(console: Console) throws {
        let verification = try JournalVerification(url: URL(fileURLWithPath: journal))
        let style = console.style
        if let first = verification.damage.first {
            try reportDamage(verification, first: first, console: console)
        }
        switch verification.ending {
        case .closed, .open:
            console.print(style.green("ok") + ": \(verification.frames) frames, \(verification.steps) steps, every step's references defined, "
                + "\(verification.keyframesChecked) later keyframes equal to their replayed state, \(verification.ending)"
                + (verification.unwrittenBytes > 0 ? ", then \(verification.unwrittenBytes) bytes the recorder reserved and has not written (zeros)" : ""))
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

    private func reportDamage(_ verification: JournalVerification, first: JournalDamage, console: Console) throws {
        let runs = verification.damage.count
        console.print(console.style.red("damaged") + ": \(verification.frames) valid frames, \(verification.steps) steps, "
            + "\(runs == 1 ? "1 damaged run" : "\(runs) damaged runs"), \(verification.lostFrames == 1 ? "1 frame" : "\(verification.lostFrames) frames") lost, then \(verification.ending); "
            + "what the records mean was not checked, since steps after damage cannot be placed in time")
        for damage in verification.damage {
            console.print("  \(damage)")
        }
        let fix = repair ? "only a torn tail can be repaired, and cutting here would lose every valid frame after the damage" :
            "the damaged runs are listed above with where valid frames resume; no repair can restore the lost frames"
        console.error("\(verification.path) is damaged at offset \(first.offset) (\(first.reason)); \(fix)")
        throw ExitCode.failure
    }
}

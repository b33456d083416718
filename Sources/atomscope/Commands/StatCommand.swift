import ArgumentParser
import AtomJournal
import AtomScopeKit
import Foundation

struct StatCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "stat",
        abstract: "Summarize a journal: steps, atoms, time span, size, keyframes, damage, and what each atom costs."
    )

    @Argument(help: "The journal file.")
    var journal: String

    @Flag(help: "Print JSON (documented in docs/CLI-JSON.md).")
    var json = false

    @Flag(help: "Also show how often each atom was recomputed to an equal value (not changes).")
    var recomputed = false

    func execute(console: Console) throws {
        let progress = ProgressLine.onTerminal("reading \(URL(fileURLWithPath: journal).lastPathComponent)")
        defer { progress?.finish() }
        let opened = try Journal.openForTwoPasses(url: URL(fileURLWithPath: journal), progress: progress.map { line in { line.update($0) } })
        let statistics = try JournalStatistics(journal: opened)
        opened.reader.progress = nil
        progress?.finish()
        console.noteDamage(path: journal, ending: opened.index.ending)
        if json {
            console.print(json: statistics)
        } else {
            console.print(statistics.text(style: console.style, recomputed: recomputed))
        }
    }
}

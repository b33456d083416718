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
        let name = URL(fileURLWithPath: journal).lastPathComponent
        // One pass, which counts as it indexes; a journal whose counts by number do not sum
        // to its ids' is counted in a second pass, with a line of its own.
        let reading = ProgressLine.onTerminal("reading \(name)")
        let opened: Journal
        do {
            defer { reading?.finish() }
            opened = try Journal(url: URL(fileURLWithPath: journal), progress: reading.map { line in { line.update($0) } }, countingSteps: true)
        }
        var counting: ProgressLine?
        let statistics: JournalStatistics
        do {
            defer {
                opened.reader.progress = nil
                counting?.finish()
            }
            statistics = try JournalStatistics(journal: opened) {
                counting = ProgressLine.onTerminal("counting \(name)")
                opened.reader.progress = counting.map { line in opened.reader.fractionReporter { line.update($0) } }
            }
        }
        console.noteDamage(path: journal, ending: opened.index.ending)
        if json {
            console.print(json: statistics)
        } else {
            console.print(statistics.text(style: console.style, recomputed: recomputed))
        }
    }
}

@testable import AtomJournal
@testable import AtomScopeKit
import Foundation
import Testing

/// `log` without colours writes a line from the step's record (`LogLineWriter`): byte for
/// byte the formatter's line of the step's summary, for ids that need making one line or
/// sort in surprising ways, several numbers with one id, labels, causes, locations, lists
/// past six atoms and recomputed atoms, on random journals and on the shipped fixtures.
@Suite struct LogLineWriterTests {
    /// Ids that sort in surprising ways (case, digits, non-ASCII, "é" precomposed and
    /// decomposed, which Swift takes for one string) or that need escaping; "b" twice.
    private static let ids = [
        "b", "B", "a", "a10", "a9", "é", "e\u{301}", "Ω", "z", "Zed", "", "b", "Name\nwith newline", "quote \" and \\", "esc \u{1B}[31m",
    ]
    private static let texts = ["set", "batch", "refresh", "tab\there", "line\nbreak", "\"quoted\"", "back\\slash", ""]

    private static func randomJournal(seed: UInt64) -> [JournalRecord] {
        var numbers = SyntheticJournal.Numbers(seed: seed)
        var records = ids.enumerated().map { SyntheticJournal.atom($0.offset, $0.element) }
        for (number, text) in texts.enumerated() {
            records.append(.locationDefinition(JournalLocationDefinition(number: number, fileID: "App/\(text).swift", line: number * 7)))
        }
        func some(_ most: Int) -> [Int] {
            (0..<numbers.below(most + 1)).map { _ in numbers.below(ids.count) }
        }
        var time: Int64 = 0
        for commit in 1...300 {
            time += Int64(numbers.below(3) == 0 ? 2_500_000 : 700)
            var step = JournalStep(
                commit: commit, time: time, operation: texts[numbers.below(texts.count)],
                causeAtom: numbers.below(3) == 0 ? nil : numbers.below(ids.count),
                causeLocation: numbers.below(3) == 0 ? nil : numbers.below(texts.count),
                label: numbers.below(4) == 0 ? texts[numbers.below(texts.count)] : nil,
                initialized: some(2).map { SyntheticJournal.entry($0, "1") },
                updated: some(numbers.below(5) == 0 ? 12 : 3).map { SyntheticJournal.entry($0, "\(commit)") }
            )
            step.recomputed = some(numbers.below(5) == 0 ? 9 : 2)
            records.append(.step(step))
        }
        return records
    }

    /// Every line of `timeline`, both ways, with and without recomputed atoms.
    private func expectSameLines(_ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let formatter = StepFormatter(style: TextStyle(colored: false))
        var writer = timeline.logLineWriter()
        var written = 0
        for number in timeline.stateRange.dropFirst() {
            for recomputed in [false, true] {
                let expected = formatter.logLineBytes(try timeline.summary(number), recomputed: recomputed).text
                let line = try timeline.logLine(number, recomputed: recomputed, writer: &writer)
                #expect(line?.text == expected, "step \(number)", sourceLocation: sourceLocation)
                // Compared as bytes too: Swift's `==` takes the two spellings of "é" for one.
                #expect(line.map { Array($0.text.utf8) } == Array(expected.utf8), "step \(number)", sourceLocation: sourceLocation)
                written += 1
            }
        }
        #expect(written == 2 * (timeline.stateRange.count - 1), sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func aLineFromTheRecordIsTheSummarysLine(seed: UInt64) throws {
        let url = try SyntheticJournal.write(Self.randomJournal(seed: seed))
        defer { SyntheticJournal.remove(url) }
        try expectSameLines(try Timeline(url: url))
    }

    @Test(arguments: ["counter", "todo", "search"])
    func theFixturesLinesAreTheSummarysLines(name: String) throws {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../fixtures/\(name).journal").standardized
        try expectSameLines(try Timeline(url: url))
    }

    /// A number the journal does not define leaves the line to the formatter, which shows
    /// it as `#n`.
    @Test func anUndefinedNumberLeavesTheLineToTheFormatter() throws {
        let url = try SyntheticJournal.write(Self.randomJournal(seed: 1))
        defer { SyntheticJournal.remove(url) }
        var writer = try Timeline(url: url).logLineWriter()
        func line(_ step: JournalStep, recomputed: Bool = false) throws -> LineBytes? {
            var base = DeltaBase()
            let payload = JournalRecord.step(step).encodePayload(base: &base)
            let changes = writer.changes
            let skimmed = payload.withUnsafeBytes { bytes in
                var reader = ByteReader(bytes)
                do {
                    try reader.skimStep(into: changes)
                    return true
                } catch {
                    return false
                }
            }
            try #require(skimmed)
            return writer.line(text: JournalStepText(operation: step.operation, label: step.label), time: step.time, number: 1, recomputed: recomputed)
        }
        let defined = JournalStep(commit: 1, time: 0, operation: "set", updated: [SyntheticJournal.entry(2, "1")])
        #expect(try line(defined, recomputed: true)?.text == "#1 +0.000s set → a")
        for step in [
            JournalStep(commit: 1, time: 0, operation: "set", updated: [SyntheticJournal.entry(999, "1")]),
            JournalStep(commit: 1, time: 0, operation: "set", causeAtom: 999),
            JournalStep(commit: 1, time: 0, operation: "set", causeLocation: 999),
            JournalStep(commit: 1, time: 0, operation: "set", released: [999]),
        ] {
            #expect(try line(step) == nil)
        }
        var recomputed = defined
        recomputed.recomputed = [999]
        #expect(try line(recomputed) != nil)
        #expect(try line(recomputed, recomputed: true) == nil)
    }
}

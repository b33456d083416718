@testable import AtomJournal
import Foundation
import Testing

/// The second pass over a large journal's steps (`atomscope stat`, every timeline's index of
/// changes) runs in two halves at once, each into its own sink. What the sinks hold once
/// joined, and any error, must be what one pass gives, wherever the split falls.
@Suite struct SplitSkimTests {
    /// What a pass saw: one line per step, in the order the sinks were joined.
    final class Seen {
        var lines: [String] = []
    }

    /// A visit that throws at the given positions, as a sink that rejects a step does.
    struct Rejected: Error, Equatable {
        let position: Int
    }

    private static func visit(rejecting rejected: Set<Int>) -> @Sendable (Seen, Int, JournalStepChanges) throws -> Void {
        { seen, position, changes in
            if rejected.contains(position) { throw Rejected(position: position) }
            let values = changes.values.map { "\($0.atom):\($0.bytes)" }.joined(separator: ",")
            seen.lines.append("\(position) [\(values)] r\(Array(changes.recomputed)) x\(Array(changes.released)) p\(changes.patches.count)")
        }
    }

    /// A journal of `count` steps with values of a few sizes, recomputes, releases, marks,
    /// keyframes and late definitions among them.
    private static func journal(steps count: Int, seed: UInt64, in folder: FormatScratchFolder) throws -> URL {
        var numbers = FormatSeededRandom(seed: seed)
        let url = folder.newFile()
        let writer = try JournalWriter(url: url, flushPolicy: .never)
        for atom in 0..<3 {
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: atom, id: "Atom\(atom)", kind: "state", valueType: "String", isRestorable: true, isSensitive: false, isKeepAlive: false)))
        }
        try writer.append(.keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])))
        for step in 0..<count {
            let atom = Int.random(in: 0..<3, using: &numbers)
            let text = String(repeating: "y", count: Int.random(in: 0..<40, using: &numbers))
            var record = JournalStep(
                commit: step + 1, time: Int64(step * 100), operation: "set",
                updated: [JournalValueEntry(atom: atom, value: .json("\"\(text)\""))],
                released: Int.random(in: 0..<9, using: &numbers) == 0 ? [(atom + 2) % 3] : []
            )
            if Int.random(in: 0..<4, using: &numbers) == 0 { record.recomputed = [(atom + 1) % 3] }
            try writer.append(.step(record))
            switch Int.random(in: 0..<50, using: &numbers) {
            case 0: try writer.append(.mark(JournalMark(commit: step + 1, time: Int64(step * 100), label: "mark \(step)")))
            case 1: try writer.append(.keyframe(JournalKeyframe(commit: step + 1, time: Int64(step * 100), atoms: [], edges: [], subscriptions: [])))
            default: break
            }
        }
        try writer.close()
        return url
    }

    /// One pass: the lines seen, or the error thrown, and the frames counted.
    private static func skim(_ journal: Journal, split: IndexSplit, rejecting rejected: Set<Int> = []) -> (lines: [String], frames: Int?, error: String?, joined: Bool) {
        journal.reader.skimSplit = split
        let seen = Seen()
        var joined = false
        do {
            let frames = try journal.skimSteps(into: seen, splittingInto: { Seen() }, join: { joined = true; $0.lines += $1.lines }, visit(rejecting: rejected))
            return (seen.lines, frames, nil, joined)
        } catch {
            return (seen.lines, nil, "\(error)", joined)
        }
    }

    private static let splits: [IndexSplit] = [
        IndexSplit(minimum: 0, chunk: 4 << 10),
        IndexSplit(minimum: 0, chunk: 4 << 10, waitsForAThread: true),
        IndexSplit(minimum: 0, chunk: 4 << 10, handsOver: false),
    ]

    /// Split anywhere, by every way the second half may run (on a thread, waited for, taken
    /// back), the joined sinks hold exactly what one pass gives, and the frames add up.
    @Test func aSplitPassSeesWhatOnePassSees() throws {
        let folder = try FormatScratchFolder()
        let url = try Self.journal(steps: 1_500, seed: 7, in: folder)
        let journal = try Journal(url: url)
        let whole = Self.skim(journal, split: .never)
        #expect(whole.lines.count == 1_500)
        #expect(whole.error == nil)
        let size = journal.reader.fileSize
        for at in [journal.header.size + 1, size / 7, size / 2, size / 2 + 13, size - 600, size - 1] {
            for var split in Self.splits {
                split.at = at
                let parted = Self.skim(journal, split: split)
                #expect(parted.error == nil, "split at \(at): \(parted.error ?? "")")
                // The halves met at the first step at or after the split point; with no step
                // before it, or none after, there is one pass.
                let steps = journal.index.steps
                #expect(parted.joined == (steps[0].offset < at && steps[steps.count - 1].offset >= at), "split at \(at)")
                #expect(parted.lines == whole.lines, "split at \(at)")
                #expect(parted.frames == whole.frames, "split at \(at)")
            }
        }
    }

    /// An error in either half is the one a single pass meets first: the first half's when
    /// both have one, the second's when only it has, and the first sink has seen every step
    /// before it.
    @Test func theFirstErrorOfOnePassIsTheErrorOfASplitPass() throws {
        let folder = try FormatScratchFolder()
        let url = try Self.journal(steps: 1_000, seed: 11, in: folder)
        let journal = try Journal(url: url)
        let middle = journal.reader.fileSize / 2
        for rejected: Set<Int> in [[100], [900], [100, 900], [499, 500, 501], [999]] {
            let whole = Self.skim(journal, split: .never, rejecting: rejected)
            #expect(whole.error == "\(Rejected(position: rejected.min() ?? 0))")
            for var split in Self.splits {
                split.at = middle
                let parted = Self.skim(journal, split: split, rejecting: rejected)
                #expect(parted.error == whole.error, "rejecting \(rejected)")
                #expect(parted.lines == whole.lines, "rejecting \(rejected)")
            }
        }
    }

    /// The file cut short between opening and the pass: the split pass ends, or fails, as
    /// one pass does.
    @Test func aFileCutAfterOpeningEndsTheSplitPassAsOnePass() throws {
        let folder = try FormatScratchFolder()
        let url = try Self.journal(steps: 1_000, seed: 13, in: folder)
        let bytes = try Data(contentsOf: url)
        for cut in [bytes.count / 3, bytes.count / 2 + 5, bytes.count * 3 / 4] {
            try bytes.write(to: url)
            let journal = try Journal(url: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(cut))
            try handle.close()
            let whole = Self.skim(journal, split: .never)
            for var split in Self.splits {
                split.at = bytes.count / 2
                let parted = Self.skim(journal, split: split)
                #expect(parted.lines == whole.lines, "cut at \(cut)")
                #expect(parted.error == whole.error, "cut at \(cut)")
                #expect(parted.frames == whole.frames, "cut at \(cut)")
            }
        }
    }

    /// Too small to split by default: one pass, and no sink is made for a second half.
    @Test func aSmallJournalIsOnePass() throws {
        let folder = try FormatScratchFolder()
        let url = try Self.journal(steps: 200, seed: 17, in: folder)
        let journal = try Journal(url: url)
        var made = 0
        let seen = Seen()
        _ = try journal.skimSteps(into: seen, splittingInto: { made += 1; return Seen() }, join: { $0.lines += $1.lines }, Self.visit(rejecting: []))
        #expect(made == 0)
        #expect(seen.lines.count == 200)
    }
}

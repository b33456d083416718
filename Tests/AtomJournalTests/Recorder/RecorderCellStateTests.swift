import Atoms
import AtomJournal
import Foundation
import Testing

private struct Entry: Codable, Equatable, Sendable {
    var id: Int
    var title: String
}

private struct EntriesAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Entry] {
        (0..<30).map { Entry(id: $0, title: "entry \($0)") }
    }
}

/// A recorder finds what it keeps for a changed atom from the atom's cell, under its own token
/// (`CommittedAtom.observerState(token:)`). Several recorders of one store each keep their own,
/// so each must find its own and never another's, nor one freed with a recorder dropped earlier.
@MainActor
@Suite("Recorder: what it keeps for an atom, found from the atom's cell")
struct RecorderCellStateTests {
    @Test("Recorders that overlap on one store, and one started after another was dropped, each replay to every value")
    func overlappingRecordersEachReplayTrue() throws {
        let first = TemporaryJournal("first")
        let second = TemporaryJournal("second")
        let third = TemporaryJournal("third")
        let root = AtomRoot()
        let context = root.context()
        _ = context.watch(EntriesAtom())
        _ = context.watch(Cell(index: 0))
        _ = context.watch(PairSum(index: 1))

        /// The values after each commit, for the journals that saw it.
        var expected: [(entries: [Entry], cell: Int, sum: Int)] = []
        func commit(_ body: () -> Void) {
            body()
            expected.append((context.read(EntriesAtom()), context.read(Cell(index: 0)), context.read(PairSum(index: 1))))
        }
        func changes(_ round: Int) {
            commit { context.modify(EntriesAtom()) { $0[round % 30].title = "round \(round)" } }
            commit { context.set(round * 10, for: Cell(index: 0)) }
            commit { context.set(round, for: Cell(index: 1)) }
            commit { context.modify(EntriesAtom()) { $0.append(Entry(id: 100 + round, title: "added \(round)")) } }
        }

        var recorderA: JournalRecorder? = try JournalRecorder(root: root, url: first.url)
        changes(1)
        // The second recorder defines every atom again, and keeps its own slot in each cell.
        let recorderB = try JournalRecorder(root: root, url: second.url)
        let secondStart = expected.count
        changes(2)
        changes(3)
        try recorderA?.close()
        let firstEnd = expected.count
        // Dropped: its table's memory is freed while the cells may still name it.
        recorderA = nil
        let recorderC = try JournalRecorder(root: root, url: third.url)
        let thirdStart = expected.count
        changes(4)
        changes(5)
        try recorderB.close()
        try recorderC.close()

        let journals = [(first.url, 0..<firstEnd), (second.url, secondStart..<expected.count), (third.url, thirdStart..<expected.count)]
        for (url, range) in journals {
            let atoms = try Journal(url: url).index.atoms.values
            let entries = try #require(atoms.first { $0.id.hasPrefix("EntriesAtom") }).number
            let cell = try #require(atoms.first { $0.id == "Cell(index: 0)" }).number
            let sum = try #require(atoms.first { $0.id == "PairSum(index: 1)" }).number
            let states = try replay(url).states
            try #require(states.count == range.count, "\(url.lastPathComponent)")
            for (state, index) in zip(states, range) {
                let values = expected[index]
                #expect(state[entries] == .json(try Self.json(values.entries)))
                #expect(state[cell] == .json(String(values.cell)))
                #expect(state[sum] == .json(String(values.sum)))
            }
        }
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

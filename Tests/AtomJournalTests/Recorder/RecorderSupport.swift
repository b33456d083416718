import AtomJournal
import Atoms
import Foundation
import Testing

/// A fresh path in the temporary directory; the file is removed when the test's scope ends.
struct TemporaryJournal: ~Copyable {
    let url: URL

    init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("atomscope-\(safe)-\(UUID().uuidString).journal")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}


struct Cell: StateAtom, Hashable {
    let index: Int
    func defaultValue(context: Context) -> Int { index }
}

struct PairSum: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        context.watch(Cell(index: index)) + context.watch(Cell(index: index + 1))
    }
}

/// Depends on a different cell depending on a switch, so that edges come and go.
struct Switcher: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        let selector = context.watch(Cell(index: 0))
        return context.watch(Cell(index: (index + abs(selector)) % 8 + 1)) * 2
    }
}

struct Secret: StateAtom, Sensitive, Hashable {
    func defaultValue(context: Context) -> String { "sentinel-7f3a9c-SECRET" }
}

struct SecretLength: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(Secret()).count }
}

struct Opaque: ValueAtom, Hashable {
    final class Handle: CustomStringConvertible {
        var description: String { "Handle()" }
    }
    func value(context: Context) -> Handle { Handle() }
}

/// Replays a journal's records by number, applying patches, and returns the value of every
/// atom after each step, with the steps and keyframes read.
func replay(_ url: URL) throws -> (states: [[Int: JournalValue]], steps: [JournalStep], keyframes: [JournalKeyframe]) {
    let (records, ending) = try JournalReader(url: url).readAll()
    #expect(ending == .closed)
    var values: [Int: JournalValue] = [:]
    var states: [[Int: JournalValue]] = []
    var steps: [JournalStep] = []
    var keyframes: [JournalKeyframe] = []
    for record in records {
        switch record {
        case .step(let step):
            for entry in step.initialized { values[entry.atom] = entry.value }
            for entry in step.updated {
                if let patch = step.patches.first(where: { $0.atom == entry.atom }) {
                    values[entry.atom] = try patch.apply(to: values[entry.atom] ?? .absent)
                } else {
                    values[entry.atom] = entry.value
                }
            }
            for atom in step.released { values[atom] = nil }
            states.append(values)
            steps.append(step)
        case .keyframe(let keyframe):
            // A keyframe holds whole values, equal to what the steps before it give.
            if !states.isEmpty {
                #expect(Dictionary(uniqueKeysWithValues: keyframe.atoms.map { ($0.atom, $0.value) }) == values)
            }
            for entry in keyframe.atoms { values[entry.atom] = entry.value }
            keyframes.append(keyframe)
        default:
            break
        }
    }
    return (states, steps, keyframes)
}

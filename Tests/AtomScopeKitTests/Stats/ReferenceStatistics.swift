import AtomJournal
import AtomScopeKit
import Foundation

/// Per-atom counts worked out the plain way, by decoding every step whole: what
/// `JournalStatistics` must agree with, however it reads the steps.
struct ReferenceUsage: Equatable, CustomStringConvertible {
    var changes = 0
    var recomputes = 0
    var valueBytes = 0

    var description: String { "changes \(changes), recomputes \(recomputes), bytes \(valueBytes)" }

    static func of(_ journal: Journal) throws -> [String: ReferenceUsage] {
        let index = journal.index
        var usage: [String: ReferenceUsage] = [:]
        for definition in index.atoms.values { usage[definition.id] = ReferenceUsage() }
        for position in index.steps.indices {
            let step = try journal.step(at: position)
            var touched = Set<String>()
            for entry in step.initialized + step.updated {
                guard let id = index.atoms[entry.atom]?.id else { continue }
                touched.insert(id)
                if let patch = step.patches.first(where: { $0.atom == entry.atom }) {
                    usage[id]?.valueBytes += patch.edits.reduce(0) { total, edit in
                        switch edit {
                        case .replace(_, let json), .insert(_, let json): total + json.utf8.count
                        case .remove: total
                        }
                    }
                } else if case .json(let text) = entry.value {
                    usage[id]?.valueBytes += text.utf8.count
                } else if case .text(let text) = entry.value {
                    usage[id]?.valueBytes += text.utf8.count
                }
            }
            for number in step.released {
                if let id = index.atoms[number]?.id { touched.insert(id) }
            }
            for id in touched { usage[id]?.changes += 1 }
            // A step recomputes an id once, however many of its numbers it names.
            for id in Set(step.recomputed.compactMap({ index.atoms[$0]?.id })) { usage[id]?.recomputes += 1 }
        }
        return usage
    }

    static func of(_ statistics: JournalStatistics) -> [String: ReferenceUsage] {
        Dictionary(uniqueKeysWithValues: statistics.perAtom.map {
            ($0.id, ReferenceUsage(changes: $0.changes, recomputes: $0.recomputes, valueBytes: $0.valueBytes))
        })
    }
}

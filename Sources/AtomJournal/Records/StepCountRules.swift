/// The rules `atomscope stat` counts a step's changes by, per slot (an atom id's, or an atom
/// number's while the ids are not known yet): each value entry and released atom counts a
/// change of its slot, once a step, and adds the value's bytes; each recomputed atom counts
/// a recompute, once a step; a patched value's bytes are its edits'. The first and last step
/// that counted each are kept as well. The C skim counts the
/// usual steps by the same rules (`count_step` in `step_skim.c`); these count the ones it
/// leaves to Swift.
extension JournalStepChanges {
    /// Counts this step, at `position`, into `counts` by the slot `slot(of:)` gives each atom
    /// number; numbers it gives no slot count nowhere.
    package func count(at position: Int, into counts: UnsafeMutableBufferPointer<StepSlotCounts>, slot: (Int) -> Int?) {
        for value in values {
            guard let index = slot(value.atom) else { continue }
            counts[index].valueBytes += value.bytes
            Self.countChange(&counts[index], at: position)
        }
        for atom in released {
            guard let index = slot(atom) else { continue }
            Self.countChange(&counts[index], at: position)
        }
        for atom in recomputed {
            guard let index = slot(atom), counts[index].lastRecompute != position else { continue }
            if counts[index].recomputes == 0 { counts[index].firstRecompute = position }
            counts[index].lastRecompute = position
            counts[index].recomputes += 1
        }
        if !patches.isEmpty { countPatches(into: counts, slot: slot) }
    }

    /// A patched value's bytes are its edits', not its placeholder's: the first patch of
    /// each atom replaces the placeholder bytes of that atom's entries in the step, as the
    /// timeline applies it.
    private func countPatches(into counts: UnsafeMutableBufferPointer<StepSlotCounts>, slot: (Int) -> Int?) {
        var entries: [Int: (count: Int, bytes: Int)] = [:]
        for value in values {
            entries[value.atom, default: (0, 0)].count += 1
            entries[value.atom, default: (0, 0)].bytes += value.bytes
        }
        var patched = Set<Int>()
        for patch in patches where patched.insert(patch.atom).inserted {
            guard let index = slot(patch.atom), let entry = entries[patch.atom] else { continue }
            counts[index].valueBytes += entry.count * patch.bytes - entry.bytes
        }
    }

    private static func countChange(_ counts: inout StepSlotCounts, at position: Int) {
        guard counts.lastChange != position else { return }
        if counts.changes == 0 { counts.firstChange = position }
        counts.lastChange = position
        counts.changes += 1
    }
}

@_spi(Recording) import Atoms

/// The short way for an atom whose values are `Int` or `Bool`: the value is read where the
/// store keeps it and written from the table's slot, without the atom's `RecordedAtom`.
///
/// Most atoms an app changes are counters, flags and the numbers derived from them. Through
/// `RecordedAtom`, each change cost the object's retain and release, an exclusivity check
/// per field and the scalar enum's copies, several times the entry's own bytes. The lane is
/// found once, from the atom's first value; a value that is not in place (see
/// `CommittedAtom.committedAddress(of:)`) takes the general path, which then holds the last
/// value again.
enum RecordedScalarLane: UInt8 {
    case none
    case int
    case bool

    /// The lane of an atom whose first value is `sample`; a sensitive atom has none, since
    /// its values are never written.
    init(sample: Any?, isSensitive: Bool) {
        guard !isSensitive, let sample else {
            self = .none
            return
        }
        let type = Swift.type(of: sample)
        self = type == Int.self ? .int : type == Bool.self ? .bool : .none
    }

    /// Writes the committed value of `atom` as its entry, and keeps it in `slot` for the next
    /// keyframe; returns `false`, writing nothing, when the lane is `none` or the value is not
    /// in place.
    @MainActor
    @inline(__always)
    static func write(
        _ atom: CommittedAtom, number: Int, slot: UnsafeMutablePointer<RecordedSlot>,
        into entries: inout EncodedValueEntries
    ) -> Bool {
        switch slot.pointee.lane {
        case .none:
            return false
        case .int:
            // The lane is `.int` only for an atom whose values are `Int`s, so a word the
            // store compared is one.
            let value: Int
            if let word = atom.committedWord {
                value = Int(truncatingIfNeeded: word)
            } else {
                guard let address = atom.committedAddress(of: Int.self) else { return false }
                value = address.load(as: Int.self)
            }
            let headCount = slot.pointee.integerHeadCount
            if headCount != 0 {
                entries.append(integerHead: slot.pointee.integerHead, headCount: headCount, value: value)
            } else {
                entries.append(atom: number, integer: value)
            }
            slot.pointee.laneValue = value
        case .bool:
            guard let address = atom.committedAddress(of: Bool.self) else { return false }
            let value = address.load(as: Bool.self)
            entries.append(atom: number, scalar: .bool(value))
            slot.pointee.laneValue = value ? 1 : 0
        }
        slot.pointee.laneIsLast = true
        return true
    }

    /// Writes the entries of `atoms` from `start` on, for as long as each is an `Int` whose
    /// value the commit carries as a word and whose slot the recorder kept in its cell (a
    /// steady app's counters and the numbers derived from them); returns the index of the
    /// first atom it did not write, which the caller writes the general way.
    ///
    /// The same entries as `write(_:number:slot:into:)`, in a loop of its own that checks
    /// for room once and keeps its place and the entries' end in registers: through the
    /// general loop each entry reloaded them from memory, about 20 instructions a value.
    @MainActor
    static func writeIntegerWords(
        of atoms: UnsafeBufferPointer<CommittedAtom>, from start: Int, token: Int, into entries: inout EncodedValueEntries
    ) -> Int {
        guard start < atoms.count, let first = atoms.baseAddress else { return start }
        // At most `longestRun` atoms a call, so that the room reserved for a huge commit whose
        // atoms mostly go the general way stays small; the caller goes on after them.
        let count = Swift.min(atoms.count &- start, Self.longestRun)
        var written = 0
        entries.appendIntegers(maximum: count) { at in
            var atom = first + start
            let end = atom + count
            while atom != end {
                guard let word = atom.pointee.committedWord, let state = atom.pointee.observerState(token: token) else { break }
                let slot = state.assumingMemoryBound(to: RecordedSlot.self)
                // A head is made only for a slot of the `Int` lane, which a slot keeps for
                // good (`RecordedSlot.init`): its count alone says the lane.
                let headCount = slot.pointee.integerHeadCount
                guard headCount != 0 else { break }
                let value = Int(truncatingIfNeeded: word)
                EntryBytes.storeIntegerEntry(head: slot.pointee.integerHead, headCount: headCount, value, at: &at)
                slot.pointee.laneValue = value
                slot.pointee.laneIsLast = true
                atom += 1
            }
            written = first.distance(to: atom) &- start
            return written
        }
        return start &+ written
    }

    /// The most atoms `writeIntegerWords` writes in one call.
    static let longestRun = 1024

    /// Writes the entry of the value the lane wrote last, as a keyframe holds it: the bytes
    /// of that value as `JournalValue` JSON; returns `false`, writing nothing, when the
    /// general path wrote the last value.
    static func writeLastValue(in slot: UnsafeMutablePointer<RecordedSlot>, atom: Int, into entries: inout EncodedValueEntries) -> Bool {
        guard slot.pointee.laneIsLast else { return false }
        switch slot.pointee.lane {
        case .none: return false
        case .int: entries.append(atom: atom, integer: slot.pointee.laneValue)
        case .bool: entries.append(atom: atom, scalar: .bool(slot.pointee.laneValue != 0))
        }
        return true
    }
}

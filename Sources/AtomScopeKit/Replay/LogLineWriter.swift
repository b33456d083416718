import AtomJournal

/// Writes `log`'s lines without colours straight from a step's record: the bytes
/// ``StepFormatter/logLineBytes(_:recomputed:)`` writes for the step's
/// ``TimelineStepSummary``, without the summary, and from a skim of the step
/// (``Journal/skimStep(at:into:)``, checked as decoding checks it) rather than the decoded
/// step, whose values are made into strings a line never prints.
///
/// A summary names every atom, location and cause with a `String` looked up by number,
/// sorts the names through an array of tuples, and the formatter makes each name one line
/// again: about 10,000 instructions of a `log` line's 16,000 on a large journal. Here each
/// name is made one line once, kept as bytes by number, and a step's atoms are sorted as
/// places among the sorted ids (``TimelineCatalog/sortedIDs(ofAtoms:unique:)``'s order) in
/// memory kept from line to line.
///
/// A step that names a number the journal never defines is left to the formatter
/// (`line(for:number:recomputed:)` returns `nil`), which shows it as `#n`.
package struct LogLineWriter {
    /// By atom number, its place in ``atomNames`` and its id's place among the sorted ids.
    private let atomSlots: NumberTable
    private let atomRanks: NumberTable
    /// Each defined atom's id made one line, as bytes.
    private let atomNames: [[UInt8]]
    /// By location number, its place in ``locationNames``.
    private let locationSlots: NumberTable
    /// Each location (`Module/File.swift:line`) made one line, as bytes.
    private let locationNames: [[UInt8]]
    /// A step's atoms being sorted: rank, order in the step, place in `atomNames`. Kept
    /// between lines, so that a line allocates no list.
    private var sorting: [SIMD3<Int32>] = []
    /// What the step being written changed, skimmed into lists kept from line to line.
    let changes = JournalStepChanges()

    init(catalog: TimelineCatalog) {
        (atomSlots, atomNames) = Self.oneLineNames(catalog.ids)
        atomRanks = catalog.ranks
        (locationSlots, locationNames) = Self.oneLineNames(catalog.locations)
    }

    /// `names` made one line, as bytes, and by number each one's place among them.
    private static func oneLineNames(_ names: [Int: String]) -> (NumberTable, [[UInt8]]) {
        var places: [(number: Int, value: Int)] = []
        var lines: [[UInt8]] = []
        for (number, name) in names {
            places.append((number, lines.count))
            lines.append(Array(QuotedText.oneLine(name).utf8))
        }
        return (NumberTable(places), lines)
    }

    /// The line of the step skimmed into ``changes``, numbered `number`, with its operation
    /// and label in `text` and its time; with `recomputed`, the atoms it recomputed to an
    /// equal value too. `nil` when the step names an atom or a location the journal does not
    /// define.
    mutating func line(text: JournalStepText, time: Int64, number: Int, recomputed: Bool) -> LineBytes? {
        let step = changes
        var causeAtom: Int?
        if let atom = step.causeAtom {
            guard let slot = atomSlots[atom] else { return nil }
            causeAtom = slot
        }
        var causeLocation: Int?
        if let location = step.causeLocation {
            guard let slot = locationSlots[location] else { return nil }
            causeLocation = slot
        }
        // The changed atoms sorted first, then the recomputed ones after them in the same
        // memory: every number is checked before a byte is written.
        sorting.removeAll(keepingCapacity: true)
        for value in step.values { guard place(value.atom) else { return nil } }
        for atom in step.released { guard place(atom) else { return nil } }
        let changedCount = sorting.count
        let listsRecomputed = recomputed && !step.recomputed.isEmpty
        if listsRecomputed {
            for atom in step.recomputed { guard place(atom) else { return nil } }
        }
        Self.sort(&sorting, 0..<changedCount)
        Self.sort(&sorting, changedCount..<sorting.count)

        // Room for most lines at once: a line of a few atoms and a location passes 128 bytes,
        // and growing the array was a tenth of a line.
        var line = LineBytes(capacity: 256)
        StepFormatter.appendPlainOpening(number: number, time: time, operation: text.operation, label: text.label, to: &line)
        if let causeAtom {
            line.append(ascii: UInt8(ascii: " "))
            line.append(bytes: atomNames[causeAtom])
        }
        if let causeLocation {
            line.append(bytes: StepFormatter.PlainPiece.at)
            line.append(bytes: locationNames[causeLocation])
        }
        if changedCount > 0 {
            line.append(bytes: StepFormatter.PlainPiece.arrow)
            appendList(0..<changedCount, unique: true, to: &line)
        }
        if listsRecomputed {
            line.append(bytes: StepFormatter.PlainPiece.recomputedOpening)
            appendList(changedCount..<sorting.count, unique: false, to: &line)
            line.append(ascii: UInt8(ascii: ")"))
        }
        return line
    }

    /// Adds atom `number` to `sorting`; `false` when the journal does not define it.
    private mutating func place(_ number: Int) -> Bool {
        guard let slot = atomSlots[number], let rank = atomRanks[number] else { return false }
        sorting.append(SIMD3(Int32(truncatingIfNeeded: rank), Int32(truncatingIfNeeded: sorting.count), Int32(truncatingIfNeeded: slot)))
        return true
    }

    /// Sorts `range` of `entries` by rank, then order: an insertion sort, since a step names a
    /// few atoms, and the order breaks every tie, so no two entries compare equal.
    private static func sort(_ entries: inout [SIMD3<Int32>], _ range: Range<Int>) {
        guard range.count > 1 else { return }
        entries.withUnsafeMutableBufferPointer { entries in
            for index in (range.lowerBound + 1)..<range.upperBound {
                let entry = entries[index]
                var position = index
                while position > range.lowerBound, Self.precedes(entry, entries[position - 1]) {
                    entries[position] = entries[position - 1]
                    position -= 1
                }
                entries[position] = entry
            }
        }
    }

    private static func precedes(_ left: SIMD3<Int32>, _ right: SIMD3<Int32>) -> Bool {
        left.x != right.x ? left.x < right.x : left.y < right.y
    }

    /// The names of the sorted entries in `range` as the formatter lists them: at most
    /// ``StepFormatter/listedAtoms``, then how many there are; with `unique`, each id once (the first of its numbers).
    private func appendList(_ range: Range<Int>, unique: Bool, to line: inout LineBytes) {
        var listed = 0
        var total = 0
        var lastRank: Int32 = -1
        for index in range {
            let entry = sorting[index]
            if unique, total > 0, entry.x == lastRank { continue }
            lastRank = entry.x
            total += 1
            guard listed < StepFormatter.listedAtoms else { continue }
            if listed > 0 {
                line.append(ascii: UInt8(ascii: ","))
                line.append(ascii: UInt8(ascii: " "))
            }
            line.append(bytes: atomNames[Int(entry.z)])
            listed += 1
        }
        if total > StepFormatter.listedAtoms { StepFormatter.appendListTail(count: total, to: &line) }
    }
}

extension Timeline {
    /// What ``LogLineWriter`` needs of this timeline's names, made once for a `log`.
    package func logLineWriter() -> LogLineWriter {
        LogLineWriter(catalog: catalog)
    }

    /// `log`'s line for step `number` without colours, written from its record by `writer`;
    /// `nil` when the step names a number the journal does not define, for the caller to
    /// format ``summary(_:)`` instead.
    package func logLine(_ number: Int, recomputed: Bool, writer: inout LogLineWriter) throws(AtomScopeError) -> LineBytes? {
        guard number >= 1, number <= stepCount else {
            throw .stepOutOfRange(path: path, step: number, valid: stepCount > 0 ? 1...stepCount : nil)
        }
        let text: JournalStepText
        do {
            text = try journal.skimStep(at: number - 1, into: writer.changes)
        } catch {
            throw AtomScopeError(error)
        }
        return writer.line(text: text, time: journal.index.steps[number - 1].time, number: number, recomputed: recomputed)
    }
}

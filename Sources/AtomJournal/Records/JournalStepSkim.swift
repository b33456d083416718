/// What a step changed, read from its payload without building the step: the atoms it
/// initialized, updated, released or recomputed, and how many bytes each value took.
///
/// Opening a large journal (the timeline's index of changes, `atomscope stat`) built each
/// step's values as strings, and its lists, only to look at the numbers and drop them: over a
/// second for a million steps. This walks the same bytes (`JournalRecord+Codec.swift` is the
/// layout), checks every string is UTF-8 as decoding would, and allocates nothing for ASCII.
package enum JournalStepItem: Equatable, Sendable {
    /// What caused the step: an atom and a source location, either of which may be missing.
    case cause(atom: Int?, location: Int?)
    /// An initialized atom, and its value's bytes (0 for a redacted or absent one).
    case initialized(atom: Int, bytes: Int)
    /// An updated atom, and its value's bytes (for a patched value, the placeholder's).
    case updated(atom: Int, bytes: Int)
    /// A released atom.
    case released(atom: Int)
    /// A dependency added or removed.
    case edge(upstream: Int, downstream: Int)
    /// A subscription added or removed.
    case subscription(atom: Int, subscriber: Int)
    /// An atom recomputed, or set, to an equal value.
    case recomputed(atom: Int)
    /// An updated atom whose value is written as edits (format 1.3), and the edits' value bytes.
    case patch(atom: Int, bytes: Int)
    /// The step's payload was read to its end and every item above was visited: the place for
    /// checks that need the whole step, after any error in its bytes.
    case end
}

extension ByteReader {
    /// Moves past a string, checking it is UTF-8 as decoding it would, and returns its length.
    /// ASCII, most of what journals hold, is checked eight bytes at a time without building
    /// the string.
    @inline(__always)
    mutating func skimString() throws(PayloadError) -> Int {
        let count = try length()
        let text = try peek(count)
        var index = 0
        var ascii = true
        while ascii, count - index >= 8 {
            ascii = text.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            index += 8
        }
        while ascii, index < count {
            ascii = text[index] < 0x80
            index += 1
        }
        if !ascii, String(validating: text, as: UTF8.self) == nil {
            throw .invalid("string is not valid UTF-8")
        }
        try skip(count)
        return count
    }

    /// Visits what a step payload changed, in the order the payload holds it.
    mutating func skimStep(_ visit: (JournalStepItem) throws -> Void) throws {
        _ = try signed()
        _ = try signed()
        if try u8() == 0 { _ = try skimString() }
        let causeAtom = try number()
        let causeLocation = try number()
        try visit(.cause(atom: causeAtom == 0 ? nil : causeAtom - 1, location: causeLocation == 0 ? nil : causeLocation - 1))
        let flags = try u8()
        if flags & StepSection.label != 0 { _ = try skimString() }
        if flags & StepSection.initialized != 0 { try skimEntries(initialized: true, visit) }
        // Where the updated entries are, for checking that each patch names one of them.
        let updated = flags & StepSection.updated != 0 ? self : nil
        if flags & StepSection.updated != 0 { try skimEntries(initialized: false, visit) }
        if flags & StepSection.released != 0 {
            let count = try itemCount(minimumSize: 1)
            for _ in 0..<count { try visit(.released(atom: try number())) }
        }
        if flags & StepSection.edgesAdded != 0 { try skimPairs(visit) { .edge(upstream: $0, downstream: $1) } }
        if flags & StepSection.edgesRemoved != 0 { try skimPairs(visit) { .edge(upstream: $0, downstream: $1) } }
        if flags & StepSection.subscriptionsAdded != 0 { try skimPairs(visit) { .subscription(atom: $0, subscriber: $1) } }
        if flags & StepSection.subscriptionsRemoved != 0 { try skimPairs(visit) { .subscription(atom: $0, subscriber: $1) } }
        var patched = false
        while !isAtEnd {
            let tag = try u8()
            var body = try block()
            if tag == StepExtension.recomputed {
                let count = try body.itemCount(minimumSize: 1)
                for _ in 0..<count { try visit(.recomputed(atom: try body.number())) }
            } else if tag == StepExtension.patched {
                guard !patched else { throw PayloadError.invalid("a step has two patch extensions") }
                patched = true
                try body.skimPatches(updated: updated, visit)
            }
        }
    }

    private mutating func skimPairs(_ visit: (JournalStepItem) throws -> Void, _ item: (Int, Int) -> JournalStepItem) throws {
        let count = try itemCount(minimumSize: 2)
        for _ in 0..<count {
            let first = try number()
            try visit(item(first, try number()))
        }
    }

    private mutating func skimEntries(initialized: Bool, _ visit: (JournalStepItem) throws -> Void) throws {
        let count = try itemCount(minimumSize: 2)
        for _ in 0..<count {
            let atom = try number()
            let bytes = try skimValue()
            try visit(initialized ? .initialized(atom: atom, bytes: bytes) : .updated(atom: atom, bytes: bytes))
        }
    }

    /// The atom numbers of the entries at this reader's position (a count, then atom and value
    /// pairs): read once per step that has patches, so that checking each patch against them
    /// costs a lookup, not another pass over values that may be megabytes long.
    private mutating func entryAtoms() throws(PayloadError) -> Set<Int> {
        let count = try itemCount(minimumSize: 2)
        var atoms = Set<Int>(minimumCapacity: count)
        for _ in 0..<count {
            atoms.insert(try number())
            _ = try skimValue()
        }
        return atoms
    }

    private mutating func skimValue() throws(PayloadError) -> Int {
        switch try u8() {
        case ValueTag.json, ValueTag.text: return try skimString()
        case ValueTag.redacted, ValueTag.absent: return 0
        case let tag: throw .invalid("unknown value tag \(tag)")
        }
    }

    private mutating func skimPatches(updated: ByteReader?, _ visit: (JournalStepItem) throws -> Void) throws {
        let count = try itemCount(minimumSize: 3)
        // Each patch's bytes by position (nil for a form this version skips), for references.
        var sizes: [Int?] = []
        var updatedAtoms = updated.map { _ in Set<Int>() }
        if var entries = updated { updatedAtoms = try entries.entryAtoms() }
        for _ in 0..<count {
            let atom = try number()
            let form = try u8()
            var body = try block()
            let size: Int?
            switch form {
            case PatchForm.arrayEdits:
                var total = 0
                let edits = try body.itemCount(minimumSize: 3)
                for _ in 0..<edits {
                    let operation = try body.u8()
                    _ = try body.number()
                    switch operation {
                    case ArrayEditOperation.replace, ArrayEditOperation.insert: total += try body.skimString()
                    case ArrayEditOperation.remove: _ = try body.number()
                    default: throw PayloadError.invalid("unknown array edit \(operation)")
                    }
                }
                size = total
            case PatchForm.sameAs:
                let earlier = try body.number()
                guard earlier < sizes.count else { throw PayloadError.invalid("patch refers to a later patch \(earlier)") }
                size = sizes[earlier]
            default:
                size = nil
            }
            sizes.append(size)
            guard let size else { continue }
            guard updatedAtoms?.contains(atom) == true else {
                throw PayloadError.invalid("patched atom \(atom) is not among the updated atoms")
            }
            try visit(.patch(atom: atom, bytes: size))
        }
    }
}

extension Journal {
    /// Visits what each step changed, in order, with the step's position: one pass over the
    /// file that builds no step. A payload that does not decode is
    /// ``JournalError/corruptFrame(path:offset:reason:)``, as decoding the step would say;
    /// an error `visit` throws ends the pass and is rethrown as it is.
    ///
    /// - Returns: how many valid frames the pass read, steps and every other record: what
    ///   `atomscope verify` reports without another pass of its own.
    @discardableResult
    package func skimSteps(_ visit: (_ position: Int, _ item: JournalStepItem) throws -> Void) throws -> Int {
        var position = 0
        var frames = 0
        let path = reader.path
        var visitorError: (any Error)?
        do {
            _ = try reader.scanFrames { frame throws(JournalError) in
                frames += 1
                guard frame.isStep else { return }
                var bytes = ByteReader(frame.payload)
                // Captured as constants: a variable that the local function below captured
                // would be boxed and checked for exclusivity at every item.
                let current = position
                do {
                    func forward(_ item: JournalStepItem) throws {
                        do {
                            try visit(current, item)
                        } catch {
                            throw VisitorError(error: error)
                        }
                    }
                    try bytes.skimStep(forward)
                    try forward(.end)
                } catch let error as PayloadError {
                    throw .corruptFrame(path: path, offset: frame.offset, reason: "record payload \(error)")
                } catch let error as VisitorError {
                    visitorError = error.error
                    throw .corruptFrame(path: path, offset: frame.offset, reason: "stopped")
                } catch {
                    throw .corruptFrame(path: path, offset: frame.offset, reason: "stopped")
                }
                position = current + 1
            }
        } catch {
            if let visitorError { throw visitorError }
            throw error
        }
        return frames
    }
}

/// An error a visitor threw, told apart from the payload's own errors on its way out.
private struct VisitorError: Error {
    let error: any Error
}

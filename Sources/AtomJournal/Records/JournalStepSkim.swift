// The skim: a step's payload walked for what `JournalStepChanges` holds, without building
// the step. Opening a large journal built each step's values as strings, and its lists, only
// to look at the numbers and drop them: over a second for a million steps. This walks the
// same bytes, checks every string is UTF-8 as decoding would, and allocates nothing once its
// lists have grown to a step's size.

extension ByteReader {
    /// Reads what a step payload changed into `changes`, which it empties first. The bytes
    /// are checked as decoding the step would check them (`JournalRecord+Codec.swift` is the
    /// layout); references to definitions are left to the caller, which has the index.
    mutating func skimStep(into changes: JournalStepChanges) throws(PayloadError) {
        changes.reset()
        _ = try signed()
        _ = try signed()
        if try u8() == 0 { _ = try skimString() }
        let causeAtom = try number()
        let causeLocation = try number()
        changes.causeAtomNumber = causeAtom == 0 ? nil : causeAtom - 1
        changes.causeLocationNumber = causeLocation == 0 ? nil : causeLocation - 1
        let flags = try u8()
        if flags & StepSection.label != 0 { _ = try skimString() }
        if flags & StepSection.initialized != 0 {
            try skimEntries(into: &changes.valueList)
            changes.initializedEntries = changes.valueList.count
        }
        if flags & StepSection.updated != 0 { try skimEntries(into: &changes.valueList) }
        if flags & StepSection.released != 0 {
            let count = try itemCount(minimumSize: 1)
            for _ in 0..<count { changes.releasedList.append(try number()) }
        }
        if flags & StepSection.edgesAdded != 0 { try skimPairs(into: &changes.edgeList) }
        if flags & StepSection.edgesRemoved != 0 { try skimPairs(into: &changes.edgeList) }
        if flags & StepSection.subscriptionsAdded != 0 { try skimPairs(into: &changes.subscriptionList) }
        if flags & StepSection.subscriptionsRemoved != 0 { try skimPairs(into: &changes.subscriptionList) }
        var patched = false
        while !isAtEnd {
            let tag = try u8()
            var body = try block()
            if tag == StepExtension.recomputed {
                let count = try body.itemCount(minimumSize: 1)
                for _ in 0..<count { changes.recomputedList.append(try body.number()) }
            } else if tag == StepExtension.patched {
                guard !patched else { throw .invalid("a step has two patch extensions") }
                patched = true
                try body.skimPatches(into: changes)
            }
        }
        changes.showLists()
    }

    private mutating func skimPairs(into pairs: inout StepList<JournalStepChanges.Pair>) throws(PayloadError) {
        let count = try itemCount(minimumSize: 2)
        for _ in 0..<count {
            let first = try number()
            pairs.append(JournalStepChanges.Pair(first: first, second: try number()))
        }
    }

    private mutating func skimEntries(into values: inout StepList<JournalStepChanges.Value>) throws(PayloadError) {
        let count = try itemCount(minimumSize: 2)
        for _ in 0..<count {
            let atom = try number()
            values.append(JournalStepChanges.Value(atom: atom, bytes: try skimValue()))
        }
    }

    @inline(__always)
    private mutating func skimValue() throws(PayloadError) -> Int {
        switch try u8() {
        case ValueTag.json, ValueTag.text: return try skimString()
        case ValueTag.redacted, ValueTag.absent: return 0
        // Counted as its JSON text, so that a value's size does not depend on the format
        // version that stored it.
        case ValueTag.integer: return CanonicalInteger.textLength(of: try signed())
        case let tag: throw .invalid("unknown value tag \(tag)")
        }
    }

    private mutating func skimPatches(into changes: JournalStepChanges) throws(PayloadError) {
        let count = try itemCount(minimumSize: 3)
        changes.patchSizes.removeAll(keepingCapacity: true)
        // From the list itself: the step's lists are lent (`showLists()`) only once it is read.
        let updated = UnsafeBufferPointer(rebasing: changes.valueList.elements[changes.initializedEntries...])
        // Each patch must name an updated atom: a look along a short list, or a set built
        // once when both lists are long, so that no payload costs patches times entries.
        let updatedAtoms = updated.count > 16 && count > 16 ? Set(updated.lazy.map(\.atom)) : nil
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
                    default: throw .invalid("unknown array edit \(operation)")
                    }
                }
                size = total
            case PatchForm.sameAs:
                let earlier = try body.number()
                guard earlier < changes.patchSizes.count else { throw .invalid("patch refers to a later patch \(earlier)") }
                size = changes.patchSizes[earlier]
            default:
                size = nil
            }
            changes.patchSizes.append(size)
            guard let size else { continue }
            let isUpdated = updatedAtoms?.contains(atom) ?? updated.contains { $0.atom == atom }
            guard isUpdated else { throw .invalid("patched atom \(atom) is not among the updated atoms") }
            changes.patchList.append(JournalStepChanges.Value(atom: atom, bytes: size))
        }
    }
}

extension Journal {
    /// Hands what each step changed to `visit`, in order, with the step's position: one pass
    /// over the file that builds no step. The changes are valid only during the call. A
    /// payload that does not decode is ``JournalError/corruptFrame(path:offset:reason:)``, as
    /// decoding the step would say; an error `visit` throws ends the pass and is rethrown as
    /// it is.
    ///
    /// - Returns: how many valid frames the pass read, steps and every other record: what
    ///   `atomscope verify` reports without another pass of its own.
    @discardableResult
    package func skimSteps(_ visit: (_ position: Int, _ changes: JournalStepChanges) throws -> Void) throws -> Int {
        try withoutActuallyEscaping(visit) { visit in
            try scanAll(StepSkimVisitor(path: reader.path, runs: StepSkimRuns(for: reader), body: visit))
        }
    }

    /// Scans every frame with `visitor`; an error its body threw is rethrown as it is.
    func scanAll(_ visitor: StepSkimVisitor) throws -> Int {
        var visitor = visitor
        do {
            _ = try reader.scanFrames(visitor: &visitor)
        } catch {
            if let visitorError = visitor.visitorError { throw visitorError }
            throw error
        }
        return visitor.frames
    }
}

/// The skim as the scan's frame visitor: the step's changes, its position and the frame
/// count are fields of a visitor the scan holds `inout`, so that no captured variable is
/// boxed and checked at every step.
struct StepSkimVisitor: JournalFrameVisitor {
    let path: String
    let body: (_ position: Int, _ changes: JournalStepChanges) throws -> Void
    let changes = JournalStepChanges()
    var position: Int
    var frames = 0
    /// What `body` threw, carried out past the scan, which throws only journal errors.
    var visitorError: (any Error)?
    /// Set from another thread to stop the skim at its next step (the second half of a split
    /// skim whose first half failed).
    let stop: SkimStop?
    /// The C skim's lists, when runs of steps are skimmed in C (`StepSkimRuns`); `nil` skims
    /// every step here.
    let runs: StepSkimRuns?
    /// What the C loop does with the steps it takes, instead of lending them to `body`.
    let target: StepSkimTarget?

    init(
        path: String, from position: Int = 0, stop: SkimStop? = nil, runs: StepSkimRuns?, target: StepSkimTarget? = nil,
        body: @escaping (_ position: Int, _ changes: JournalStepChanges) throws -> Void
    ) {
        self.path = path
        self.position = position
        self.stop = stop
        self.runs = runs
        self.target = target
        self.body = body
    }

    mutating func visit(_ frame: JournalFrame) throws(JournalError) {
        // A step of a run that `body` refused is handed here next: the scan stops at it.
        if visitorError != nil { throw .corruptFrame(path: path, offset: frame.offset, reason: "stopped") }
        if let stop, stop.isSet { throw .corruptFrame(path: path, offset: frame.offset, reason: "stopped") }
        frames += 1
        guard frame.isStep else { return }
        var bytes = ByteReader(frame.payload)
        do {
            try bytes.skimStep(into: changes)
        } catch {
            throw .corruptFrame(path: path, offset: frame.offset, reason: "record payload \(error)")
        }
        do {
            try body(position, changes)
        } catch {
            visitorError = error
            throw .corruptFrame(path: path, offset: frame.offset, reason: "stopped")
        }
        position += 1
    }
}

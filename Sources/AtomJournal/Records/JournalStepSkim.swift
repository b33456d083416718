/// What a step changed, read from its payload without building the step: the atoms it
/// initialized, updated, released or recomputed, and how many bytes each value took.
///
/// Counting over every step of a large journal (`atomscope stat`) built each step's values as
/// strings, and its lists and sets, only to measure and drop them: a second per step. This
/// walks the same bytes (`JournalRecord+Codec.swift` is the layout) and allocates nothing.
package enum JournalStepItem: Equatable, Sendable {
    /// An initialized or updated atom, and its value's bytes (0 for a redacted or absent one).
    case value(atom: Int, bytes: Int)
    /// A released atom.
    case released(atom: Int)
    /// An atom recomputed, or set, to an equal value.
    case recomputed(atom: Int)
    /// An updated atom whose value is written as edits (format 1.3), and the edits' value bytes.
    case patch(atom: Int, bytes: Int)
}

extension ByteReader {
    /// Visits what a step payload changed, in the order the payload holds it.
    mutating func skimStep(_ visit: (JournalStepItem) -> Void) throws(PayloadError) {
        _ = try signed()
        _ = try signed()
        if try u8() == 0 { _ = try length().advancing(&self) }
        _ = try number()
        _ = try number()
        let flags = try u8()
        if flags & StepSection.label != 0 { _ = try length().advancing(&self) }
        if flags & StepSection.initialized != 0 { try skimEntries(visit) }
        if flags & StepSection.updated != 0 { try skimEntries(visit) }
        if flags & StepSection.released != 0 {
            let count = try itemCount(minimumSize: 1)
            for _ in 0..<count { visit(.released(atom: try number())) }
        }
        // Edges added and removed, subscriptions added and removed: pairs of numbers.
        for bit in 4..<8 where flags & (1 << bit) != 0 {
            let count = try itemCount(minimumSize: 2)
            for _ in 0..<count {
                _ = try number()
                _ = try number()
            }
        }
        while !isAtEnd {
            let tag = try u8()
            var body = try block()
            if tag == StepExtension.recomputed {
                let count = try body.itemCount(minimumSize: 1)
                for _ in 0..<count { visit(.recomputed(atom: try body.number())) }
            } else if tag == StepExtension.patched {
                try body.skimPatches(visit)
            }
        }
    }

    private mutating func skimEntries(_ visit: (JournalStepItem) -> Void) throws(PayloadError) {
        let count = try itemCount(minimumSize: 2)
        for _ in 0..<count {
            let atom = try number()
            visit(.value(atom: atom, bytes: try skimValue()))
        }
    }

    private mutating func skimValue() throws(PayloadError) -> Int {
        switch try u8() {
        case ValueTag.json, ValueTag.text: return try length().advancing(&self)
        case ValueTag.redacted, ValueTag.absent: return 0
        case let tag: throw .invalid("unknown value tag \(tag)")
        }
    }

    private mutating func skimPatches(_ visit: (JournalStepItem) -> Void) throws(PayloadError) {
        let count = try itemCount(minimumSize: 3)
        // Each patch's bytes by position (nil for a form this version skips), for references.
        var sizes: [Int?] = []
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
                    case ArrayEditOperation.replace, ArrayEditOperation.insert: total += try body.length().advancing(&body)
                    case ArrayEditOperation.remove: _ = try body.number()
                    default: throw .invalid("unknown array edit \(operation)")
                    }
                }
                size = total
            case PatchForm.sameAs:
                let earlier = try body.number()
                guard earlier < sizes.count else { throw .invalid("patch refers to a later patch \(earlier)") }
                size = sizes[earlier]
            default:
                size = nil
            }
            sizes.append(size)
            if let size { visit(.patch(atom: atom, bytes: size)) }
        }
    }
}

extension Int {
    /// Skips this many bytes of `reader` (a length it has just read and checked) and returns it.
    fileprivate func advancing(_ reader: inout ByteReader) throws(PayloadError) -> Int {
        try reader.skip(self)
        return self
    }
}

extension Journal {
    /// Visits what each step changed, in order, with the step's position: one pass over the
    /// file that builds no step.
    package func skimSteps(_ visit: (_ position: Int, _ item: JournalStepItem) -> Void) throws(JournalError) {
        var position = 0
        let path = reader.path
        _ = try reader.scanFrames { frame throws(JournalError) in
            guard frame.isStep else { return }
            var bytes = ByteReader(frame.payload)
            do {
                try bytes.skimStep { visit(position, $0) }
            } catch {
                throw .corruptFrame(path: path, offset: frame.offset, reason: "record payload \(error)")
            }
            position += 1
        }
    }
}

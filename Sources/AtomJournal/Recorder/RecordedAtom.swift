@_spi(Recording) import Atoms

/// What the recorder keeps of one recorded atom: enough to write its next change as a patch
/// and its value into the next keyframe.
///
/// A class, so that one lookup per change finds it and every write updates it in place: a
/// struct holding an `Any` and a value costs more to move in and out of a table than an
/// `Int`'s whole encoding.
final class RecordedAtom {
    /// Whether the atom is `Sensitive`: its value is never written.
    let isSensitive: Bool
    /// The value as last written whole; `nil` after a patch or a scalar, until a keyframe
    /// needs it.
    private var encoded: JournalValue? = .absent
    /// The last value, when it was a scalar written straight into the step: kept typed, so
    /// that only a keyframe turns it into text.
    private var scalar: RecordedScalar?
    /// How the values are written, found at the first value: an atom's value type never
    /// changes, and asking a value what it is costs more than encoding an `Int`.
    private var form: RecordedValueForm?
    /// The atom's list patcher, when its values are arrays that can be patched; found with the
    /// form.
    private var patcher: RecordedListPatcher?

    init(isSensitive: Bool) {
        self.isSensitive = isSensitive
    }

    /// Writes the value a commit gave `atom` as its entry in `entries`: a scalar straight into
    /// the bytes, an array that changed in a few elements as a patch of the previous one
    /// (its edits are returned, the entry holds the placeholder), anything else whole.
    ///
    /// Scalars and lists are read where the store keeps them (`withCommittedValue`), never
    /// boxed.
    @MainActor
    func write(_ atom: UnsafePointer<CommittedAtom>, into entries: inout EncodedValueEntries, encoder: JournalValueEncoder) -> [JournalArrayEdit]? {
        let number = atom.pointee.number
        if !isSensitive {
            if form == nil, let sample = atom.pointee.value {
                learn(from: sample)
            }
            if let form, let scalar = form.scalar(of: atom) {
                self.scalar = scalar
                // Only a keyframe encodes the value whole; after the first scalar there is
                // nothing to drop.
                if case .some = encoded { encoded = nil }
                entries.append(atom: number, scalar: scalar)
                return nil
            }
            if let patcher, let found = atom.pointee.withCommittedValue({ patcher.write(at: $0, type: $1, encoder: encoder) }),
               let written = found {
                return record(written, atom: number, into: &entries)
            }
        }
        let written = write(atom.pointee.value, encoder: encoder)
        entries.append(atom: number, value: written.value)
        return written.edits
    }

    /// Writes a new value, returning what the entry holds: as a patch of the previous one
    /// when it is an array that changed in a few elements, otherwise whole.
    func write(_ value: Any?, encoder: JournalValueEncoder) -> (value: JournalValue, edits: [JournalArrayEdit]?) {
        scalar = nil
        if !isSensitive, let value {
            if form == nil { learn(from: value) }
            if let patcher, let written = patcher.write(value, encoder: encoder) {
                switch written {
                case .patch(let edits):
                    encoded = nil
                    return (JournalValuePatch.placeholder, edits)
                case .whole(let whole):
                    encoded = whole
                    return (whole, nil)
                }
            }
        }
        patcher?.forget()
        let whole = encoder.encode(value, isSensitive: isSensitive)
        encoded = whole
        return (whole, nil)
    }

    /// The whole value, encoding it if a patch or a scalar wrote it last.
    func wholeValue(encoder: JournalValueEncoder) -> JournalValue {
        if let encoded { return encoded }
        let value = scalar.map { .json($0.json) } ?? patcher?.wholeValue(encoder: encoder) ?? .absent
        encoded = value
        return value
    }

    /// Finds the form and the patcher from the atom's first value.
    private func learn(from sample: Any) {
        let form = RecordedValueForm(sample: sample)
        self.form = form
        if form == .general, let array = sample as? any JournalPatchableArray {
            patcher = type(of: array).makePatcher()
        }
    }

    private func record(_ written: RecordedListPatcher.Written, atom number: Int, into entries: inout EncodedValueEntries) -> [JournalArrayEdit]? {
        scalar = nil
        switch written {
        case .patch(let edits):
            encoded = nil
            entries.append(atom: number, value: JournalValuePatch.placeholder)
            return edits
        case .whole(let whole):
            encoded = whole
            entries.append(atom: number, value: whole)
            return nil
        }
    }
}

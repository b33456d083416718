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
    /// (kept in `patches`; the entry holds the placeholder), anything else whole.
    ///
    /// Scalars and lists are read where the store keeps them (`withCommittedValue`), never
    /// boxed.
    @MainActor
    func write(
        _ atom: CommittedAtom, into entries: inout EncodedValueEntries, patches: inout EncodedPatches,
        encoder: JournalValueEncoder
    ) {
        let number = atom.number
        if !isSensitive {
            if form == nil, let sample = atom.value {
                learn(from: sample, encoder: encoder)
            }
            if let form, let scalar = form.writeEntry(of: atom, number: number, into: &entries) {
                self.scalar = scalar
                // Only a keyframe encodes the value whole; after the first scalar there is
                // nothing to drop.
                if case .some = encoded { encoded = nil }
                return
            }
            if let patcher {
                patches.beginPatch()
                let found = atom.withCommittedValue {
                    patcher.write(at: $0, type: $1, edits: &patches.pending, encoder: encoder)
                }
                if let found, let written = found {
                    remember(written)
                    enter(written, atom: number, into: &entries, patches: &patches)
                    return
                }
            }
        }
        patches.beginPatch()
        enter(write(atom.value, edits: &patches.pending, encoder: encoder), atom: number, into: &entries, patches: &patches)
    }

    /// Writes a new value held as `Any`: as edits of the previous one, appended to `edits`,
    /// when it is an array that changed in a few elements, otherwise whole.
    func write(_ value: Any?, edits: inout ByteWriter, encoder: JournalValueEncoder) -> RecordedListPatcher.Written {
        if !isSensitive, let value {
            if form == nil { learn(from: value, encoder: encoder) }
            if let patcher, let written = patcher.write(value, edits: &edits, encoder: encoder) {
                remember(written)
                return written
            }
        }
        patcher?.forget()
        let written = RecordedListPatcher.Written.whole(encoder.encode(value, isSensitive: isSensitive))
        remember(written)
        return written
    }

    /// The whole value, encoding it if a patch or a scalar wrote it last.
    func wholeValue(encoder: JournalValueEncoder) -> JournalValue {
        if let encoded { return encoded }
        let value = scalar.map { .json($0.json) } ?? patcher?.wholeValue(encoder: encoder) ?? .absent
        encoded = value
        return value
    }

    /// Finds the form and the patcher from the atom's first value.
    private func learn(from sample: Any, encoder: JournalValueEncoder) {
        let form = RecordedValueForm(sample: sample)
        self.form = form
        if form == .general, let array = RecordedValueType.of(sample).patchable {
            patcher = array.makePatcher(encoder: encoder)
        }
    }

    /// Enters what was written as the atom's entry, and its patch.
    private func enter(
        _ written: RecordedListPatcher.Written, atom number: Int, into entries: inout EncodedValueEntries,
        patches: inout EncodedPatches
    ) {
        switch written {
        case .patched:
            entries.append(atom: number, value: JournalValuePatch.placeholder)
            patches.endPatch(atom: number)
        case .whole(let whole):
            entries.append(atom: number, value: whole)
        }
    }

    /// Notes what was written last: a patch leaves the whole value to the next keyframe.
    private func remember(_ written: RecordedListPatcher.Written) {
        scalar = nil
        switch written {
        case .patched: encoded = nil
        case .whole(let whole): encoded = whole
        }
    }
}

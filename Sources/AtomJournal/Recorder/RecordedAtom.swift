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
    /// The value itself, kept only for arrays that can be patched: the base of the next
    /// patch, and what a keyframe encodes after patches. The store holds the same value, so
    /// keeping it costs no copy.
    private var heldValue: Any?
    /// Whether the atom's values are arrays that can be patched, found at its first value:
    /// an atom's value type never changes, and asking a value whether it conforms to a
    /// protocol costs more than encoding an `Int`.
    private var isPatchable: Bool?
    /// How the values are written, found at the first value.
    private var form: RecordedValueForm?

    init(isSensitive: Bool) {
        self.isSensitive = isSensitive
    }

    /// Writes a new value as the entry of atom `number` in `entries`: a scalar straight into
    /// the bytes, an array that changed in a few elements as a patch of the previous one
    /// (its edits are returned, the entry holds the placeholder), anything else whole.
    ///
    /// A scalar is read where the store keeps it (`withCommittedValue`), never boxed.
    @MainActor
    func write(
        _ change: UnsafePointer<AtomValueChange>, atom number: Int, into entries: inout EncodedValueEntries, encoder: JournalValueEncoder
    ) -> [JournalArrayEdit]? {
        if !isSensitive, form != .general {
            let form = self.form
            let found = AtomValueChange.withCommittedValue(of: change) { pointer, type in
                let form = form ?? RecordedValueForm(type: type)
                return (form, form.scalar(at: pointer, type: type))
            }
            if let (form, scalar) = found {
                self.form = form
                if let scalar {
                    self.scalar = scalar
                    encoded = nil
                    entries.append(atom: number) { scalar.write(into: &$0) }
                    return nil
                }
            }
        }
        let written = write(change.pointee.value, encoder: encoder)
        entries.append(atom: number, value: written.value)
        return written.edits
    }

    /// Writes a new value, returning what the entry holds: as a patch of the previous one
    /// when it is an array that changed in a few elements, otherwise whole.
    func write(_ value: Any?, encoder: JournalValueEncoder) -> (value: JournalValue, edits: [JournalArrayEdit]?) {
        scalar = nil
        let array = patchable(value)
        if let array, let previous = heldValue, let edits = array.edits(from: previous, encoder: encoder) {
            encoded = nil
            heldValue = value
            return (JournalValuePatch.placeholder, edits)
        }
        let whole = encoder.encode(value, isSensitive: isSensitive)
        encoded = whole
        // The next patch's base is exactly what readers hold after this whole value, so there
        // is one only when that is JSON: a value written as its description cannot be patched.
        if array != nil, case .json = whole {
            heldValue = value
        } else {
            heldValue = nil
        }
        return (whole, nil)
    }

    /// The whole value, encoding it if a patch or a scalar wrote it last.
    func wholeValue(encoder: JournalValueEncoder) -> JournalValue {
        if let encoded { return encoded }
        let value = scalar.map { .json($0.json) } ?? encoder.encode(heldValue, isSensitive: isSensitive)
        encoded = value
        return value
    }

    private func patchable(_ value: Any?) -> (any JournalPatchableArray)? {
        guard !isSensitive, isPatchable != false, let value else { return nil }
        let array = value as? any JournalPatchableArray
        isPatchable = array != nil
        return array
    }
}

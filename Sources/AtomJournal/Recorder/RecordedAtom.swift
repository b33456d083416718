/// What the recorder keeps of one recorded atom: enough to write its next change as a patch
/// and its value into the next keyframe.
///
/// A class, so that one dictionary lookup per change finds it and every write updates it in
/// place: a struct holding an `Any` and a value costs more to move in and out of the
/// dictionary than an `Int`'s whole encoding.
final class RecordedAtom {
    /// Whether the atom is `Sensitive`: its value is never written.
    let isSensitive: Bool
    /// The value as last written whole; `nil` after a patch, until a keyframe needs it.
    private var encoded: JournalValue? = .absent
    /// The value itself, kept only for arrays that can be patched: the base of the next
    /// patch, and what a keyframe encodes after patches. The store holds the same value, so
    /// keeping it costs no copy.
    private var heldValue: Any?
    /// Whether the atom's values are arrays that can be patched, found at its first value:
    /// an atom's value type never changes, and asking a value whether it conforms to a
    /// protocol costs more than encoding an `Int`.
    private var isPatchable: Bool?

    init(isSensitive: Bool) {
        self.isSensitive = isSensitive
    }

    /// Writes a new value: as a patch of the previous one when it is an array that changed
    /// in a few elements, otherwise whole.
    func write(_ value: Any?, encoder: JournalValueEncoder) -> (value: JournalValue, edits: [JournalArrayEdit]?) {
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

    /// The whole value, encoding it if a patch wrote it last.
    func wholeValue(encoder: JournalValueEncoder) -> JournalValue {
        if let encoded { return encoded }
        let value = encoder.encode(heldValue, isSensitive: isSensitive)
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

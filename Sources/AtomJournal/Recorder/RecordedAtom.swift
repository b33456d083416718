/// What the recorder keeps of one recorded atom: enough to write its next change as a patch
/// and its value into the next keyframe.
struct RecordedAtom {
    /// Whether the atom is `Sensitive`: its value is never written.
    let isSensitive: Bool
    /// The value as last written whole; `nil` after a patch, until a keyframe needs it.
    private var encoded: JournalValue? = .absent
    /// The value itself, kept only for arrays that can be patched: the base of the next
    /// patch, and what a keyframe encodes after patches. The store holds the same value, so
    /// keeping it costs no copy.
    private(set) var heldValue: Any?

    init(isSensitive: Bool) {
        self.isSensitive = isSensitive
    }

    /// Notes a value written whole.
    mutating func record(_ value: JournalValue, of original: Any?) {
        encoded = value
        heldValue = !isSensitive && original is any JournalPatchableArray ? original : nil
    }

    /// Notes a value written as a patch: its whole encoding waits for a keyframe.
    mutating func recordPatched(_ original: Any?) {
        encoded = nil
        heldValue = original
    }

    /// The whole value, encoding it if a patch wrote it last.
    mutating func wholeValue(encoder: JournalValueEncoder) -> JournalValue {
        if let encoded { return encoded }
        let value = encoder.encode(heldValue, isSensitive: isSensitive)
        encoded = value
        return value
    }
}

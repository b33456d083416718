/// A changed value written as edits to the atom's previous value (format 1.3), when that is
/// smaller than the whole value: a list of 200 todos with one todo edited is one replaced
/// element, not the list again.
///
/// A step that patches an atom also lists it in ``JournalStep/updated``, with the value
/// ``placeholder``: that is what readers of format 1.2 and earlier, which skip the patch,
/// show. Readers of 1.3 apply ``edits`` to the atom's value before the step
/// (``apply(to:)``); keyframes always hold whole values, so every patch applies to a value
/// that the nearest keyframe before it and the steps between them give.
public struct JournalValuePatch: Sendable, Equatable {
    /// The value a patched atom has in ``JournalStep/updated``: display-only text, for readers
    /// that do not apply patches.
    public static let placeholder = JournalValue.text("(delta)")

    /// The atom's number.
    public var atom: Int
    /// The edits, applied in order to the JSON array that was the atom's value: each index
    /// counts in the array as the edits before it left it.
    public var edits: [JournalArrayEdit]

    /// Creates a patch.
    public init(atom: Int, edits: [JournalArrayEdit]) {
        self.atom = atom
        self.edits = edits
    }
}

/// One edit of a JSON array value.
public enum JournalArrayEdit: Sendable, Equatable {
    /// The element at `index` becomes `json`.
    case replace(index: Int, json: String)
    /// `json` is inserted before the element at `index` (at the end when `index` is the count).
    case insert(index: Int, json: String)
    /// `count` elements are removed, starting at `index`.
    case remove(index: Int, count: Int)
}

/// Writes one recorded atom's list values: as patches of the previous value when few
/// elements changed, whole otherwise, and keeps the value written last, typed, as the base of
/// the next patch and the value of the next keyframe.
///
/// Made once per atom by its array type (``JournalPatchableArray/makePatcher()``), so each
/// value is read where the store keeps it, as its own type: no `Any`, no cast, no conformance
/// lookup per commit.
class RecordedListPatcher {
    /// What writing one value produced.
    enum Written {
        /// Edits of the previous value, appended to the writer given.
        case patched
        /// The whole value.
        case whole(JournalValue)
    }

    /// Writes the value at `pointer`, of type `type`: as edits appended to `edits`, or whole
    /// (`edits` then holds whatever was appended, to be dropped); `nil` when that is not this
    /// patcher's array type.
    func write(at pointer: UnsafeRawPointer, type: any Any.Type, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? { nil }

    /// Writes a value held as `Any`, as ``write(at:type:edits:encoder:)`` does; `nil` when it
    /// is not this patcher's array type.
    func write(_ value: Any, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? { nil }

    /// The value written last, encoded whole; `nil` when there is none to patch against.
    func wholeValue(encoder: JournalValueEncoder) -> JournalValue? { nil }

    /// Forgets the value written last: the next value is written whole.
    func forget() {}
}

/// The patcher of `[Element]`.
final class TypedListPatcher<Element: Encodable & Equatable>: RecordedListPatcher {
    /// The base of the next patch: exactly what readers hold, so only a value written as JSON
    /// (a value written as its description cannot be patched).
    private var previous: [Element]?

    override func write(at pointer: UnsafeRawPointer, type: any Any.Type, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? {
        guard type == [Element].self else { return nil }
        return write(list: pointer.assumingMemoryBound(to: [Element].self).pointee, edits: &edits, encoder: encoder)
    }

    override func write(_ value: Any, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? {
        guard let list = value as? [Element] else { return nil }
        return write(list: list, edits: &edits, encoder: encoder)
    }

    private func write(list: [Element], edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written {
        if let previous, list.appendEdits(from: previous, to: &edits, encoder: encoder) {
            self.previous = list
            return .patched
        }
        let whole = encoder.json(list).map(JournalValue.json) ?? .text(String(describing: list))
        if case .json = whole {
            previous = list
        } else {
            previous = nil
        }
        return .whole(whole)
    }

    override func wholeValue(encoder: JournalValueEncoder) -> JournalValue? {
        guard let previous else { return nil }
        return encoder.json(previous).map(JournalValue.json) ?? .text(String(describing: previous))
    }

    override func forget() {
        previous = nil
    }
}

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
    /// The JSON of elements written lately, shared with the other lists of `Element`.
    private let memo: ElementJSONMemo<Element>
    /// Room for a whole list's JSON, kept between values.
    private var whole = ByteWriter(capacity: 0)
    /// `[Element].self`, found once: in code that is not specialised, naming the type asks
    /// the runtime for its metadata (about 330 instructions) every time.
    private let listType: any Any.Type = [Element].self
    /// Whether the elements are class instances, which are never patched (see
    /// ``JournalPatchableArray``).
    private let elementsAreInstances = Element.self is AnyObject.Type

    init(memo: ElementJSONMemo<Element>) {
        self.memo = memo
    }

    override func write(at pointer: UnsafeRawPointer, type: any Any.Type, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? {
        guard type == listType else { return nil }
        return write(list: pointer.assumingMemoryBound(to: [Element].self).pointee, edits: &edits, encoder: encoder)
    }

    override func write(_ value: Any, edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written? {
        guard let list = value as? [Element] else { return nil }
        return write(list: list, edits: &edits, encoder: encoder)
    }

    private func write(list: [Element], edits: inout ByteWriter, encoder: JournalValueEncoder) -> Written {
        if let previous {
            if let same = memo.lastPatch(from: previous, to: list) {
                edits.bytes.append(contentsOf: same)
                self.previous = list
                return .patched
            }
            let start = edits.bytes.count
            if !elementsAreInstances, list.appendEdits(from: previous, to: &edits, memo: memo, encoder: encoder) {
                memo.rememberPatch(from: previous, to: list, edits: edits.bytes[start...])
                self.previous = list
                return .patched
            }
        }
        let whole = encodeWhole(list, encoder: encoder)
        if case .json = whole {
            previous = list
        } else {
            previous = nil
        }
        return .whole(whole)
    }

    override func wholeValue(encoder: JournalValueEncoder) -> JournalValue? {
        guard let previous else { return nil }
        return encodeWhole(previous, encoder: encoder)
    }

    /// The whole list: as JSON, from its elements' JSON (remembered, or encoded and
    /// remembered), or by `JSONEncoder` when the fast encoder cannot write an element, or as
    /// its description when neither can.
    private func encodeWhole(_ list: [Element], encoder: JournalValueEncoder) -> JournalValue {
        // The buffer is taken out of the field for the loop and put back after: through the
        // field, each element's append was an access checked at run time (about 190
        // instructions a commit of the todo workload), and encoding an element runs its
        // `encode(to:)`, which could record again and reach this buffer. Such a nested call
        // finds the field empty and uses a buffer of its own.
        var writer = whole
        whole = ByteWriter(bytes: [])
        defer { whole = writer }
        writer.bytes.removeAll(keepingCapacity: true)
        writer.u8(UInt8(ascii: "["))
        let complete = list.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return true }
            for index in elements.indices {
                if index > 0 { writer.u8(UInt8(ascii: ",")) }
                guard memo.appendJSON(of: base + index, to: &writer, lengthPrefixed: false, encoder: encoder) != nil else { return false }
            }
            return true
        }
        if complete {
            writer.u8(UInt8(ascii: "]"))
            return .json(String(decoding: writer.bytes, as: UTF8.self))
        }
        return encoder.declinedJSON(list).map(JournalValue.json) ?? .text(String(describing: list))
    }

    override func forget() {
        previous = nil
    }
}

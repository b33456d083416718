import Atoms

/// An array whose elements the recorder can compare with `==` and encode one by one, so that
/// a change to a few of them is written as a patch (``JournalValuePatch``) instead of the
/// whole array again.
///
/// `==` decides which elements changed, as it decides whether the atom changed at all
/// (the one rule of `AtomChangeSet.updated`): an element equal to the one it replaces is not
/// encoded again. Only the elements that changed are encoded. Arrays of class instances are
/// never patched: an instance changed in place is the same pointer and may compare equal to
/// itself, yet encode differently, so only the whole value is true for them.
///
/// Its metatypes are kept in a process-wide table (`RecordedValueType`), hence `SendableMetatype`.
protocol JournalPatchableArray: SendableMetatype {
    /// A list patcher for arrays of this type: asked once per atom, so that its later values
    /// need no cast or conformance lookup.
    static func makePatcher(encoder: JournalValueEncoder) -> RecordedListPatcher
}

extension Array: JournalPatchableArray where Element: Encodable & Equatable {
    static func makePatcher(encoder: JournalValueEncoder) -> RecordedListPatcher {
        TypedListPatcher<Element>(memo: encoder.memos.memo(for: Element.self))
    }

    /// Appends the edits that turn `old` into this array to `edits` (their count, then each
    /// edit, as a patch holds them), and returns `true`; returns `false` when a patch would not
    /// be smaller than the whole value (or an element cannot be encoded), and what was appended
    /// is then to be dropped. Not for elements that are class instances: the patcher, which
    /// asks once, never patches those.
    func appendEdits(
        from old: [Element], to edits: inout ByteWriter, memo: ElementJSONMemo<Element>, encoder: JournalValueEncoder
    ) -> Bool {
        // `count`, not `isEmpty`: the collection's `isEmpty` asks for the array type's
        // metadata in code that is not specialised.
        guard count > 0 else { return false }
        let (prefix, suffix, replaced) = Self.changedRange(old, self)
        let oldMiddle = old.count - suffix - prefix
        let newMiddle = count - suffix - prefix
        let paired = Swift.min(oldMiddle, newMiddle)
        let inserted = newMiddle - paired
        // Half the elements or more: the whole array is no larger, and cheaper to encode once.
        guard 2 * (replaced.count + inserted) < count else { return false }
        // An element the fast encoder cannot write is written by `JSONEncoder`, and not
        // remembered.
        func appendJSON(_ element: UnsafePointer<Element>) -> Int? {
            if let size = memo.appendJSON(of: element, to: &edits, lengthPrefixed: true, encoder: encoder) { return size }
            guard let json = encoder.declinedJSON(element.pointee) else { return nil }
            edits.string(json)
            return json.utf8.count
        }
        let editCount = replaced.count + inserted + (oldMiddle > paired ? 1 : 0)
        edits.varint(editCount)
        let written: Int? = withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return 0 }
            var written = 0
            for index in replaced {
                edits.arrayEdit(ArrayEditOperation.replace, at: index)
                guard let size = appendJSON(base + index) else { return nil }
                written += size
            }
            for index in (prefix + paired)..<(prefix + newMiddle) {
                edits.arrayEdit(ArrayEditOperation.insert, at: index)
                guard let size = appendJSON(base + index) else { return nil }
                written += size
            }
            return written
        }
        guard let written else { return false }
        if oldMiddle > paired {
            edits.arrayEdit(ArrayEditOperation.remove, at: prefix + paired)
            edits.varint(oldMiddle - paired)
        }
        // The whole value would be about `count` elements of the size of those encoded, and
        // their commas; each edit costs its element and about four bytes more.
        let changed = replaced.count + inserted
        if changed > 0, written / changed * count + count <= written + 4 * editCount { return false }
        return true
    }

    /// The common prefix and suffix of two arrays, and the indices between them where paired
    /// elements differ.
    ///
    /// Elements are compared in place, first bit for bit and then with `==`: most elements
    /// of a list that changed in a few places are copies of the same values, and copying each
    /// one out of the array to compare it would retain and release everything it holds.
    /// Values that are bit for bit the same encode the same.
    private static func changedRange(_ old: [Element], _ new: [Element]) -> (prefix: Int, suffix: Int, replaced: [Int]) {
        old.withUnsafeBufferPointer { oldElements in
            new.withUnsafeBufferPointer { newElements in
                guard let oldBase = oldElements.baseAddress, let newBase = newElements.baseAddress else {
                    return (0, 0, [])
                }
                let bytes = ElementBytes(
                    old: UnsafeRawPointer(oldBase), new: UnsafeRawPointer(newBase),
                    size: MemoryLayout<Element>.size, stride: MemoryLayout<Element>.stride)
                // The bits decide for most elements; `==` only for those whose bits differ.
                // Asked only of elements whose bits differ, so never of one address twice.
                let oldMutable = UnsafeMutablePointer(mutating: oldBase)
                let newMutable = UnsafeMutablePointer(mutating: newBase)
                func equal(_ oldIndex: Int, _ newIndex: Int) -> Bool {
                    Element.equalInPlace(oldMutable + oldIndex, newMutable + newIndex)
                }
                // What lies between the common prefix and the common suffix changed: inserts
                // and removals in one place, and any number of elements replaced in place.
                let oldCount = oldElements.count
                let newCount = newElements.count
                let shorter = Swift.min(oldCount, newCount)
                var prefix = 0
                while true {
                    prefix = bytes.firstDifference(from: prefix, to: shorter)
                    guard prefix < shorter, equal(prefix, prefix) else { break }
                    prefix += 1
                }
                var suffix = 0
                while true {
                    suffix = bytes.firstDifferenceFromEnd(oldCount: oldCount, newCount: newCount, from: suffix, to: shorter - prefix)
                    guard suffix < shorter - prefix, equal(oldCount - 1 - suffix, newCount - 1 - suffix) else { break }
                    suffix += 1
                }
                let paired = shorter - suffix - prefix
                var replaced: [Int] = []
                for index in prefix..<(prefix + paired) where !bytes.same(index, index) && !equal(index, index) {
                    replaced.append(index)
                }
                return (prefix, suffix, replaced)
            }
        }
    }
}

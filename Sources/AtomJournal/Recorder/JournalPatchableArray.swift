import Foundation

/// An array whose elements the recorder can compare with `==` and encode one by one, so that
/// a change to a few of them is written as a patch (``JournalValuePatch``) instead of the
/// whole array again.
///
/// `==` decides which elements changed, as it decides whether the atom changed at all
/// (the one rule of `AtomChangeSet.updated`): an element equal to the one it replaces is not
/// encoded again. Only the elements that changed are encoded. Arrays of class instances are
/// never patched: an instance changed in place is the same pointer and may compare equal to
/// itself, yet encode differently, so only the whole value is true for them.
protocol JournalPatchableArray {
    /// A list patcher for arrays of this type: asked once per atom, so that its later values
    /// need no cast or conformance lookup.
    static func makePatcher() -> RecordedListPatcher
}

extension Array: JournalPatchableArray where Element: Encodable & Equatable {
    static func makePatcher() -> RecordedListPatcher {
        TypedListPatcher<Element>()
    }

    /// The edits that turn `old` into this array, or `nil` when a patch would not be
    /// smaller than the whole value (or an element cannot be encoded, or the elements are
    /// class instances).
    func edits(from old: [Element], encoder: JournalValueEncoder) -> [JournalArrayEdit]? {
        guard !(Element.self is AnyObject.Type), !isEmpty else { return nil }
        let (prefix, suffix, replaced) = Self.changedRange(old, self)
        let oldMiddle = old.count - suffix - prefix
        let newMiddle = count - suffix - prefix
        let paired = Swift.min(oldMiddle, newMiddle)
        let inserted = newMiddle - paired
        // Half the elements or more: the whole array is no larger, and cheaper to encode once.
        guard 2 * (replaced.count + inserted) < count else { return nil }
        var edits: [JournalArrayEdit] = []
        edits.reserveCapacity(replaced.count + inserted + 1)
        var written = 0
        for index in replaced {
            guard let json = encoder.json(self[index]) else { return nil }
            written += json.utf8.count
            edits.append(.replace(index: index, json: json))
        }
        for index in (prefix + paired)..<(prefix + newMiddle) {
            guard let json = encoder.json(self[index]) else { return nil }
            written += json.utf8.count
            edits.append(.insert(index: index, json: json))
        }
        if oldMiddle > paired {
            edits.append(.remove(index: prefix + paired, count: oldMiddle - paired))
        }
        // The whole value would be about `count` elements of the size of those encoded, and
        // their commas; each edit costs its element and about four bytes more.
        let changed = replaced.count + inserted
        if changed > 0, written / changed * count + count <= written + 4 * edits.count { return nil }
        return edits
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
                let size = MemoryLayout<Element>.size
                func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
                    let left = oldBase + oldIndex
                    let right = newBase + newIndex
                    return memcmp(left, right, size) == 0 || left.pointee == right.pointee
                }
                // What lies between the common prefix and the common suffix changed: inserts
                // and removals in one place, and any number of elements replaced in place.
                let shorter = Swift.min(oldElements.count, newElements.count)
                var prefix = 0
                while prefix < shorter, same(prefix, prefix) { prefix += 1 }
                var suffix = 0
                while suffix < shorter - prefix, same(oldElements.count - 1 - suffix, newElements.count - 1 - suffix) { suffix += 1 }
                let paired = Swift.min(oldElements.count, newElements.count) - suffix - prefix
                var replaced: [Int] = []
                for index in prefix..<(prefix + paired) where !same(index, index) {
                    replaced.append(index)
                }
                return (prefix, suffix, replaced)
            }
        }
    }
}

/// An array whose elements the recorder can compare with `==` and encode one by one, so that
/// a change to a few of them is written as a patch (``JournalValuePatch``) instead of the
/// whole array again.
///
/// `==` decides which elements changed, as it decides whether the atom changed at all
/// (the one rule of `AtomChangeSet.updated`): an element equal to the one it replaces is not
/// encoded again. Only the elements that changed are encoded.
protocol JournalPatchableArray {
    /// The edits that turn `previous` into this array, or `nil` when a patch would not be
    /// smaller than the whole value (or `previous` is not an array of the same type, or an
    /// element cannot be encoded).
    func edits(from previous: Any, encoder: JournalValueEncoder) -> [JournalArrayEdit]?
}

extension Array: JournalPatchableArray where Element: Encodable & Equatable {
    func edits(from previous: Any, encoder: JournalValueEncoder) -> [JournalArrayEdit]? {
        guard let old = previous as? [Element], !isEmpty else { return nil }
        // What lies between the common prefix and the common suffix changed: inserts and
        // removals in one place, and any number of elements replaced in place.
        let shorter = Swift.min(old.count, count)
        var prefix = 0
        while prefix < shorter, old[prefix] == self[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == self[count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old.count - suffix - prefix
        let newMiddle = count - suffix - prefix
        let paired = Swift.min(oldMiddle, newMiddle)
        var replaced: [Int] = []
        for index in prefix..<(prefix + paired) where old[index] != self[index] {
            replaced.append(index)
        }
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
}

extension JournalValuePatch {
    /// The value after the patch: the edits applied to `previous`, the atom's value before
    /// the step, which must be a JSON array.
    ///
    /// The result is the array's elements joined by `,` between `[` and `]` with no
    /// whitespace, the bytes the recorder writes for the whole value, so replaying patches
    /// gives the same text as a keyframe.
    ///
    /// - Throws: ``JournalPatchError`` when `previous` is not a JSON array or an edit's index
    ///   is outside it: the journal is not what a recorder writes.
    /// - Complexity: O(*n*) in the bytes of `previous` and of the edits.
    public func apply(to previous: JournalValue) throws(JournalPatchError) -> JournalValue {
        guard case .json(let text) = previous else {
            throw JournalPatchError(reason: "patches atom \(atom), whose value before the step is not JSON")
        }
        let bytes = Array(text.utf8)
        guard let ranges = JSONArrayElements.ranges(in: bytes) else {
            throw JournalPatchError(reason: "patches atom \(atom), whose value before the step is not a JSON array")
        }
        var elements = ranges.map(Element.original)
        for edit in edits {
            switch edit {
            case .replace(let index, let json):
                guard index < elements.count else { throw outOfRange("replaces element \(index)", count: elements.count) }
                elements[index] = .new(json)
            case .insert(let index, let json):
                guard index <= elements.count else { throw outOfRange("inserts at \(index)", count: elements.count) }
                elements.insert(.new(json), at: index)
            case .remove(let index, let count):
                guard index <= elements.count, count <= elements.count - index else {
                    throw outOfRange("removes \(count) elements at \(index)", count: elements.count)
                }
                elements.removeSubrange(index..<(index + count))
            }
        }
        var result: [UInt8] = [UInt8(ascii: "[")]
        result.reserveCapacity(bytes.count + edits.count * 16)
        for (position, element) in elements.enumerated() {
            if position > 0 { result.append(UInt8(ascii: ",")) }
            switch element {
            case .original(let range): result.append(contentsOf: bytes[range])
            case .new(let json): result.append(contentsOf: json.utf8)
            }
        }
        result.append(UInt8(ascii: "]"))
        return .json(String(decoding: result, as: UTF8.self))
    }

    private enum Element {
        case original(Range<Int>)
        case new(String)
    }

    private func outOfRange(_ what: String, count: Int) -> JournalPatchError {
        JournalPatchError(reason: "patch of atom \(atom) \(what) of an array of \(count)")
    }
}

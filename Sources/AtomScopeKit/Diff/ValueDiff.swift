/// The structural difference between two values, as one ``ValueChange`` per path.
///
/// Objects are compared key by key. Arrays are aligned on their longest common
/// subsequence of equal elements (after trimming the common start and end), so that an
/// element inserted or deleted in the middle is one `added` or `removed` change rather
/// than a change at every later index; elements left unaligned between two aligned ones
/// are compared in pairs. Arrays too large to align (more than ``alignmentLimit`` pairs of
/// unaligned elements) are compared index by index.
public enum ValueDiff {
    /// The most element pairs an array alignment may consider.
    public static let alignmentLimit = 250_000

    /// The changes from one JSON value to another, in document order (keys sorted);
    /// empty when they are equal.
    public static func changes(from before: JSONValue, to after: JSONValue) -> [ValueChange] {
        var changes: [ValueChange] = []
        compare(before, after, at: .root, into: &changes)
        return changes
    }

    /// The changes from one value to another: JSON structurally, anything else as a whole
    /// (display-only values as text). Two redacted values show no change: the journal
    /// cannot tell whether they differ.
    public static func changes(from before: DiffValue, to after: DiffValue) -> [ValueChange] {
        switch (before, after) {
        case (.json(let old), .json(let new)):
            return changes(from: old, to: new)
        case (.redacted, .redacted), (.absent, .absent):
            return []
        default:
            return before == after ? [] : [.changed(.root, from: before, to: after)]
        }
    }

    private static func compare(_ before: JSONValue, _ after: JSONValue, at path: ValuePath, into changes: inout [ValueChange]) {
        switch (before, after) {
        case (.object(let old), .object(let new)):
            compareObjects(old, new, at: path, into: &changes)
        case (.array(let old), .array(let new)):
            compareArrays(old, new, at: path, into: &changes)
        default:
            if before != after {
                changes.append(.changed(path, from: .json(before), to: .json(after)))
            }
        }
    }

    private static func compareObjects(_ old: [JSONValue.Member], _ new: [JSONValue.Member], at path: ValuePath, into changes: inout [ValueChange]) {
        // Both are sorted by key: walk them together.
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i].key < new[j].key) {
                changes.append(ValueChange(path: path.appending(.key(old[i].key)), kind: .removed, before: .json(old[i].value), after: nil))
                i += 1
            } else if i == old.count || new[j].key < old[i].key {
                changes.append(ValueChange(path: path.appending(.key(new[j].key)), kind: .added, before: nil, after: .json(new[j].value)))
                j += 1
            } else {
                compare(old[i].value, new[j].value, at: path.appending(.key(old[i].key)), into: &changes)
                i += 1
                j += 1
            }
        }
    }

    private static func compareArrays(_ old: [JSONValue], _ new: [JSONValue], at path: ValuePath, into changes: inout [ValueChange]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldRange = prefix..<(old.count - suffix)
        let newRange = prefix..<(new.count - suffix)
        if oldRange.isEmpty && newRange.isEmpty { return }

        // Aligned pairs (old index, new index) in order; then everything between two pairs
        // is compared as a gap.
        var pairs: [(Int, Int)] = []
        if !oldRange.isEmpty, !newRange.isEmpty, oldRange.count * newRange.count <= alignmentLimit {
            pairs = alignment(old, oldRange, new, newRange)
        }
        var oldStart = oldRange.lowerBound
        var newStart = newRange.lowerBound
        for (oldIndex, newIndex) in pairs + [(oldRange.upperBound, newRange.upperBound)] {
            compareGap(old, oldStart..<oldIndex, new, newStart..<newIndex, at: path, into: &changes)
            oldStart = oldIndex + 1
            newStart = newIndex + 1
        }
    }

    /// Elements between two aligned ones: pairs compared in place, the rest removed or added.
    private static func compareGap(_ old: [JSONValue], _ oldGap: Range<Int>, _ new: [JSONValue], _ newGap: Range<Int>, at path: ValuePath, into changes: inout [ValueChange]) {
        let paired = min(oldGap.count, newGap.count)
        for offset in 0..<paired {
            compare(old[oldGap.lowerBound + offset], new[newGap.lowerBound + offset], at: path.appending(.index(newGap.lowerBound + offset)), into: &changes)
        }
        for index in (oldGap.lowerBound + paired)..<oldGap.upperBound {
            changes.append(ValueChange(path: path.appending(.index(index)), kind: .removed, before: .json(old[index]), after: nil))
        }
        for index in (newGap.lowerBound + paired)..<newGap.upperBound {
            changes.append(ValueChange(path: path.appending(.index(index)), kind: .added, before: nil, after: .json(new[index])))
        }
    }

    /// A longest common subsequence of equal elements, as (old index, new index) pairs.
    private static func alignment(_ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>) -> [(Int, Int)] {
        let rows = oldRange.count
        let columns = newRange.count
        // Hashes first: most pairs differ, and a hash comparison is cheaper than a deep one.
        let oldHashes = oldRange.map { old[$0].hashValue }
        let newHashes = newRange.map { new[$0].hashValue }
        func equal(_ i: Int, _ j: Int) -> Bool {
            oldHashes[i] == newHashes[j] && old[oldRange.lowerBound + i] == new[newRange.lowerBound + j]
        }
        // lengths[i][j]: the LCS of old[i...] and new[j...], in one flat table.
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        let width = columns + 1
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i * width + j] = equal(i, j)
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < rows, j < columns {
            if equal(i, j) {
                pairs.append((oldRange.lowerBound + i, newRange.lowerBound + j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}

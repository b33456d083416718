import Foundation

/// The keys of an object as its `encode(to:)` writes them, and what closing such an object
/// needs: their sorted order, and the text that goes before each value in that order.
///
/// Objects of one type have the same keys, so this is worked out once per type
/// (`FastJSONWriter` keeps the last few) and an object is then closed with plain copies.
/// A class, so that the writer holds a shape with one reference and reads its arrays in place.
final class FastJSONObjectShape {
    /// The keys in the order written.
    let keys: [String]
    /// Entry positions in sorted-key order; empty when the keys cannot be written as
    /// `JSONEncoder` would (a key twice, or canonically equivalent keys).
    let order: [Int]
    /// For each position in sorted order, `{` or `,`, then the quoted key and its colon, all
    /// back to back.
    let text: [UInt8]
    /// Where each position's text ends in `text`.
    let textEnds: [Int]

    /// How many shapes a writer keeps: a value rarely nests objects of more types than this.
    static let cacheSize = 8

    init(keys: [String]) {
        self.keys = keys
        order = Self.sortedOrder(keys)
        var text: [UInt8] = []
        var textEnds: [Int] = []
        for (position, index) in order.enumerated() {
            text.append(position == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            FastJSONBytes.appendString(keys[index], to: &text)
            text.append(UInt8(ascii: ":"))
            textEnds.append(text.count)
        }
        self.text = text
        self.textEnds = textEnds
    }

    /// The positions of `keys` in sorted order, or none when `JSONEncoder` would write the
    /// object differently from its entries: a key written twice (it keeps one) or keys that
    /// differ only in their Unicode normalization (it merges them).
    private static func sortedOrder(_ keys: [String]) -> [Int] {
        var order = Array(keys.indices)
        // Insertion sort: objects are small and often nearly sorted.
        for index in order.indices.dropFirst() {
            let moving = order[index]
            var slot = index
            while slot > 0, precedes(keys[moving], keys[order[slot - 1]]) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        for index in order.indices.dropFirst() where keys[order[index - 1]] == keys[order[index]] {
            return []
        }
        if keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } }), Set(keys).count != keys.count {
            return []
        }
        return order
    }

    /// UTF-8 byte order, as `.sortedKeys` orders keys.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }
}

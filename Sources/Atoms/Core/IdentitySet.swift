/// A set of objects compared by identity, iterated in insertion order until something is
/// removed.
///
/// Most atoms have a handful of downstream atoms and subscribers, where a linear scan
/// beats hashing; a position index is built only once the set grows large, so that
/// removing from a fan-out of thousands stays O(1).
struct IdentitySet<Element: AnyObject> {
    private(set) var items: ContiguousArray<Element> = []
    private var positions: [ObjectIdentifier: Int]?

    private static var indexThreshold: Int { 24 }

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    func contains(_ element: Element) -> Bool {
        position(of: element) != nil
    }

    /// Inserts the element; returns false if it was already present.
    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        if position(of: element) != nil { return false }
        items.append(element)
        if positions != nil {
            positions?[ObjectIdentifier(element)] = items.count - 1
        } else if items.count > Self.indexThreshold {
            var index: [ObjectIdentifier: Int] = [:]
            index.reserveCapacity(items.count * 2)
            for (offset, item) in items.enumerated() {
                index[ObjectIdentifier(item)] = offset
            }
            positions = index
        }
        return true
    }

    /// Removes the element; returns false if it was not present.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        guard let offset = position(of: element) else { return false }
        let last = items.count - 1
        if offset != last {
            items[offset] = items[last]
            positions?[ObjectIdentifier(items[offset])] = offset
        }
        items.removeLast()
        positions?[ObjectIdentifier(element)] = nil
        return true
    }

    mutating func removeAll() {
        items.removeAll()
        positions = nil
    }

    private func position(of element: Element) -> Int? {
        if let positions {
            return positions[ObjectIdentifier(element)]
        }
        return items.firstIndex { $0 === element }
    }
}

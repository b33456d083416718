/// A set of objects compared by identity, iterated in insertion order until something is
/// removed.
///
/// Most atoms have a handful of downstream atoms and subscribers, where a linear scan
/// beats hashing; a position index is built only once the set grows large, so that
/// removing from a fan-out of thousands stays O(1).
///
/// `Items` is the list that holds the elements: an array, which retains them (subscribers,
/// and what a subscriber watches), or a ``NodeList``, which does not (a node's downstream
/// nodes, read by propagation for every node it reaches).
struct IdentitySet<Items: IdentityItems> {
    typealias Element = Items.Element

    private(set) var items = Items()
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
            for offset in 0..<items.count {
                index[ObjectIdentifier(items[offset])] = offset
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
            let moved = items[last]
            items.replace(at: offset, with: moved)
            positions?[ObjectIdentifier(moved)] = offset
        }
        items.removeLastItem()
        positions?[ObjectIdentifier(element)] = nil
        return true
    }

    mutating func removeAll() {
        items.removeAllItems()
        positions = nil
    }

    /// Frees the items' memory if they manage it themselves; the set is not used afterwards.
    func deallocate() {
        items.deallocate()
    }

    private func position(of element: Element) -> Int? {
        if let positions {
            return positions[ObjectIdentifier(element)]
        }
        return items.firstIndex(identicalTo: element)
    }
}

/// The list an ``IdentitySet`` keeps its elements in.
protocol IdentityItems: RandomAccessCollection where Index == Int, Element: AnyObject {
    init()
    mutating func append(_ element: Element)
    mutating func replace(at position: Int, with element: Element)
    mutating func removeLastItem()
    mutating func removeAllItems()
    func firstIndex(identicalTo element: Element) -> Int?
    func deallocate()
}

extension ContiguousArray: IdentityItems where Element: AnyObject {
    mutating func replace(at position: Int, with element: Element) {
        self[position] = element
    }

    mutating func removeLastItem() {
        _ = popLast()
    }

    mutating func removeAllItems() {
        removeAll(keepingCapacity: false)
    }

    // A plain loop, not `firstIndex(where:)`: a main-actor closure handed to the standard
    // library checks at run time, on every call, that it runs on the main actor.
    func firstIndex(identicalTo element: Element) -> Int? {
        for index in indices where self[index] === element {
            return index
        }
        return nil
    }

    /// Nothing to free: the array manages its own memory.
    func deallocate() {}
}

extension NodeList: IdentityItems {
    mutating func removeLastItem() {
        removeLast()
    }

    mutating func removeAllItems() {
        removeAll()
    }
}

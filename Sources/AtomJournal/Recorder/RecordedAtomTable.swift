/// The recorded atoms by number: what the recorder looks up for every change, edge and
/// subscription of every commit.
///
/// A store numbers its atoms from 0 up and never reuses a number, so the table is an array of
/// pages of 256 slots indexed by the number's high bits: a lookup is two array reads, where a
/// `Dictionary<Int, _>` hashes the number with SipHash first. A page goes when its last atom is
/// released, so a long-running app that creates and releases atoms keeps one pointer per 256
/// numbers it ever used (8 MiB after half a billion atoms) and pages only for live ones.
/// Iteration is in number order, the order keyframes list atoms in.
struct RecordedAtomTable {
    private static let pageBits = 8
    private static let pageSize = 1 << pageBits

    private final class Page {
        // Unchecked: checking cost more than the rest of a lookup (about 150 instructions
        // per recorded change). Exclusivity holds without the check: a page is reachable only
        // through its table, which the recorder uses on one actor, and every access to these
        // fields is a single read or write of the array that calls no code that could reach
        // the page again (releasing a replaced `RecordedAtom` runs no code of the table).
        @exclusivity(unchecked) var slots = [RecordedAtom?](repeating: nil, count: RecordedAtomTable.pageSize)
        @exclusivity(unchecked) var count = 0
    }

    private var pages: [Page?] = []
    /// How many atoms the table holds.
    private(set) var count = 0

    subscript(number: Int) -> RecordedAtom? {
        guard number >= 0 else { return nil }
        let pageIndex = number >> Self.pageBits
        guard pageIndex < pages.count, let page = pages[pageIndex] else { return nil }
        return page.slots[number & (Self.pageSize - 1)]
    }

    func contains(_ number: Int) -> Bool {
        self[number] != nil
    }

    /// Enters `atom` under `number`, which holds none. A negative number (never made by a
    /// store) is not entered.
    mutating func insert(_ atom: RecordedAtom, at number: Int) {
        guard number >= 0 else { return }
        let pageIndex = number >> Self.pageBits
        if pageIndex >= pages.count {
            pages.append(contentsOf: repeatElement(nil, count: pageIndex + 1 - pages.count))
        }
        let page: Page
        if let existing = pages[pageIndex] {
            page = existing
        } else {
            page = Page()
            pages[pageIndex] = page
        }
        let slot = number & (Self.pageSize - 1)
        if page.slots[slot] == nil {
            page.count += 1
            count += 1
        }
        page.slots[slot] = atom
    }

    /// Removes the atom under `number`; returns whether there was one.
    @discardableResult
    mutating func remove(_ number: Int) -> Bool {
        guard number >= 0 else { return false }
        let pageIndex = number >> Self.pageBits
        guard pageIndex < pages.count, let page = pages[pageIndex] else { return false }
        let slot = number & (Self.pageSize - 1)
        guard page.slots[slot] != nil else { return false }
        page.slots[slot] = nil
        page.count -= 1
        count -= 1
        if page.count == 0 {
            pages[pageIndex] = nil
        }
        return true
    }

    /// Calls `body` with each atom and its number, in number order.
    func forEach(_ body: (Int, RecordedAtom) -> Void) {
        for (pageIndex, page) in pages.enumerated() {
            guard let page else { continue }
            for (slot, atom) in page.slots.enumerated() {
                if let atom { body(pageIndex << Self.pageBits | slot, atom) }
            }
        }
    }
}

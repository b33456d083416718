/// The recorded atoms by number: what the recorder looks up for every change, edge and
/// subscription of every commit.
///
/// A store numbers its atoms from 0 up and never reuses a number, so the table is an array of
/// pages of 256 slots indexed by the number's high bits: a lookup is two reads, where a
/// `Dictionary<Int, _>` hashes the number with SipHash first. A page goes when its last atom is
/// released, so a long-running app that creates and releases atoms keeps one pointer per 256
/// numbers it ever used (8 MiB after half a billion atoms) and pages only for live ones.
/// Iteration is in number order, the order keyframes list atoms in.
///
/// The pages are raw memory that the table owns, and a lookup hands out the slot's address:
/// reading a slot retains nothing, and the recorder updates a slot's scalar lane in place.
@MainActor
final class RecordedAtomTable {
    private static let pageBits = 8
    private static let pageSize = 1 << pageBits

    // Unchecked: a check costs more than the rest of a lookup. Exclusivity holds without it:
    // the table is reachable only through its recorder, on the main actor, and each access to
    // these fields is a single read or write of the array that calls no code that could reach
    // the table again (a released `RecordedAtom`'s deinit runs no code of the table).
    @exclusivity(unchecked) private var pages: [UnsafeMutablePointer<RecordedSlot>?] = []
    @exclusivity(unchecked) private var pageCounts: [Int] = []
    /// How many atoms the table holds.
    @exclusivity(unchecked) private(set) var count = 0

    init() {}

    isolated deinit {
        for page in pages {
            guard let page else { continue }
            page.deinitialize(count: Self.pageSize)
            page.deallocate()
        }
    }

    /// The slot of the atom under `number`, or `nil` when the table holds none. The address
    /// is valid until the table next inserts or removes an atom.
    @inline(__always)
    func slot(_ number: Int) -> UnsafeMutablePointer<RecordedSlot>? {
        guard number >= 0 else { return nil }
        let pageIndex = number >> Self.pageBits
        guard pageIndex < pages.count, let page = pages[pageIndex] else { return nil }
        let slot = page + (number & (Self.pageSize - 1))
        return slot.pointee.atom == nil ? nil : slot
    }

    subscript(number: Int) -> RecordedAtom? {
        slot(number)?.pointee.atom
    }

    func contains(_ number: Int) -> Bool {
        slot(number) != nil
    }

    /// Enters `atom` under `number`, with the scalar lane its values take. A negative number
    /// (never made by a store) is not entered.
    func insert(_ atom: RecordedAtom, lane: RecordedScalarLane, at number: Int) {
        guard number >= 0 else { return }
        let pageIndex = number >> Self.pageBits
        if pageIndex >= pages.count {
            pages.append(contentsOf: repeatElement(nil, count: pageIndex + 1 - pages.count))
            pageCounts.append(contentsOf: repeatElement(0, count: pageIndex + 1 - pageCounts.count))
        }
        let page: UnsafeMutablePointer<RecordedSlot>
        if let existing = pages[pageIndex] {
            page = existing
        } else {
            page = .allocate(capacity: Self.pageSize)
            page.initialize(repeating: RecordedSlot(), count: Self.pageSize)
            pages[pageIndex] = page
        }
        let slot = page + (number & (Self.pageSize - 1))
        if slot.pointee.atom == nil {
            pageCounts[pageIndex] += 1
            count += 1
        }
        slot.pointee = RecordedSlot(atom: atom, lane: lane, number: number)
    }

    /// Removes the atom under `number`; returns whether there was one.
    @discardableResult
    func remove(_ number: Int) -> Bool {
        guard let slot = slot(number) else { return false }
        let pageIndex = number >> Self.pageBits
        // Taken out before the slot is cleared, and dropped after the table's fields were
        // last touched.
        let removed = slot.pointee.atom
        slot.pointee = RecordedSlot()
        pageCounts[pageIndex] -= 1
        count -= 1
        if pageCounts[pageIndex] == 0, let page = pages[pageIndex] {
            pages[pageIndex] = nil
            page.deinitialize(count: Self.pageSize)
            page.deallocate()
        }
        withExtendedLifetime(removed) {}
        return true
    }

    /// Calls `body` with each atom's number and slot, in number order.
    func forEach(_ body: (Int, UnsafeMutablePointer<RecordedSlot>) -> Void) {
        for pageIndex in pages.indices {
            guard let page = pages[pageIndex] else { continue }
            for index in 0..<Self.pageSize where page[index].atom != nil {
                body(pageIndex << Self.pageBits | index, page + index)
            }
        }
    }
}

/// What the table keeps of one atom number.
struct RecordedSlot {
    /// The recorded atom; `nil` in a slot that holds none.
    var atom: RecordedAtom?
    /// How the atom's values can be written without its `RecordedAtom`, found once.
    let lane: RecordedScalarLane
    /// Whether the lane wrote the atom's last value, which is then `laneValue`.
    var laneIsLast = false
    /// The last value the lane wrote: an `Int`, or a `Bool` as 0 or 1.
    var laneValue = 0
    /// How each entry the `Int` lane writes begins, made once: the atom's number as a varint
    /// and the integer tag, in the low `integerHeadCount` bytes (little-endian); a count of 0
    /// when they take more than four bytes, and the entry is then made whole each time.
    let integerHead: UInt32
    let integerHeadCount: UInt8

    init() {
        lane = .none
        integerHead = 0
        integerHeadCount = 0
    }

    init(atom: RecordedAtom, lane: RecordedScalarLane, number: Int) {
        self.atom = atom
        self.lane = lane
        let head = lane == .int ? EntryBytes.integerEntryHead(atom: number) : nil
        integerHead = head?.bytes ?? 0
        integerHeadCount = head?.count ?? 0
    }
}

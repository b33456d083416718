import CCRC32C
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The timeline's index of when each atom changed, as a skim builds it: per slot (the atoms of
/// one id), the numbers of the steps that changed it and of those that recomputed it, each
/// step once, in order; and the tables a step's references are checked against.
///
/// The lists are in memory this object owns, in the layout the C skim appends to
/// (`atomscope_step_numbers`): a skim that notes (``StepSkimTarget/noting(_:)``) checks and
/// notes the usual steps in C, and the sink notes the others through ``noteChange(slot:step:)``
/// and ``noteRecompute(slot:step:)``, by the same rules. Used on one thread at a time.
///
/// Notes by atom number (``init(byNumber:)``) are a skim's while the index is still being built
/// and the definitions are not known: each number is its own slot, every number the tables
/// have room for passes the checks, and the numbers a step names are marked for the owner to
/// check against the definitions afterwards (`StepNoter`).
package final class StepNotes {
    // Exclusivity: the fields are not checked at run time (lending them to the C loop, once
    // a run of steps, checked six accesses, about 7 M instructions in an open of a million
    // steps). The notes are used on one thread at a time, and no access to a field can
    // overlap another: the methods call out only to the C loop (`withCNotes`), which calls
    // back into nothing, and to the allocator.
    @exclusivity(unchecked) private var changes: UnsafeMutableBufferPointer<atomscope_step_numbers>
    @exclusivity(unchecked) private var recomputes: UnsafeMutableBufferPointer<atomscope_step_numbers>
    @exclusivity(unchecked) private var slotOf: [Int32]
    @exclusivity(unchecked) private var locationTable: [Int32]
    @exclusivity(unchecked) private var subscriberTable: [Int32]
    /// For notes by number: the atoms, locations and subscribers named other than through a
    /// step's lists (``markNamed(_:)``), a bit each; empty otherwise.
    @exclusivity(unchecked) package private(set) var namedAtoms: [UInt64] = []
    @exclusivity(unchecked) package private(set) var namedLocations: [UInt64] = []
    @exclusivity(unchecked) package private(set) var namedSubscribers: [UInt64] = []
    /// Whether these are notes by number.
    let byNumber: Bool
    /// The position of the first step the C loop must leave to the sink.
    private let limit: Int
    /// The number (position plus one) of the last step the C loop noted, 0 before any.
    package internal(set) var lastNotedInC = 0

    /// Empty lists for `slots` slots. `slotOf`, `locations` and `subscribers` say which
    /// numbers the journal defines, as tables by number (-1 for a number it does not);
    /// steps from position `limit` on are left to the sink, which checks them itself.
    /// `steps` is how many steps the lists may be noted from (all of the journal's): each
    /// list gets room for that many at once when the room for all of them is within
    /// ``reservedRoom``, and grows as it fills otherwise.
    package init(slots: Int, slotOf: [Int32], locations: [Int32], subscribers: [Int32], limit: Int, steps: Int = 0) {
        let empty = atomscope_step_numbers(steps: nil, count: 0, capacity: 0)
        changes = .allocate(capacity: slots)
        changes.initialize(repeating: empty)
        recomputes = .allocate(capacity: slots)
        recomputes.initialize(repeating: empty)
        // Room is only address space until a step is noted in it: growing instead copied
        // each list at every doubling into memory touched for the first time (a step's
        // number written three times over, on average), and the copies were a fifth of the
        // pages a timeline's open faulted in.
        let room = min(max(steps, 0), Int(UInt32.max))
        let (bytes, overflow) = room.multipliedReportingOverflow(by: slots * 2 * MemoryLayout<Int32>.stride)
        if room > 0, !overflow, bytes <= Self.reservedRoom {
            // Where the system refuses that much address space (overcommit turned off), the
            // lists grow as they fill instead.
            for slot in 0..<slots {
                Self.reserve(room, in: changes.baseAddress.unsafelyUnwrapped + slot, orLeave: true)
                Self.reserve(room, in: recomputes.baseAddress.unsafelyUnwrapped + slot, orLeave: true)
            }
        }
        self.slotOf = slotOf
        locationTable = locations
        subscriberTable = subscribers
        self.limit = limit
        byNumber = false
    }

    /// Empty notes by atom number, with room for the numbers below `room` of atoms,
    /// locations and subscribers; ``grow(atoms:locations:subscribers:)`` makes more.
    package init(byNumber room: Int) {
        let empty = atomscope_step_numbers(steps: nil, count: 0, capacity: 0)
        changes = .allocate(capacity: room)
        changes.initialize(repeating: empty)
        recomputes = .allocate(capacity: room)
        recomputes.initialize(repeating: empty)
        slotOf = (0..<Int32(room)).map { $0 }
        locationTable = [Int32](repeating: 0, count: room)
        subscriberTable = [Int32](repeating: 0, count: room)
        namedAtoms = [UInt64](repeating: 0, count: (room + 63) / 64)
        namedLocations = namedAtoms
        namedSubscribers = namedAtoms
        limit = Int(Int32.max) - 1
        byNumber = true
    }

    /// How many atom numbers, locations and subscribers notes by number have room for.
    package var room: (atoms: Int, locations: Int, subscribers: Int) {
        (slotOf.count, locationTable.count, subscriberTable.count)
    }

    /// Makes room in notes by number for at least these many atom numbers, locations and
    /// subscribers.
    package func grow(atoms: Int, locations: Int, subscribers: Int) {
        precondition(byNumber, "only notes by number grow their tables")
        if atoms > slotOf.count {
            let old = slotOf.count
            let empty = atomscope_step_numbers(steps: nil, count: 0, capacity: 0)
            for lists in [\StepNotes.changes, \StepNotes.recomputes] {
                let larger = UnsafeMutableBufferPointer<atomscope_step_numbers>.allocate(capacity: atoms)
                _ = larger.moveInitialize(fromContentsOf: self[keyPath: lists])
                larger[old...].initialize(repeating: empty)
                self[keyPath: lists].deallocate()
                self[keyPath: lists] = larger
            }
            slotOf.append(contentsOf: (Int32(old)..<Int32(atoms)))
            namedAtoms.append(contentsOf: repeatElement(0, count: (atoms + 63) / 64 - namedAtoms.count))
        }
        if locations > locationTable.count {
            locationTable.append(contentsOf: repeatElement(0, count: locations - locationTable.count))
            namedLocations.append(contentsOf: repeatElement(0, count: (locations + 63) / 64 - namedLocations.count))
        }
        if subscribers > subscriberTable.count {
            subscriberTable.append(contentsOf: repeatElement(0, count: subscribers - subscriberTable.count))
            namedSubscribers.append(contentsOf: repeatElement(0, count: (subscribers + 63) / 64 - namedSubscribers.count))
        }
    }

    /// Marks, in notes by number, what a step names other than through its lists: its cause's
    /// atom and location, its edges' atoms, its subscriptions' atoms and subscribers. Each
    /// number must be below the room.
    package func markNamed(_ step: JournalStepChanges) {
        func mark(_ bits: inout [UInt64], _ number: Int) {
            bits[number >> 6] |= 1 << UInt64(number & 63)
        }
        if let atom = step.causeAtom { mark(&namedAtoms, atom) }
        if let location = step.causeLocation { mark(&namedLocations, location) }
        for edge in step.edges {
            mark(&namedAtoms, edge.first)
            mark(&namedAtoms, edge.second)
        }
        for subscription in step.subscriptions {
            mark(&namedAtoms, subscription.first)
            mark(&namedSubscribers, subscription.second)
        }
    }

    /// The numbers set in a bitmap of ``namedAtoms``' kind.
    package static func numbers(in bits: [UInt64]) -> [Int] {
        var numbers: [Int] = []
        for (word, value) in bits.enumerated() where value != 0 {
            var rest = value
            while rest != 0 {
                numbers.append(word * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return numbers
    }

    /// How many lists (slots, or numbers) the notes hold.
    package var slotCount: Int { changes.count }

    /// The most address space the lists are given at once (``init(slots:slotOf:locations:subscribers:limit:steps:)``):
    /// a journal of many atoms and many steps grows its lists instead.
    package static let reservedRoom = 512 << 20

    deinit {
        for slot in changes.indices {
            free(changes[slot].steps)
            free(recomputes[slot].steps)
        }
        changes.deallocate()
        recomputes.deallocate()
    }

    /// Notes that step `step` changed slot `slot`, unless the list already ends with it.
    @inline(__always)
    package func noteChange(slot: Int, step: Int32) {
        Self.note(step, in: changes.baseAddress.unsafelyUnwrapped + slot)
    }

    /// Notes that step `step` recomputed slot `slot`, unless the list already ends with it.
    @inline(__always)
    package func noteRecompute(slot: Int, step: Int32) {
        Self.note(step, in: recomputes.baseAddress.unsafelyUnwrapped + slot)
    }

    /// The steps that changed slot `slot`, valid until the next note.
    package func changes(ofSlot slot: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: changes[slot].steps, count: Int(changes[slot].count))
    }

    /// The steps that recomputed slot `slot`, valid until the next note.
    package func recomputes(ofSlot slot: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: recomputes[slot].steps, count: Int(recomputes[slot].count))
    }

    /// Adds the notes of later steps (a split skim's second half) after these; notes by
    /// number take the later notes' room and marks as well.
    package func append(_ later: StepNotes) {
        if byNumber {
            let room = later.room
            grow(atoms: room.atoms, locations: room.locations, subscribers: room.subscribers)
            for (index, word) in later.namedAtoms.enumerated() { namedAtoms[index] |= word }
            for (index, word) in later.namedLocations.enumerated() { namedLocations[index] |= word }
            for (index, word) in later.namedSubscribers.enumerated() { namedSubscribers[index] |= word }
        }
        for slot in later.changes.indices {
            Self.append(later.changes(ofSlot: slot), to: changes.baseAddress.unsafelyUnwrapped + slot)
            Self.append(later.recomputes(ofSlot: slot), to: recomputes.baseAddress.unsafelyUnwrapped + slot)
        }
    }

    /// Moves every noted step `offset` steps on: the notes by number of a split index's
    /// second half, which numbered its steps from its own first. Wrapping: a journal whose
    /// step numbers do not fit 32 bits fails the checks of the notes (`TimelineChangeIndex(noted:index:)`).
    package func shift(by offset: Int) {
        guard offset != 0 else { return }
        let delta = Int32(truncatingIfNeeded: offset)
        for lists in [changes, recomputes] {
            for slot in lists.indices {
                guard let steps = lists[slot].steps else { continue }
                for index in 0..<Int(lists[slot].count) { steps[index] &+= delta }
            }
        }
    }

    /// Gives back each list's room past its last step (a list that cannot be shrunk keeps it):
    /// the room given at once is address space the notes would hold for as long as they live,
    /// which counts against a process's limit on it. Shrinking in place copies nothing.
    package func trim() {
        for lists in [changes, recomputes] {
            for slot in lists.indices where lists[slot].capacity > lists[slot].count {
                let count = Int(lists[slot].count)
                guard count > 0 else {
                    free(lists[slot].steps)
                    lists[slot] = atomscope_step_numbers(steps: nil, count: 0, capacity: 0)
                    continue
                }
                guard let memory = realloc(lists[slot].steps, count * MemoryLayout<Int32>.stride) else { continue }
                lists[slot].steps = memory.bindMemory(to: Int32.self, capacity: count)
                lists[slot].capacity = UInt32(count)
            }
        }
    }

    /// Runs `body` with the C loop's view of these notes; the pointers are valid only there.
    func withCNotes<Result>(_ body: (inout atomscope_step_notes) -> Result) -> Result {
        let changes = changes, recomputes = recomputes, limit = limit
        return slotOf.withUnsafeBufferPointer { slotOf in
            locationTable.withUnsafeBufferPointer { locations in
                subscriberTable.withUnsafeBufferPointer { subscribers in
                    var notes = atomscope_step_notes(
                        slot_of: slotOf.baseAddress, numbered: slotOf.count,
                        location_table: locations.baseAddress, locations: locations.count,
                        subscriber_table: subscribers.baseAddress, subscribers: subscribers.count,
                        limit: Int64(limit), changes: changes.baseAddress, recomputes: recomputes.baseAddress,
                        full_slot: -1, full_recompute: 0, named_atoms: nil, named_locations: nil, named_subscribers: nil
                    )
                    // The bitmaps are lent only to notes by number: the others' are empty
                    // arrays, which are not to be made mutable (their storage is shared).
                    guard byNumber else { return body(&notes) }
                    return withMarks { atoms, locations, subscribers in
                        notes.named_atoms = atoms
                        notes.named_locations = locations
                        notes.named_subscribers = subscribers
                        return body(&notes)
                    }
                }
            }
        }
    }

    private func withMarks<Result>(
        _ body: (UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt64>?) -> Result
    ) -> Result {
        namedAtoms.withUnsafeMutableBufferPointer { atoms in
            namedLocations.withUnsafeMutableBufferPointer { locations in
                namedSubscribers.withUnsafeMutableBufferPointer { subscribers in
                    body(atoms.baseAddress, locations.baseAddress, subscribers.baseAddress)
                }
            }
        }
    }

    /// Makes room in the list the C loop found full.
    func grow(slot: Int, recompute: Bool) {
        let lists = recompute ? recomputes : changes
        Self.reserve(Int(lists[slot].count) + 1, in: lists.baseAddress.unsafelyUnwrapped + slot)
    }

    @inline(__always)
    private static func note(_ step: Int32, in list: UnsafeMutablePointer<atomscope_step_numbers>) {
        let count = Int(list.pointee.count)
        if count > 0, list.pointee.steps.unsafelyUnwrapped[count - 1] == step { return }
        if list.pointee.count == list.pointee.capacity { reserve(count + 1, in: list) }
        list.pointee.steps.unsafelyUnwrapped[count] = step
        list.pointee.count += 1
    }

    private static func append(_ steps: UnsafeBufferPointer<Int32>, to list: UnsafeMutablePointer<atomscope_step_numbers>) {
        guard let source = steps.baseAddress, !steps.isEmpty else { return }
        let count = Int(list.pointee.count)
        reserve(count + steps.count, in: list)
        (list.pointee.steps.unsafelyUnwrapped + count).initialize(from: source, count: steps.count)
        list.pointee.count += UInt32(steps.count)
    }

    /// Grows `list` to hold at least `needed` steps, doubling at least. A list holds at most a
    /// step per step of the journal, and the timeline refuses journals of 2^31 steps or more.
    ///
    /// With `realloc`: a large list (a slot changed by most of a million steps) is moved to
    /// its larger memory by remapping its pages, not copied, which cost the timeline's open a
    /// twentieth of its instructions and as many fresh pages again as the lists hold.
    /// With `orLeave`, a list the system has no memory for is left as it is.
    private static func reserve(_ needed: Int, in list: UnsafeMutablePointer<atomscope_step_numbers>, orLeave: Bool = false) {
        let capacity = Int(list.pointee.capacity)
        guard needed > capacity else { return }
        let larger = min(max(needed, 16, capacity * 2), Int(UInt32.max))
        guard let memory = realloc(list.pointee.steps, larger * MemoryLayout<Int32>.stride) else {
            if orLeave { return }
            // Out of memory: as an allocation that fails anywhere else in Swift, a trap.
            preconditionFailure("AtomJournal: no memory for \(larger) step numbers")
        }
        list.pointee.steps = memory.bindMemory(to: Int32.self, capacity: larger)
        list.pointee.capacity = UInt32(larger)
    }
}

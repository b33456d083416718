import AtomJournal

/// A slot for each distinct atom id a journal defines (several atom numbers may share an id),
/// and the way from a number to its slot, for passes that count something per atom over
/// every step: a table indexed by number when numbers are small and dense, as a store's are,
/// so that each entry costs a load rather than a hash.
struct AtomSlots {
    /// The ids, by slot, in order of the smallest number that has each.
    let ids: [String]
    /// The definition that gave each slot its id (the one with the smallest number).
    let definitions: [JournalAtomDefinition]
    /// Each id's slot.
    let slotOfID: [String: Int]
    private let slots: NumberTable

    init(_ atoms: [Int: JournalAtomDefinition]) {
        var ids: [String] = []
        var definitions: [JournalAtomDefinition] = []
        var slotOfID: [String: Int] = [:]
        var slots: [(number: Int, value: Int)] = []
        for definition in atoms.values.sorted(by: { $0.number < $1.number }) {
            let slot = slotOfID[definition.id] ?? {
                ids.append(definition.id)
                definitions.append(definition)
                slotOfID[definition.id] = ids.count - 1
                return ids.count - 1
            }()
            slots.append((definition.number, slot))
        }
        self.ids = ids
        self.definitions = definitions
        self.slotOfID = slotOfID
        self.slots = NumberTable(slots)
    }

    /// Each atom number's slot (-1 for a number the journal never defines), when the numbers
    /// are small and dense enough for a table.
    var slotTable: [Int32]? { slots.table }

    /// The slot of an atom number, or `nil` when the journal never defines it.
    @inline(__always)
    func slot(of number: Int) -> Int? {
        slots[number]
    }
}

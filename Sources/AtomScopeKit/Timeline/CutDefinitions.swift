import AtomJournal

/// The definitions a cut journal (``Timeline/writeJournal(upTo:to:)``) needs, handed out as
/// its records are written: each atom, subscriber and location a record refers to, once,
/// before the first record that refers to it, and none that no kept record refers to.
struct CutDefinitions {
    private let index: JournalIndex
    private var atoms = Set<Int>()
    private var subscribers = Set<Int>()
    private var locations = Set<Int>()

    init(index: JournalIndex) {
        self.index = index
    }

    /// The definitions of what `record` refers to that no earlier record did: atoms, then
    /// subscribers, then locations, each by number. A number the journal never defines has
    /// none to write.
    mutating func firstUses(in record: JournalRecord) -> [JournalRecord] {
        var atoms: [Int] = []
        var subscribers: [Int] = []
        var locations: [Int] = []
        func refer(to edges: [JournalEdge]) {
            for edge in edges {
                atoms.append(edge.upstream)
                atoms.append(edge.downstream)
            }
        }
        func refer(to subscriptions: [JournalSubscription]) {
            for subscription in subscriptions {
                atoms.append(subscription.atom)
                subscribers.append(subscription.subscriber)
            }
        }
        switch record {
        case .step(let step):
            atoms += step.initialized.map(\.atom)
            atoms += step.updated.map(\.atom)
            atoms += step.released
            atoms += step.recomputed
            if let cause = step.causeAtom { atoms.append(cause) }
            if let location = step.causeLocation { locations.append(location) }
            refer(to: step.edgesAdded)
            refer(to: step.edgesRemoved)
            refer(to: step.subscriptionsAdded)
            refer(to: step.subscriptionsRemoved)
        case .keyframe(let keyframe):
            atoms += keyframe.atoms.map(\.atom)
            refer(to: keyframe.edges)
            refer(to: keyframe.subscriptions)
        default:
            break
        }
        let index = index
        return Self.new(atoms, besides: &self.atoms) { index.atoms[$0].map(JournalRecord.atomDefinition) }
            + Self.new(subscribers, besides: &self.subscribers) { index.subscribers[$0].map(JournalRecord.subscriberDefinition) }
            + Self.new(locations, besides: &self.locations) { index.locations[$0].map(JournalRecord.locationDefinition) }
    }

    /// The definitions of the numbers not yet in `written`, by number, which are then added.
    private static func new(_ numbers: [Int], besides written: inout Set<Int>, definition: (Int) -> JournalRecord?) -> [JournalRecord] {
        Set(numbers).subtracting(written).sorted().compactMap { number in
            written.insert(number)
            return definition(number)
        }
    }
}

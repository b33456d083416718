import AtomJournal

/// The names a journal gives its numbers: atoms, subscribers and source locations. Shared,
/// immutable, by every state and step of a timeline.
final class TimelineCatalog: Sendable {
    /// Atom definitions by number.
    let atoms: [Int: TimelineAtom]
    /// Atom ids by number: the lookup every replayed change makes.
    let ids: [Int: String]
    /// The latest definition of each atom id.
    let atomsByID: [String: TimelineAtom]
    /// Every atom id, sorted.
    let atomIDs: [String]
    /// Subscriber locations (`Module/File.swift:line`, where each first watched) by number.
    let subscribers: [Int: String]
    /// The names given to subscribers' contexts, by number; unnamed subscribers are absent.
    let subscriberNames: [Int: String]
    /// Source locations (`Module/File.swift:line`) by number.
    let locations: [Int: String]
    /// The journal's start time, in microseconds since 1970.
    let startTime: Int64?
    /// By atom number, the place of its id in ``atomIDs``, so that a step's names are sorted
    /// as numbers.
    let ranks: NumberTable

    init(index: JournalIndex, startTime: Int64?) {
        var atoms: [Int: TimelineAtom] = [:]
        var byID: [String: TimelineAtom] = [:]
        for number in index.atoms.keys.sorted() {
            guard let definition = index.atoms[number] else { continue }
            let atom = TimelineAtom(definition)
            atoms[number] = atom
            byID[atom.id] = atom
        }
        self.atoms = atoms
        ids = atoms.mapValues(\.id)
        atomsByID = byID
        atomIDs = byID.keys.sorted()
        subscribers = index.subscribers.mapValues { "\($0.fileID):\($0.line)" }
        subscriberNames = index.subscribers.compactMapValues(\.name)
        locations = index.locations.mapValues { "\($0.fileID):\($0.line)" }
        self.startTime = startTime
        let place = Dictionary(atomIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        ranks = NumberTable(atoms.compactMap { number, atom in place[atom.id].map { (number, $0) } })
    }

    /// The ids of the atoms `numbers`, sorted by id as `sorted()` sorts them, and with
    /// `unique` each id once (the first of its numbers): what sorting the ids would give,
    /// found by sorting their places in ``atomIDs``. `nil` when a number has no place (the
    /// journal does not define it), for the caller to sort the ids themselves.
    func sortedIDs(ofAtoms numbers: [Int], unique: Bool) -> [String]? {
        var placed: [(rank: Int, order: Int, number: Int)] = []
        placed.reserveCapacity(numbers.count)
        for (order, number) in numbers.enumerated() {
            guard let rank = ranks[number] else { return nil }
            placed.append((rank, order, number))
        }
        // By place, and among equal ids by their order in the step, as a stable sort keeps them.
        placed.sort { ($0.rank, $0.order) < ($1.rank, $1.order) }
        var result: [String] = []
        result.reserveCapacity(placed.count)
        var last = -1
        for entry in placed where !unique || entry.rank != last {
            last = entry.rank
            result.append(id(ofAtom: entry.number))
        }
        return result
    }

    /// The id of an atom number; a number the journal never defined is shown as `#n`.
    func id(ofAtom number: Int) -> String {
        ids[number] ?? "#\(number)"
    }

    /// The location of a subscriber number.
    func subscriberLocation(_ number: Int) -> String {
        subscribers[number] ?? "subscriber #\(number)"
    }

    /// The location of a location number.
    func location(_ number: Int) -> String {
        locations[number] ?? "location #\(number)"
    }

    func edge(_ edge: JournalEdge) -> TimelineEdge {
        TimelineEdge(upstream: id(ofAtom: edge.upstream), downstream: id(ofAtom: edge.downstream))
    }

    func subscription(_ subscription: JournalSubscription) -> TimelineSubscription {
        TimelineSubscription(
            atom: id(ofAtom: subscription.atom),
            subscriber: subscriberLocation(subscription.subscriber),
            name: subscriberNames[subscription.subscriber]
        )
    }
}

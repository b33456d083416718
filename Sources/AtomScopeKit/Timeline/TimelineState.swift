import AtomJournal
import Foundation

/// The state of the recorded store after a step: every live atom's value, the dependency
/// edges and the subscriptions, all by atom id.
///
/// Step 0 is the state before the first step. Ids come from the journal's definitions; an
/// atom released and created again keeps its id, so everything here is keyed by id.
public struct TimelineState: Sendable {
    /// The step after which this is the state; 0 before the first step.
    public internal(set) var step: Int
    /// The store's commit number after that step.
    public internal(set) var commit: Int
    /// Microseconds since the journal's start.
    public internal(set) var time: Int64
    /// Every live atom's recorded value, by id.
    public private(set) var values: [String: JournalValue] = [:]
    /// Every dependency between live atoms.
    public private(set) var edges: Set<TimelineEdge> = []
    /// Every subscription.
    public private(set) var subscriptions: Set<TimelineSubscription> = []

    let catalog: TimelineCatalog
    /// The state by number, exactly as the recorder kept it: the truth the views by id
    /// above are kept in step with.
    private var raw = RawState()
    /// Ids (edges, subscriptions) that more than one live number maps to, with how many;
    /// almost always empty.
    private var sharedIDs: [String: Int] = [:]
    private var sharedEdges: [TimelineEdge: Int] = [:]
    private var sharedSubscriptions: [TimelineSubscription: Int] = [:]

    private struct RawState {
        var values: [Int: JournalValue] = [:]
        var edges: Set<JournalEdge> = []
        var subscriptions: Set<JournalSubscription> = []
    }

    /// An empty state.
    init(catalog: TimelineCatalog, step: Int, commit: Int, time: Int64) {
        self.catalog = catalog
        self.step = step
        self.commit = commit
        self.time = time
    }

    /// The state a keyframe holds.
    init(catalog: TimelineCatalog, keyframe: JournalKeyframe, step: Int, commit: Int, time: Int64) {
        self.init(catalog: catalog, step: step, commit: commit, time: time)
        values.reserveCapacity(keyframe.atoms.count)
        raw.values.reserveCapacity(keyframe.atoms.count)
        edges.reserveCapacity(keyframe.edges.count)
        raw.edges.reserveCapacity(keyframe.edges.count)
        subscriptions.reserveCapacity(keyframe.subscriptions.count)
        raw.subscriptions.reserveCapacity(keyframe.subscriptions.count)
        for entry in keyframe.atoms {
            set(entry.value, of: entry.atom)
        }
        for edge in keyframe.edges {
            insert(edge)
        }
        for subscription in keyframe.subscriptions {
            insert(subscription)
        }
    }

    // MARK: Reading

    /// The wall-clock time of the state, when the journal's header has its start time.
    public var date: Date? { TimelineDates.date(start: catalog.startTime, offset: time) }

    /// The ids of the live atoms, sorted.
    public var atomIDs: [String] { values.keys.sorted() }

    /// The live atoms' definitions, sorted by id.
    public var atoms: [TimelineAtom] {
        atomIDs.map { catalog.atomsByID[$0] ?? TimelineAtom(id: $0, kind: "unknown", valueType: "unknown", isRestorable: false, isSensitive: false, isKeepAlive: false) }
    }

    /// An atom's definition (kind, value type, restorable, sensitive), if the journal
    /// defines the id.
    public func atom(_ id: String) -> TimelineAtom? {
        catalog.atomsByID[id]
    }

    /// An atom's value, if it is live.
    public func value(of id: String) -> JournalValue? {
        values[id]
    }

    /// The atoms `id` watches, sorted.
    public func upstreams(of id: String) -> [String] {
        edges.filter { $0.downstream == id }.map(\.upstream).sorted()
    }

    /// The atoms that watch `id`, sorted.
    public func downstreams(of id: String) -> [String] {
        edges.filter { $0.upstream == id }.map(\.downstream).sorted()
    }

    /// The subscribers that watch `id`, as tools show them (by name, or `File.swift:line`
    /// without one), sorted.
    public func subscribers(of id: String) -> [String] {
        subscriptions.filter { $0.atom == id }.map(\.subscriberLabel).sorted()
    }

    /// An atom's value by its number in the journal, if it is live.
    func value(ofNumber number: Int) -> JournalValue? {
        raw.values[number]
    }

    /// The state as a keyframe, by number, sorted as the recorder sorts it.
    func keyframe() -> JournalKeyframe {
        JournalKeyframe(
            commit: commit,
            time: time,
            atoms: raw.values.keys.sorted().map { JournalValueEntry(atom: $0, value: raw.values[$0] ?? .absent) },
            edges: raw.edges.sorted { ($0.upstream, $0.downstream) < ($1.upstream, $1.downstream) },
            subscriptions: raw.subscriptions.sorted { ($0.atom, $0.subscriber) < ($1.atom, $1.subscriber) }
        )
    }

    // MARK: Replaying

    /// Applies a step, in the order the recorder applied its change set to the state it
    /// keeps for keyframes, so that replaying and seeking to a keyframe agree. A patched
    /// value (format 1.3) is the atom's value before the step with the patch applied.
    ///
    /// - Throws: ``JournalPatchError`` when a patch does not fit the value it patches; the
    ///   state is then partly updated and must not be used.
    mutating func apply(_ step: JournalStep, number: Int) throws(JournalPatchError) {
        for entry in step.initialized {
            set(entry.value, of: entry.atom)
        }
        for entry in step.updated {
            if !step.patches.isEmpty, let patch = step.patches.first(where: { $0.atom == entry.atom }) {
                set(try patch.apply(to: raw.values[entry.atom] ?? .absent), of: entry.atom)
            } else {
                set(entry.value, of: entry.atom)
            }
        }
        for edge in step.edgesAdded {
            insert(edge)
        }
        for edge in step.edgesRemoved {
            remove(edge)
        }
        for subscription in step.subscriptionsAdded {
            insert(subscription)
        }
        for subscription in step.subscriptionsRemoved {
            remove(subscription)
        }
        for atom in step.released {
            release(atom)
        }
        self.step = number
        commit = step.commit
        time = step.time
    }

    private mutating func set(_ value: JournalValue, of number: Int) {
        let id = catalog.id(ofAtom: number)
        if raw.values.updateValue(value, forKey: number) == nil, values[id] != nil {
            sharedIDs[id, default: 1] += 1
        }
        values[id] = value
    }

    private mutating func release(_ number: Int) {
        guard raw.values.removeValue(forKey: number) != nil else { return }
        let id = catalog.id(ofAtom: number)
        guard let count = sharedIDs[id] else {
            values[id] = nil
            return
        }
        sharedIDs[id] = count > 2 ? count - 1 : nil
        // Another live number has the same id: show its value, the newest number's first.
        let other = raw.values.keys.filter { catalog.id(ofAtom: $0) == id }.max()
        values[id] = other.flatMap { raw.values[$0] }
    }

    private mutating func insert(_ edge: JournalEdge) {
        guard raw.edges.insert(edge).inserted else { return }
        let named = catalog.edge(edge)
        if !edges.insert(named).inserted {
            sharedEdges[named, default: 1] += 1
        }
    }

    private mutating func remove(_ edge: JournalEdge) {
        guard raw.edges.remove(edge) != nil else { return }
        let named = catalog.edge(edge)
        if let count = sharedEdges[named] {
            sharedEdges[named] = count > 2 ? count - 1 : nil
        } else {
            edges.remove(named)
        }
    }

    private mutating func insert(_ subscription: JournalSubscription) {
        guard raw.subscriptions.insert(subscription).inserted else { return }
        let named = catalog.subscription(subscription)
        if !subscriptions.insert(named).inserted {
            sharedSubscriptions[named, default: 1] += 1
        }
    }

    private mutating func remove(_ subscription: JournalSubscription) {
        guard raw.subscriptions.remove(subscription) != nil else { return }
        let named = catalog.subscription(subscription)
        if let count = sharedSubscriptions[named] {
            sharedSubscriptions[named] = count > 2 ? count - 1 : nil
        } else {
            subscriptions.remove(named)
        }
    }
}

extension TimelineState: Equatable {
    /// States are equal when they are at the same step and commit and hold the same values,
    /// edges and subscriptions, whichever journal they came from.
    public static func == (lhs: TimelineState, rhs: TimelineState) -> Bool {
        lhs.step == rhs.step && lhs.commit == rhs.commit && lhs.time == rhs.time
            && lhs.values == rhs.values && lhs.edges == rhs.edges && lhs.subscriptions == rhs.subscriptions
    }
}

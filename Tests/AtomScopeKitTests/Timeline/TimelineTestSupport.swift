import AtomJournal
import AtomScopeKit
import Foundation

/// The fixture journals, found from this file's path, and helpers shared by the timeline
/// and diff tests.
enum TimelineFixtures {
    /// The repository root: this file is `Tests/AtomScopeKitTests/Timeline/…`.
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let todo = root.appending(path: "fixtures/todo.journal")
    static let counter = root.appending(path: "fixtures/counter.journal")
    static let good = [todo, counter]

    static func damaged(_ name: String) -> URL {
        root.appending(path: "fixtures/damaged/\(name)")
    }

    /// A fresh folder for files a test writes.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "timeline-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// A state by id, computed the slow and obvious way: every record of the journal from the
/// start, applied by number as the recorder keeps its state, then named.
struct ReferenceState: Equatable {
    var values: [String: JournalValue]
    var edges: Set<TimelineEdge>
    var subscriptions: Set<TimelineSubscription>

    init(values: [String: JournalValue], edges: Set<TimelineEdge>, subscriptions: Set<TimelineSubscription>) {
        self.values = values
        self.edges = edges
        self.subscriptions = subscriptions
    }

    init(_ state: TimelineState) {
        self.init(values: state.values, edges: state.edges, subscriptions: state.subscriptions)
    }
}

/// Replays a journal linearly from its records, without the timeline.
struct ReferenceReplay {
    /// The state after each step, from step 0.
    private(set) var states: [ReferenceState] = []
    /// The decoded steps, in order.
    private(set) var steps: [JournalStep] = []
    /// The keyframes and the step count before each.
    private(set) var keyframes: [(stepCount: Int, keyframe: JournalKeyframe)] = []
    private(set) var atoms: [Int: String] = [:]
    private(set) var subscribers: [Int: (location: String, name: String?)] = [:]

    init(url: URL) throws {
        let records = try JournalReader(url: url).readAll().records
        for record in records {
            switch record {
            case .atomDefinition(let definition): atoms[definition.number] = definition.id
            case .subscriberDefinition(let definition): subscribers[definition.number] = ("\(definition.fileID):\(definition.line)", definition.name)
            case .step(let step): steps.append(step)
            case .keyframe(let keyframe): keyframes.append((steps.count, keyframe))
            default: break
            }
        }
        var values: [Int: JournalValue] = [:]
        var edges: Set<JournalEdge> = []
        var subscriptions: Set<JournalSubscription> = []
        if let first = keyframes.first, first.stepCount == 0 {
            for entry in first.keyframe.atoms { values[entry.atom] = entry.value }
            edges = Set(first.keyframe.edges)
            subscriptions = Set(first.keyframe.subscriptions)
        }
        states.append(name(values, edges, subscriptions))
        for step in steps {
            for entry in step.initialized { values[entry.atom] = entry.value }
            for entry in step.updated {
                // A patched value (format 1.3) is the value before with the edits applied.
                if let patch = step.patches.first(where: { $0.atom == entry.atom }) {
                    values[entry.atom] = try patch.apply(to: values[entry.atom] ?? .absent)
                } else {
                    values[entry.atom] = entry.value
                }
            }
            edges.formUnion(step.edgesAdded)
            edges.subtract(step.edgesRemoved)
            subscriptions.formUnion(step.subscriptionsAdded)
            subscriptions.subtract(step.subscriptionsRemoved)
            for atom in step.released { values[atom] = nil }
            states.append(name(values, edges, subscriptions))
        }
    }

    func name(_ values: [Int: JournalValue], _ edges: Set<JournalEdge>, _ subscriptions: Set<JournalSubscription>) -> ReferenceState {
        var named: [String: JournalValue] = [:]
        for number in values.keys.sorted() {
            named[atoms[number] ?? "#\(number)"] = values[number]
        }
        return ReferenceState(
            values: named,
            edges: Set(edges.map { TimelineEdge(upstream: atoms[$0.upstream] ?? "#\($0.upstream)", downstream: atoms[$0.downstream] ?? "#\($0.downstream)") }),
            subscriptions: Set(subscriptions.map { TimelineSubscription(atom: atoms[$0.atom] ?? "#\($0.atom)", subscriber: subscribers[$0.subscriber]?.location ?? "subscriber #\($0.subscriber)", name: subscribers[$0.subscriber]?.name) })
        )
    }

    /// The ids each step initialized, updated or released, by step number from 1.
    func changes(of id: String) -> [Int] {
        steps.enumerated().compactMap { position, step in
            let numbers = step.initialized.map(\.atom) + step.updated.map(\.atom) + step.released
            return numbers.contains { atoms[$0] == id } ? position + 1 : nil
        }
    }
}
